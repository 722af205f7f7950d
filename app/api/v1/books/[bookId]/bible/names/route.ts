// GET /api/v1/books/{bookId}/bible/names — every name, for the editor
import { routeHandlers } from "@/server/http/route-handlers";
import { entryNamesEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(entryNamesEndpoint);
