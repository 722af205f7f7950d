// POST /api/v1/convert — convert a document
import { routeHandlers } from "@/server/http/route-handlers";
import { convertEndpoint } from "@/server/http/endpoints/convert";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(convertEndpoint);
