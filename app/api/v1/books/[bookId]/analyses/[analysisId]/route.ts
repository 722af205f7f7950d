// GET /api/v1/books/{bookId}/analyses/{analysisId} — one kept analysis
import { routeHandlers } from "@/server/http/endpoint";
import { getAnalysisEndpoint } from "@/server/http/endpoints/analysis-runs";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getAnalysisEndpoint);
