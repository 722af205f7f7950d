// GET, PUT, PATCH, DELETE /api/v1/books/{bookId}/chapters/{chapterId} — one chapter
import { routeHandlers } from "@/server/http/route-handlers";
import {
  deleteChapterEndpoint,
  getChapterEndpoint,
  patchChapterEndpoint,
  replaceChapterEndpoint,
} from "@/server/http/endpoints/chapters";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(
  getChapterEndpoint,
  replaceChapterEndpoint,
  patchChapterEndpoint,
  deleteChapterEndpoint,
);
