// GET, PUT, PATCH, DELETE /api/v1/books/{bookId} — one book
import { routeHandlers } from "@/server/http/route-handlers";
import {
  deleteBookEndpoint,
  getBookEndpoint,
  patchBookEndpoint,
  replaceBookEndpoint,
} from "@/server/http/endpoints/books";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(
  getBookEndpoint,
  replaceBookEndpoint,
  patchBookEndpoint,
  deleteBookEndpoint,
);
