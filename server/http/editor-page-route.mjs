// TEMPORARY (issue 7 part B, until part A's page/API negotiation is merged; drop this file then).
// The chapter editor's path, /books/{bookId}/chapters/{chapterId}, is also the seed's API alias of
// the chapter. A browser navigation (Accept: text/html, no Authorization) or the page's own
// requests (RSC fetches, server actions) get the page; everyone else gets the API, as before.

/** The editor's path below /books/, as a regular expression for route patterns. */
export const EDITOR_PAGE = "[^/]+/chapters/[^/]+";
const EDITOR_SOURCE = "/books/:bookId/chapters/:chapterId";

// Every condition has a value: one without copies the header into the rewrite's query string.
const HAS_AUTHORIZATION = [{ type: "header", key: "authorization", value: ".*" }];
const PAGE_SIGNALS = [
  { type: "header", key: "accept", value: ".*text/html.*" },
  { type: "header", key: "rsc", value: "1" },
  { type: "header", key: "next-action", value: ".+" },
];
const apiOnly = (rule) => [
  { ...rule, source: EDITOR_SOURCE, has: HAS_AUTHORIZATION },
  { ...rule, source: EDITOR_SOURCE, missing: PAGE_SIGNALS },
];

export const editorPageRewrites = apiOnly({ destination: "/api/v1/books/:bookId/chapters/:chapterId" });

/** The API's headers everywhere under /books/ but on the editor's page answers. */
export function editorPageHeaders(rules) {
  return rules.flatMap((rule) =>
    rule.source === "/books/:path*" ? [{ ...rule, source: `/books/:path((?:)(?!${EDITOR_PAGE}$).+)` }, ...apiOnly(rule)] : [rule],
  );
}

/** Whether a request to the editor's path asks for the page (proxy.ts gives it a script nonce). */
export function isEditorPageRequest(pathname, headers) {
  return (
    new RegExp(`^/books/${EDITOR_PAGE}$`).test(pathname) &&
    !headers.has("authorization") &&
    /text\/html/.test(headers.get("accept") ?? "")
  );
}
