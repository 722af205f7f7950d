import { NextResponse, type NextRequest } from "next/server";
import { AppError } from "./server/errors";
import { failure } from "./server/http/envelope";
import { wantsPage } from "./server/http/negotiation.mjs";
import { API_HEADERS, COMMON_HEADERS, pagePolicy } from "./server/http/security-headers.mjs";

// Runs before pages are routed, to give each its own script nonce, and before any path with a
// percent sign, the one place that sees such a path before Next decodes it. API requests with
// plain paths skip it: a proxy buffers every request body it sees (next.config.mjs), and their
// headers are static (also next.config.mjs). Under /books it tells page from API as the rewrites do.
export function proxy(request: NextRequest) {
  if (!decodable(request.nextUrl.pathname)) {
    // Next would fail decoding the path into route parameters, with a plain-text 500.
    const refused = failure(new AppError("malformed_request", "The path is not valid percent-encoded UTF-8."));
    for (const [name, value] of Object.entries({ ...COMMON_HEADERS, ...API_HEADERS })) refused.headers.set(name, value);
    return refused;
  }
  const { pathname } = request.nextUrl;
  if (API_PATH.test(pathname) || (BOOKS_PATH.test(pathname) && !wantsPage(pathname, request.headers))) return NextResponse.next();

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

const API_PATH = /^\/(api|auth|v\d+)(\/|$)/;
// Page or API by negotiation (server/http/negotiation.mjs).
const BOOKS_PATH = /^\/books(\/|$)/;

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
    "/((?!api/|api$|auth/|auth$|v\\d+/|_next/static|_next/image|favicon\\.ico).*)",
    // any path with a percent sign, API or not
    "/(.*%.*)",
  ],
};
