// POST /api/v1/books/{bookId}/bible/import — many entries at once
import { routeHandlers } from "@/server/http/route-handlers";
import { importEntriesEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(importEntriesEndpoint);
