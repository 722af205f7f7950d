/**
 * The writer's pages share their paths with the seed's API aliases (DESIGN §2). A request with an
 * Authorization header, or with none of the signs of a browser asking for the page, gets the API:
 * a navigation's Accept asks for text/html, and the page's own requests on the same path carry
 * `RSC: 1` (React Server Component fetches) or `Next-Action` (server actions). A browser
 * navigation without Authorization therefore gets the page.
 */
const PAGE_PATHS = ["/books", "/books/:bookId", "/books/:bookId/chapters/:chapterId"];
// Every condition has a `value`: one without copies the header's value into the rewrite's
// parameters, which Next appends to the destination's query string (a Bearer token in the URL).
const HAS_AUTHORIZATION = [{ type: "header", key: "authorization", value: ".*" }];
const PAGE_SIGNALS = [
  { type: "header", key: "accept", value: ".*text/html.*" },
  { type: "header", key: "rsc", value: "1" },
  { type: "header", key: "next-action", value: ".+" },
];
const apiPath = (path) => path.replace(/^\/books/, "/api/v1/books");
const negotiatedRewrites = PAGE_PATHS.flatMap((path) => [
  { source: path, destination: apiPath(path), has: HAS_AUTHORIZATION },
  { source: path, destination: apiPath(path), missing: PAGE_SIGNALS },
]);
// Every other path under /books is the API's alone. beforeFiles rewrites do not stop at the first
// match, so this one must not match a page path that the rules above left to the page.
const apiOnlyRewrite = {
  source: "/books/:bookId/:rest((?:)(?!chapters/[^/]+$).+)",
  destination: "/api/v1/books/:bookId/:rest",
};

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Lets benchmarks and parallel test runs keep separate builds; `npm start` uses .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The seed's alias paths (DESIGN §2) are rewrites onto the canonical /api/v1 routes.
  async rewrites() {
    const resources = ["books", "users", "tokens", "openapi.json"];
    return {
      beforeFiles: [
        { source: "/v1/api/:path*", destination: "/api/v1/:path*" },
        { source: "/v1/auth/:path*", destination: "/auth/:path*" },
        ...resources.flatMap((r) => [
          { source: `/api/${r}`, destination: `/api/v1/${r}` },
          { source: `/api/${r}/:path*`, destination: `/api/v1/${r}/:path*` },
        ]),
        ...negotiatedRewrites,
        apiOnlyRewrite,
      ],
      // Any other version (/v2/…) answers 404 in the error envelope, from the /api catch-all.
      fallback: [{ source: "/v:version(\\d+)/:path*", destination: "/api/unknown-version" }],
    };
  },
  // Page or API, the answer on these paths depends on both headers: caches must keep them apart.
  async headers() {
    const vary = [{ key: "Vary", value: "Accept, Authorization" }];
    return [
      { source: "/books", headers: vary },
      { source: "/books/:path*", headers: vary },
    ];
  },
};

export default nextConfig;
