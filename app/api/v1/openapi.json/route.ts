// GET /api/v1/openapi.json — the OpenAPI 3.1 document of the REST API (raw JSON, no envelope, no auth)
import { AppError } from "@/server/errors";
import { failure } from "@/server/http/envelope";
import { openApiDocument } from "@/server/http/openapi";

export function GET(): Response {
  return Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
}

// Every other method answers 405 in the error envelope, as the API's own routes do.
function notAllowed(): Response {
  const response = failure(new AppError("method_not_allowed", "Only GET is allowed here."));
  response.headers.set("allow", "GET, HEAD, OPTIONS");
  return response;
}

export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
