// POST /api/v1/books/{bookId}/analyses/batch — several templates on a book, read once
import { routeHandlers } from "@/server/http/route-handlers";
import { runAnalysesEndpoint } from "@/server/http/endpoints/analysis-runs";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(runAnalysesEndpoint);
