// POST /api/v1/books/{bookId}/chapters/{chapterId}/untrash — take a chapter out of the book's trash
import { routeHandlers } from "@/server/http/route-handlers";
import { untrashChapterEndpoint } from "@/server/http/endpoints/chapters";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(untrashChapterEndpoint);
