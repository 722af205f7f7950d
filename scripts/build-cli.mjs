#!/usr/bin/env node
// Bundles the `inkstone` CLI (cli/) into files that plain `node` runs: cli/dist/inkstone.mjs and
// the chunks it loads beside it.
// Run by postinstall, so `npx inkstone` works right after `npm ci`, and by the CLI tests.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

// The CLI is a client of the server's API: it shares the server's zod schemas (one definition of
// each request and answer), never its runtime. A server module in the bundle brings everything it
// imports: a use case brings the database, the configuration (which then refuses a DATABASE_URL
// or AUTH_SECRET meant for another program in the same shell), the job runner and the engines.
// So the bundle is judged by what esbuild resolved and bundled (every input of its metafile), not
// by how an import is spelled, which a relative path or a re-export would slip past.

/** Schema modules by name: `schemas.ts`, `compare-schemas.ts`. */
const SCHEMA_MODULE = /^server\/(.+\/)?([a-z-]+-)?schemas\.ts$/;
/** The other server modules the CLI may share: the constants and checks its schemas are built from. */
const SHARED_MODULES = new Set([
  "server/analysis/engine/compare/keys.ts",
  "server/analysis/engine/definition.ts",
  // a note's key and values beside its English (decision 0514): zod and a list's joining
  "server/analysis/engine/note-words.ts",
  "server/analysis/engine/probe-specs.ts",
  "server/analysis/engine/report.ts",
  "server/analysis/engine/run-parameters.ts",
  "server/analysis/engine/schema-helpers.ts",
  "server/auth/book-roles.ts",
  "server/auth/scopes.ts",
  "server/books/cover-warnings.ts",
  "server/chapters/limits.mjs",
  "server/collections.ts",
  "server/convert/engine/accessibility-claim.ts",
  "server/convert/engine/export-options.ts",
  "server/errors.ts",
  "server/goals/calendar.ts",
  "server/http/content-disposition.ts",
  // the order of a book's parts and chapters, pure: `inkstone parts move` moves as the book page does
  "server/group-by.ts",
  // the interface's languages, which an account's schema names (decision 0504); imports nothing
  "i18n/locales.ts",
  "server/parts/contents-tree.ts",
  "server/releases/schedule.ts",
  // a number with its thousands grouped, without ICU (decision 0527)
  "server/text/grouped-digits.ts",
  "server/text/storable-text.ts",
  "server/text/stored-text.ts",
  "server/text/text-rules.ts",
]);
/** The only packages a shared server module may import: a schema is zod, a file name a header. */
const SCHEMA_PACKAGES = new Set(["zod", "content-disposition"]);
/** Packages that would put the server into the CLI, by what they are (a scope stands for its packages). */
const SERVER_PACKAGES = new Map([
  ["better-sqlite3", "a database driver"],
  ["pg", "a database driver"],
  ["kysely", "the query builder"],
  ["prisma", "Prisma"],
  ["@prisma", "Prisma"],
  ["piscina", "the worker pool"],
  ["pandoc-wasm", "the conversion engine"],
  ["@myriaddreamin", "the Typst engine"],
  ["@node-rs/jieba", "the Chinese segmenter"],
  ["next", "Next"],
  ["@trpc/server", "the tRPC server"],
]);

const isShared = (input) => SCHEMA_MODULE.test(input) || SHARED_MODULES.has(input);

/** The package an input belongs to (`@scope/name` or `name`), or null for a project file. */
function packageOf(input) {
  const at = input.lastIndexOf("node_modules/");
  if (at === -1) return null;
  const [first, second] = input.slice(at + "node_modules/".length).split("/");
  return first.startsWith("@") ? `${first}/${second}` : first;
}

/**
 * What keeps this bundle from being a client only, one line each, naming the chain of imports
 * from the entry: a project file that is neither the CLI's own (cli/) nor a shared server module,
 * a package that belongs to the server, a shared module that imports a package other than zod.
 * Empty for a good bundle.
 */
