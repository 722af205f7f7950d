// GET /api/v1/openapi.json — the OpenAPI 3.1 document of the REST API (raw JSON, no envelope, no auth)
import { AppError } from "@/server/errors";
import { failure, success } from "@/server/http/envelope";
import { ORIGINAL_METHOD_HEADER } from "@/server/request/node-requests.mjs";
import { openApiDocument } from "@/server/http/openapi";

const ALLOW = "GET, HEAD, OPTIONS";

export function GET(): Response {
  return Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
}

// Next would answer OPTIONS itself, listing every exported method, the 405s below included.
export function OPTIONS(request: Request): Response {
  // TRACE arrives as OPTIONS (server/request/node-requests.mjs).
  if (request.headers.has(ORIGINAL_METHOD_HEADER)) return notAllowed();
  return success({ methods: ALLOW.split(", "), attributes: [] }, 200, { allow: ALLOW });
}

// Every other method answers 405 in the error envelope, as the API's own routes do.
function notAllowed(): Response {
  const response = failure(new AppError("method_not_allowed", "Only GET is allowed here."));
  response.headers.set("allow", ALLOW);
  return response;
}

export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
