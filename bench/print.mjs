#!/usr/bin/env node
// `npm run bench:print`: the print PDF (issue 37 items 1 and 2, decision 0490). Exports Pride and
// Prejudice (121,690 words: the 120,000-word book) in each writable format the export dialog
// offers beside native pandoc from the same Markdown, then both fixture novels (Pride and
// Prejudice, 三国演义 chapters 1–20) at every trim size, and the PDF/X variant, each with its page
// count, gutter and whether pdffonts finds every font embedded. See bench/README.md.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { build } from "esbuild";
import { buildWorker } from "../scripts/build-worker.mjs";

const root = process.cwd();
const dir = mkdtempSync(path.join(tmpdir(), "inkstone-bench-print-"));
const enginePath = path.join(root, ".build", "bench-print-engine.mjs");
await build({
  entryPoints: [path.join(root, "bench/print-engine.ts")],
  outfile: enginePath,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
  alias: { "@": root },
});
await buildWorker(root);
const { engine, readHere, TRIM_SIZES, gutterFor, pdfxAvailable } = await import(pathToFileURL(enginePath).href);
const LONG = { timeoutMs: 900_000 };

async function novel(file, title, author, language) {
  const read = await readHere(new Uint8Array(gunzipSync(readFileSync(path.join(root, "test/fixtures/novels", file)))), "txt");
  return { ...read, title, author, language };
}
const pride = await novel("pride-and-prejudice.txt.gz", "Pride and Prejudice", "Jane Austen", "en");
const sanguo = await novel("sanguo-yanyi-1-20.txt.gz", "三国演义", "罗贯中", "zh");
const words = (model) => model.chapters.reduce((n, c) => n + c.markdown.split(/\s+/).filter(Boolean).length, 0);

const time = async (fn) => {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const table = (header, rows) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log("");
};
const load = spawnSync("cat", ["/proc/loadavg"], { encoding: "utf8" }).stdout?.split(" ").slice(0, 3).join(" ");
console.log(`machine load average: ${load} (above 1, other work competes and the times are high)\n`);

// Warm the pool: worker start and library loading are paid once per worker, not per export.
for (const format of ["pdf", "epub", "docx", "odt", "html"]) await engine.writeDocument({ title: "W", chapters: [{ title: "A", markdown: "Text." }] }, format, LONG);

// ---- Each format, beside native pandoc on the same book as Markdown (one # heading a chapter).
const markdownFile = path.join(dir, "pride.md");
writeFileSync(markdownFile, `---\ntitle: "${pride.title}"\nauthor: "${pride.author}"\nlang: en\n---\n\n${pride.chapters.map((c) => `# ${c.title}\n\n${c.markdown}`).join("\n\n")}\n`);
const pandocVersion = spawnSync("pandoc", ["--version"], { encoding: "utf8" });
const hasPandoc = pandocVersion.status === 0;
const hasXelatex = spawnSync("sh", ["-c", "command -v xelatex"]).status === 0;
function pandoc(format) {
  const out = path.join(dir, `pandoc.${format}`);
  const args = format === "pdf" ? ["-s", markdownFile, "--pdf-engine=xelatex", "-o", out] : ["-s", markdownFile, "-t", format === "epub" ? "epub3" : format === "md" ? "markdown" : format === "txt" ? "plain" : format, "-o", out];
  if (format === "pdf" && !hasXelatex) return "n/a (no PDF engine: xelatex not installed)";
  const start = performance.now();
  const run = spawnSync("pandoc", args, { encoding: "utf8", maxBuffer: 1 << 28, timeout: 600_000 });
  return run.status === 0 ? seconds(performance.now() - start) : `failed (${run.stderr?.trim().split("\n")[0]?.slice(0, 60) ?? run.signal})`;
}
console.log(`${pride.title}: ${words(pride).toLocaleString("en-US")} words, ${pride.chapters.length} chapters; ${hasPandoc ? pandocVersion.stdout.split("\n")[0] : "pandoc not installed"} (a process per file; its PDF through xelatex)\n`);
const formatRows = [];
for (const format of ["pdf", "epub", "docx", "odt", "html", "md", "txt"]) {
  const ours = await time(() => engine.writeDocument(pride, format, LONG));
  formatRows.push([format, seconds(ours.ms), `${(ours.value.bytes.length / 1024).toFixed(0)} KiB`, hasPandoc ? pandoc(format) : "—"]);
}
table(["export as", "Inkstone", "output", "native pandoc"], formatRows);

// ---- Every trim size, both novels: the page count, the gutter its band gave, every font embedded.
function fontsEmbedded(bytes) {
  const file = path.join(dir, "fonts.pdf");
  writeFileSync(file, bytes);
  const run = spawnSync("pdffonts", [file], { encoding: "utf8" });
  if (run.status !== 0) return "no pdffonts";
  const rows = run.stdout.split("\n").slice(2).filter((l) => l.trim());
  return rows.every((l) => l.trim().split(/\s+/).at(-5) === "yes") ? `all ${rows.length}` : "NOT ALL";
}
const trimRows = [];
for (const model of [pride, sanguo]) {
  for (const trimSize of TRIM_SIZES) {
    const run = await time(() => engine.writeDocument(model, "pdf", { ...LONG, trimSize }));
    trimRows.push([model.title, trimSize, seconds(run.ms), run.value.pages, `${gutterFor(run.value.pages)} in`, fontsEmbedded(run.value.bytes)]);
  }
}
table(["book", "trim", "time", "pages", "gutter", "fonts embedded"], trimRows);

// ---- PDF/X-3 (Ghostscript): what the variant costs over the plain PDF.
if (pdfxAvailable()) {
  const plain = await time(() => engine.writeDocument(pride, "pdf", { ...LONG, trimSize: "6x9" }));
  const pdfx = await time(() => engine.writeDocument(pride, "pdf", { ...LONG, trimSize: "6x9", pdfx: true }));
  const version = Buffer.from(pdfx.value.bytes.subarray(0, 8)).toString("latin1");
  table(["Pride and Prejudice, 6x9", "time", "pages", "header"], [["PDF", seconds(plain.ms), plain.value.pages, "%PDF-1.7"], ["PDF/X-3 (Ghostscript)", seconds(pdfx.ms), pdfx.value.pages, version]]);
} else console.log("PDF/X: Ghostscript not installed (apt-get install ghostscript)\n");

rmSync(dir, { recursive: true, force: true });
rmSync(enginePath, { force: true });
process.exit(0);
