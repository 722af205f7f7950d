// GET, POST /api/v1/books/{bookId}/bible/relations — the graph
import { routeHandlers } from "@/server/http/route-handlers";
import { listRelationsEndpoint, createRelationEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(listRelationsEndpoint, createRelationEndpoint);
