// POST /api/v1/books/import — a new book from a manuscript
import { routeHandlers } from "@/server/http/route-handlers";
import { importBookEndpoint } from "@/server/http/endpoints/convert";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(importBookEndpoint);
