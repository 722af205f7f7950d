// GET /api/v1/books — list books · POST — create a book
import { routeHandlers } from "@/server/http/route-handlers";
import { createBookEndpoint, listBooksEndpoint } from "@/server/http/endpoints/books";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(listBooksEndpoint, createBookEndpoint);
