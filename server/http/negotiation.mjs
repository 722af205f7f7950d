// The writer's pages share their paths with the seed's API aliases
// (docs/architecture.md#rest-contract). A request with an Authorization header, or with none of the
// signs of a browser asking for the page, gets the API:
// a navigation's Accept asks for text/html, and the page's own requests on the same path carry
// `RSC: 1` (React Server Component fetches) or `Next-Action` (server actions). A browser
// navigation without Authorization therefore gets the page. Plain JavaScript: next.config.mjs
// (rewrites, headers) and proxy.ts read the same rule.

/** Paths that are a page or the API, by negotiation. */
export const PAGE_PATHS = [
  "/books",
  "/books/:bookId",
  "/books/:bookId/chapters/:chapterId",
  // The story bible's pages: its list, an entry, the graph and the continuity checks.
  "/books/:bookId/bible",
  "/books/:bookId/bible/:entryId",
  // The book's comment threads (decision 0492); the API's are …/threads.
  "/books/:bookId/comments",
  // A book's named snapshots (issue 36 item 4); GET /books/{id}/snapshots is their list in the API too.
  "/books/:bookId/snapshots",
  // Beta readers (decision 0497): the reading view and the owner's view of the readers; GET of each is the API's too.
  "/books/:bookId/reading",
  "/books/:bookId/readers",
  // The plan as an outline (issue 35, decision 0500); the API's plan is …/plan.
  "/books/:bookId/outline",
  // The foreshadowing board (decision 0501); the API's list is …/foreshadowings.
  "/books/:bookId/foreshadowing",
  // The corkboard and the timeline (decision 0505); GET /books/{id}/timeline is the API's timeline too.
  "/books/:bookId/corkboard",
  "/books/:bookId/timeline",
  // The plot grid and beat plan (decisions 0506, 0507); GET of it is the API's grid too.
  "/books/:bookId/plot-grid",
];
// Every condition has a `value`: one without copies the header's value into the rewrite's
// parameters, which Next appends to the destination's query string (a Bearer token in the URL).
export const HAS_AUTHORIZATION = [{ type: "header", key: "authorization", value: ".*" }];
export const PAGE_SIGNALS = [
  { type: "header", key: "accept", value: ".*text/html.*" },
  { type: "header", key: "rsc", value: "1" },
  { type: "header", key: "next-action", value: ".+" },
];
/** Every other path under /books is the API's alone. */
export const API_ONLY_BOOKS_PATH = "/books/:bookId/:rest((?:)(?!chapters/[^/]+$|bible(?:/[^/]+)?$|comments$|snapshots$|reading$|readers$|outline$|foreshadowing$|corkboard$|timeline$|plot-grid$).+)";

const PAGE_PATH = /^\/books(\/[^/]+(\/chapters\/[^/]+|\/bible(\/[^/]+)?|\/comments|\/snapshots|\/reading|\/readers|\/outline|\/foreshadowing|\/corkboard|\/timeline|\/plot-grid)?)?\/?$/;

/**
 * The same rule for a request in hand: does it get the page? Accept is read here as the rewrites
 * read it — does it mention text/html at all — and not through negotiator (server/request/accept.ts)
 * like every other Accept: Next matches PAGE_SIGNALS by pattern, with no code of ours, and the proxy
 * (which gives a page its script nonce) must choose exactly as the rewrites do, or a page would be
 * served without its nonce. So `text/html;q=0` gets the page here as it does there.
 */
export function wantsPage(pathname, headers) {
  if (!PAGE_PATH.test(pathname) || headers.has("authorization")) return false;
  return (headers.get("accept") ?? "").includes("text/html") || headers.get("rsc") === "1" || Boolean(headers.get("next-action"));
}
