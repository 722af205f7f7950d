import { API_HEADERS, API_SOURCES, COMMON_HEADERS } from "./server/http/security-headers.mjs";
import { API_ONLY_BOOKS_PATH, HAS_AUTHORIZATION, PAGE_PATHS, PAGE_SIGNALS } from "./server/http/negotiation.mjs";
import { CHAPTER_BODY_LIMIT } from "./server/chapters/limits.mjs";
import { readEnv } from "./server/env-schema.mjs";

// `next build` and the server both read this file: a wrong setting stops either at once.
const env = readEnv(process.env);

// /api/<path> that is not already versioned (/api/v1, /api/v2 …) nor one of the paths /api serves
// itself: tRPC, next-auth's browser sign-in, the benchmark's fixed answer. (path-to-regexp refuses
// a group that starts with "?", hence the empty "(?:)" before the lookahead.)
const UNVERSIONED_API_PATH = "/api/:path((?:)(?!(?:v\\d+|trpc|auth|bench-baseline)(?:/|$)).+)";
const asList = (headers) => Object.entries(headers).map(([key, value]) => ({ key, value }));
const apiPath = (path) => path.replace(/^\/books/, "/api/v1/books");
// On the negotiated paths: the API when there is an Authorization header, or no sign of a page.
const whenApi = (rule) => [
  { ...rule, has: HAS_AUTHORIZATION },
  { ...rule, missing: PAGE_SIGNALS },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // `npm run check:types` is the one type check: tsc over every file (the app, the server, the
  // CLI, tests and scripts, and the route types this build writes to <distDir>/types). The build's
  // own pass checked the app's files a second time, a minute and a half of every CI run.
  typescript: { ignoreBuildErrors: true },
  // piscina starts its workers from a file of its own next to its code: it must stay a package.
  // The Typst compiler (the PDF writer) is a native module, loaded in the workers from node_modules.
  serverExternalPackages: ["piscina", "@myriaddreamin/typst-ts-node-compiler"],
  // Lets benchmarks and parallel test runs keep separate builds; `npm start` uses .next.
  distDir: env.NEXT_DIST_DIR,
  // The benchmark's baseline route (app/api/bench-baseline/route.bench.ts) is a route only in a
  // benchmark's build (INKSTONE_BENCH=1); elsewhere `route.bench` is no route name and is left out.
  pageExtensions: env.INKSTONE_BENCH === "1" ? ["bench.ts", "tsx", "ts"] : ["tsx", "ts"],
  // Static security headers (pages get their script policy per request from proxy.ts), and, on the
  // negotiated paths, Vary: the answer depends on both headers, so caches must keep them apart.
  async headers() {
    const vary = { headers: [{ key: "Vary", value: "Accept, Authorization" }] };
    return [
      { source: "/:path*", headers: asList(COMMON_HEADERS) },
      ...API_SOURCES.map((source) => ({ source, headers: asList(API_HEADERS) })),
      { source: API_ONLY_BOOKS_PATH, headers: asList(API_HEADERS) },
      ...PAGE_PATHS.flatMap((source) => [{ source, ...vary }, ...whenApi({ source, headers: asList(API_HEADERS) })]),
    ];
  },
  experimental: {
    // Turbopack keeps its build cache in <distDir>/cache for the next build; CI's clone builds once,
    // and writing the cache held the build's end for most of a minute.
    turbopackFileSystemCacheForBuild: !process.env.CI,
    // The proxy buffers the bodies of the requests it sees and silently cuts them at this size
    // (10 MB by default). The largest body a route reads is a chapter's; one byte more must reach
    // the route, for it to refuse the body with 413 rather than read a truncated one.
    proxyClientMaxBodySize: CHAPTER_BODY_LIMIT + 1,
  },
  // The seed's alias paths (docs/architecture.md#rest-contract) are rewrites onto the canonical
  // /api/v1 routes: every /api/<path> the seed writes without a version is /api/v1/<path>, whatever
  // the resource.
  async rewrites() {
    return {
      beforeFiles: [
        { source: "/v1/api/:path*", destination: "/api/v1/:path*" },
        { source: "/v1/auth/:path*", destination: "/auth/:path*" },
        { source: UNVERSIONED_API_PATH, destination: "/api/v1/:path" },
        // The seed's {base_url}/v1/ before a path it writes without /api (GET /books).
        { source: "/v1/:path((?:)(?!(?:api|auth)(?:/|$)).+)", destination: "/api/v1/:path" },
        // Every beforeFiles rewrite that matches applies (they do not stop at the first), so the
        // API-only one must not match a page path that the negotiated ones left to the page.
        ...PAGE_PATHS.flatMap((source) => whenApi({ source, destination: apiPath(source) })),
        { source: API_ONLY_BOOKS_PATH, destination: "/api/v1/books/:bookId/:rest" },
      ],
      // Any other version (/v2/…) answers 404 in the error envelope, from the /api catch-all.
      fallback: [{ source: "/v:version(\\d+)/:path*", destination: "/api/unknown-version" }],
    };
  },
};

export default nextConfig;
