// GET, PATCH, DELETE /api/v1/books/{bookId}/bible/entries/{entryId} — one entry
import { routeHandlers } from "@/server/http/route-handlers";
import { getEntryEndpoint, updateEntryEndpoint, deleteEntryEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getEntryEndpoint, updateEntryEndpoint, deleteEntryEndpoint);
