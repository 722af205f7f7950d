import { getBackMatter } from "../../back-matter/get-back-matter";
import { backMatterSchema, updateBackMatterInput } from "../../back-matter/schemas";
import { updateBackMatter } from "../../back-matter/update-back-matter";
import { defineEndpoint } from "../endpoint";

// GET /api/v1/users/me/back-matter — the back matter the caller's books print unless a book says otherwise
export const backMatterEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/back-matter",
  summary: "Your about-the-author page, acknowledgements and \"also by\" list, which each of your books prints after its last chapter unless the book has its own or leaves them out",
  operation: "backMatter.get",
  auth: "required",
  success: { status: 200, description: "your back matter", schema: backMatterSchema },
  run: (_, principal) => getBackMatter(principal),
});

// PATCH /api/v1/users/me/back-matter — change some of it
export const updateBackMatterEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/users/me/back-matter",
  summary: "Change your back matter (an \"also by\" entry naming a book or series that is not yours, a control character or an over-long text is 422)",
  operation: "backMatter.update",
  auth: "required",
  body: { schema: updateBackMatterInput },
  writableAttributes: ["aboutAuthor", "acknowledgements", "alsoBy"],
  success: { status: 201, description: "your back matter as saved", schema: backMatterSchema },
  run: updateBackMatter,
});
