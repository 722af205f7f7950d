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
        { source: "/books", destination: "/api/v1/books" },
        { source: "/books/:path*", destination: "/api/v1/books/:path*" },
      ],
      // Any other version (/v2/…) answers 404 in the error envelope, from the /api catch-all.
      fallback: [{ source: "/v:version(\\d+)/:path*", destination: "/api/unknown-version" }],
    };
  },
};

export default nextConfig;
