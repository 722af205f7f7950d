// GET /api/v1/books/{bookId}/progress — a book's count over time
import { routeHandlers } from "@/server/http/route-handlers";
import { bookProgressEndpoint } from "@/server/http/endpoints/goals";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(bookProgressEndpoint);
