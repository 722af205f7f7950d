// GET, PUT /api/v1/books/{bookId}/release-plan — the release plan
import { routeHandlers } from "@/server/http/route-handlers";
import { releasePlanEndpoint, setReleasePlanEndpoint } from "@/server/http/endpoints/goals";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(releasePlanEndpoint, setReleasePlanEndpoint);
