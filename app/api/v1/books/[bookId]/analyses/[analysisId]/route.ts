// GET, DELETE /api/v1/books/{bookId}/analyses/{analysisId} — one kept analysis
import { routeHandlers } from "@/server/http/route-handlers";
import { deleteAnalysisEndpoint, getAnalysisEndpoint } from "@/server/http/endpoints/analysis-runs";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getAnalysisEndpoint, deleteAnalysisEndpoint);
