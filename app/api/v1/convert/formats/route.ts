// GET /api/v1/convert/formats — the formats Inkstone reads and writes
import { routeHandlers } from "@/server/http/route-handlers";
import { listFormatsEndpoint } from "@/server/http/endpoints/convert";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(listFormatsEndpoint);
