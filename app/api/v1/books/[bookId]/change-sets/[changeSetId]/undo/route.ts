// POST /api/v1/books/{bookId}/change-sets/{changeSetId}/undo — undo a replace
import { routeHandlers } from "@/server/http/route-handlers";
import { undoChangeSetEndpoint } from "@/server/http/endpoints/search";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(undoChangeSetEndpoint);
