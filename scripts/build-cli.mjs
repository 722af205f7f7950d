#!/usr/bin/env node
// Bundles the `inkstone` CLI (cli/) into one file that plain `node` runs: cli/dist/inkstone.mjs.
// Run by postinstall, so `npx inkstone` works right after `npm ci`, and by the CLI tests.
import { chmodSync, readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outfile = path.join(root, "cli/dist/inkstone.mjs");
const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

// The CLI shares the server's zod schemas, never its runtime: a schema module that pulls in the
// database, the configuration or Next would make the CLI need the server's environment.
const serverRuntime = /(^|\/)server\/(db|env)(\.ts)?$|^(@prisma\/|next(\/|$)|@trpc\/server)/;
const schemasOnly = {
  name: "schemas-only",
  setup(context) {
    context.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "entry-point" || !serverRuntime.test(args.path)) return undefined;
      return { errors: [{ text: `${args.importer} imports ${args.path}, which the CLI must not bundle` }] };
    });
  },
};

await build({
  entryPoints: [path.join(root, "cli/main.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  define: { INKSTONE_VERSION: JSON.stringify(version) },
  // Bundled CommonJS packages call require(); an ES module has none unless it makes one.
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
  plugins: [schemasOnly],
  logLevel: "warning",
});
// Executable, so that npm's bin link (and `npx inkstone`) can run it directly.
chmodSync(outfile, 0o755);
