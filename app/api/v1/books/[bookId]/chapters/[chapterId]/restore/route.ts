// POST /api/v1/books/{bookId}/chapters/{chapterId}/restore — the older address of …/untrash
import { routeHandlers } from "@/server/http/route-handlers";
import { untrashChapterOldEndpoint } from "@/server/http/endpoints/chapters";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(untrashChapterOldEndpoint);
