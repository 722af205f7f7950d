// GET …/chapters/{chapterId}/bible — the entries named in a chapter
import { routeHandlers } from "@/server/http/route-handlers";
import { chapterMentionsEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(chapterMentionsEndpoint);
