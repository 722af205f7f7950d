import { API_HEADERS, API_SOURCES, COMMON_HEADERS } from "./server/http/security-headers.mjs";
import { EDITOR_PAGE, editorPageHeaders, editorPageRewrites } from "./server/http/editor-page-route.mjs";

const asList = (headers) => Object.entries(headers).map(([key, value]) => ({ key, value }));

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Lets benchmarks and parallel test runs keep separate builds; `npm start` uses .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The seed's alias paths (DESIGN §2) are rewrites onto the canonical /api/v1 routes.
  // Static security headers; pages get their script policy per request from proxy.ts.
  async headers() {
    return [
      { source: "/:path*", headers: asList(COMMON_HEADERS) },
      ...editorPageHeaders(API_SOURCES.map((source) => ({ source, headers: asList(API_HEADERS) }))),
    ];
  },
  experimental: {
    // The proxy buffers the bodies of the requests it sees and silently cuts them at this size
    // (10 MB by default); a chapter body may be 30 MiB + 64 KiB (CHAPTER_BODY_LIMIT), and one
    // byte more must reach the route whole enough to be refused with 413, not truncated.
    proxyClientMaxBodySize: 32 * 1024 * 1024,
  },
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
        { source: "/books", destination: "/api/v1/books" },
        ...editorPageRewrites,
        { source: `/books/:path((?:)(?!${EDITOR_PAGE}$).+)`, destination: "/api/v1/books/:path" },
      ],
      // Any other version (/v2/…) answers 404 in the error envelope, from the /api catch-all.
      fallback: [{ source: "/v:version(\\d+)/:path*", destination: "/api/unknown-version" }],
    };
  },
};

export default nextConfig;
