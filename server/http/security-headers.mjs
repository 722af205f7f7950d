// Headers every answer carries (issue 5, item 12). Plain JavaScript: next.config.mjs sets the API's
// static ones and proxy.ts the pages' per-request ones, from these same values.

/** On every answer: no sniffing, no full referrers to other sites, no framing. */
export const COMMON_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

/** API answers are data: they may run or embed nothing, and are never cached (most carry text or a credential). */
export const API_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cache-control": "no-store",
};

/** Path patterns (next.config `source`) answered by the API alone (negotiated paths: negotiation.mjs). */
export const API_SOURCES = ["/api/:path*", "/auth/:path*", "/v:version(\\d+)/:path*"];

/**
 * A page's policy: scripts run only with this request's nonce. Styles may be inline (React and the
 * editor set style attributes and inject style sheets; a style cannot run code); scripts never are.
 */
export function pagePolicy(nonce, development) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
