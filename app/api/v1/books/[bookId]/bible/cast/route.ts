// POST /api/v1/books/{bookId}/bible/cast — a proposed cast member into the bible
import { routeHandlers } from "@/server/http/route-handlers";
import { addCastMemberEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(addCastMemberEndpoint);
