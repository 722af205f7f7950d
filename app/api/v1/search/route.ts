// GET /api/v1/search — search the whole library
import { routeHandlers } from "@/server/http/route-handlers";
import { searchLibraryEndpoint } from "@/server/http/endpoints/search";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(searchLibraryEndpoint);
