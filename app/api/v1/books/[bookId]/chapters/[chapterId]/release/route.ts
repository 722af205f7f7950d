// PATCH /api/v1/books/{bookId}/chapters/{chapterId}/release — a chapter's release
import { routeHandlers } from "@/server/http/route-handlers";
import { setChapterReleaseEndpoint } from "@/server/http/endpoints/goals";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(setChapterReleaseEndpoint);
