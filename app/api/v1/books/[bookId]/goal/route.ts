// GET, PATCH /api/v1/books/{bookId}/goal — a book's target and deadline
import { routeHandlers } from "@/server/http/route-handlers";
import { bookGoalEndpoint, setBookGoalEndpoint } from "@/server/http/endpoints/goals";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(bookGoalEndpoint, setBookGoalEndpoint);
