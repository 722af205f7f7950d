// GET, POST /api/v1/books/{bookId}/analyses — a book's kept analyses; run one
import { routeHandlers } from "@/server/http/route-handlers";
import { listAnalysesEndpoint, runAnalysisEndpoint } from "@/server/http/endpoints/analysis-runs";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(listAnalysesEndpoint, runAnalysisEndpoint);
