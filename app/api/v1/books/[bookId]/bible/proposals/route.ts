// GET /api/v1/books/{bookId}/bible/proposals — characters the text proposes for the bible
import { routeHandlers } from "@/server/http/route-handlers";
import { proposalsEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(proposalsEndpoint);
