import { NextResponse, type NextRequest } from "next/server";
import { AppError } from "./server/errors";
import { failure } from "./server/http/envelope";
import { API_HEADERS, COMMON_HEADERS, pagePolicy } from "./server/http/security-headers.mjs";
import { isEditorPageRequest } from "./server/http/editor-page-route.mjs";

// Runs before pages are routed, to give each its own script nonce, and before any path with a
// percent sign, the one place that sees such a path before Next decodes it. API requests with
// plain paths skip it: a proxy buffers every request body it sees (next.config.mjs), and their
// headers are static (also next.config.mjs).
export function proxy(request: NextRequest) {
  if (!decodable(request.nextUrl.pathname)) {
    // Next would fail decoding the path into route parameters, with a plain-text 500.
    const refused = failure(new AppError("malformed_request", "The path is not valid percent-encoded UTF-8."));
    for (const [name, value] of Object.entries({ ...COMMON_HEADERS, ...API_HEADERS })) refused.headers.set(name, value);
    return refused;
  }
  if (API_PATH.test(request.nextUrl.pathname) && !isEditorPageRequest(request.nextUrl.pathname, request.headers)) {
    return NextResponse.next();
  }

  const nonce = btoa(crypto.randomUUID());
  const policy = pagePolicy(nonce, process.env.NODE_ENV === "development");
  const forwarded = new Headers(request.headers);
  // Next reads the policy from the request to put the nonce on its own scripts.
  forwarded.set("content-security-policy", policy);
  forwarded.set("x-nonce", nonce);
  const response = NextResponse.next({ request: { headers: forwarded } });
  response.headers.set("content-security-policy", policy);
  return response;
}

const API_PATH = /^\/(api|auth|v\d+|books)(\/|$)/;

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  matcher: [
    // pages: everything but the API, its aliases and the fingerprinted build files
    "/((?!api/|api$|auth/|auth$|v\\d+/|books/|books$|_next/static|_next/image|favicon\\.ico).*)",
    // TEMPORARY (issue 7 part B): the chapter editor's page navigations (editor-page-route.mjs)
    { source: "/books/:bookId/chapters/:chapterId", has: [{ type: "header", key: "accept", value: ".*text/html.*" }] },
    // any path with a percent sign, API or not
    "/(.*%.*)",
  ],
};