export function cliBundleProblems(metafile) {
  const { inputs } = metafile;
  // The shortest chain of imports to every input, from the entry (the input nothing imports).
  const imported = new Set(Object.values(inputs).flatMap(({ imports }) => imports.map((i) => i.path)));
  const entries = Object.keys(inputs).filter((input) => !imported.has(input));
  const chains = new Map(entries.map((entry) => [entry, [entry]]));
  for (const [input, chain] of chains) {
    for (const { path: next, external } of inputs[input].imports) {
      if (!external && !chains.has(next)) chains.set(next, [...chain, next]);
    }
  }
  const chainTo = (input) => chains.get(input).join(" → ");
  const allowed = (input) => packageOf(input) !== null || input.startsWith("cli/") || entries.includes(input) || isShared(input);

  const problems = [];
  const reportedPackages = new Set();
  for (const input of chains.keys()) {
    const name = packageOf(input);
    const what = name && (SERVER_PACKAGES.get(name) ?? SERVER_PACKAGES.get(name.split("/")[0]));
    // Once per package, at its input nearest the entry.
    if (what && !reportedPackages.has(name)) {
      reportedPackages.add(name);
      problems.push(`${chainTo(input)}: ${name} is ${what}, which the CLI must not bundle`);
    }
    if (name !== null || !allowed(input)) continue;
    for (const { path: next, external } of inputs[input].imports) {
      if (external) continue;
      if (!allowed(next)) {
        problems.push(`${chainTo(input)} → ${next}: from the server, the CLI may bundle only the schema modules scripts/build-cli.mjs names, and this is none`);
      } else if (isShared(input) && packageOf(next) !== null && !SCHEMA_PACKAGES.has(packageOf(next))) {
        problems.push(`${chainTo(input)} → ${packageOf(next)}: a schema module the CLI shares imports only zod and other schema modules`);
      }
    }
  }
  return problems;
}

/**
 * zod re-exports its sixty-odd locales from one module as a namespace, which no bundler can shake:
 * 366 kB of messages in languages the CLI never speaks. Only English, zod's default, stays.
 */
const englishOnlyZod = {
  name: "english-only-zod",
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      loader: "js",
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * Bundles the CLI from `entryPoint` without writing it: its files (the entry and its chunks),
 * their bytes together, the metafile and its problems. Split into chunks: each command's module
 * is a chunk of its own, loaded when that command runs (cli/program.ts).
 */
export async function bundleCli(root = process.cwd(), entryPoint = path.join(root, "cli/main.ts")) {
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const result = await build({
    entryPoints: { inkstone: entryPoint },
    absWorkingDir: root,
    outdir: path.join(root, "cli/dist"),
    outExtension: { ".js": ".mjs" },
    // Beside the entry, as jq.wasm is: code in any chunk finds it at "./jq.wasm".
    chunkNames: "[name]-[hash]",
    splitting: true,
    write: false,
    metafile: true,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    define: { INKSTONE_VERSION: JSON.stringify(version) },
    plugins: [englishOnlyZod],
    // Bundled CommonJS packages call require(); an ES module has none unless it makes one.
    banner: { js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
    logLevel: "warning",
  });
  const files = result.outputFiles.map(({ path: file, contents }) => ({ path: file, contents }));
  const bytes = files.reduce((sum, file) => sum + file.contents.byteLength, 0);
  return { files, bytes, metafile: result.metafile, problems: cliBundleProblems(result.metafile) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bundle = await bundleCli();
  if (bundle.problems.length > 0) {
    console.error(`The CLI would bundle server code; nothing was written.\n${bundle.problems.map((problem) => `  ${problem}`).join("\n")}`);
    process.exit(1);
  }
  const dist = path.join(process.cwd(), "cli/dist");
  // A chunk's name carries its hash: the last build's chunks would pile up beside this one's.
  if (existsSync(dist)) for (const name of readdirSync(dist)) if (name.endsWith(".mjs")) rmSync(path.join(dist, name));
  for (const file of bundle.files) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
  // Executable, so that npm's bin link (and `npx inkstone`) can run it directly.
  chmodSync(path.join(dist, "inkstone.mjs"), 0o755);
  // jq for --jq, beside the bundle: cli/json-output.ts reads it only when a command asks for jq.
  copyFileSync(fileURLToPath(import.meta.resolve("jq-wasm/jq.wasm")), path.join(dist, "jq.wasm"));
}
