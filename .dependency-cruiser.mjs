// `npm run check:lint` runs this after ESLint: no module may import, through any chain, a module
// that imports it back (issue 31 item 4; decision 0462). Type-only and dynamic imports count: a
// type is a dependency too, and `import()` is still an import. ESLint's import/no-cycle skips
// `import type` and took four times the CPU of the whole lint, so it is not used.
/** @type {import("dependency-cruiser").IConfiguration} */
const config = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "Move what both sides need into a small file beneath them, or let the lower side be given it (see server/compose).",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next[^/]*|\\.build|cli/dist|server/generated|playwright-report|test-results)/" },
    skipAnalysisNotInRules: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mts", ".mjs", ".js", ".d.mts"] },
  },
};

export default config;
