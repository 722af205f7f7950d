// GET, POST /api/v1/books/{bookId}/bible/entries — a book's bible entries
import { routeHandlers } from "@/server/http/route-handlers";
import { listEntriesEndpoint, createEntryEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(listEntriesEndpoint, createEntryEndpoint);
