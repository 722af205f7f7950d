// POST /api/v1/books/{bookId}/import — chapters from a manuscript
import { routeHandlers } from "@/server/http/route-handlers";
import { importChaptersEndpoint } from "@/server/http/endpoints/convert";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(importChaptersEndpoint);
