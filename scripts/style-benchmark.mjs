// Computes the published-fiction figures the overuse report compares a book with, and writes
// them to server/analysis/engine/style-benchmark.json. The engine's own counting (styleCounts,
// with the proposed cast taken out as in a run) is applied to each novel and the counts pooled,
// so the figures mean what the report's do.
//
//   node scripts/style-benchmark.mjs --en "pg1342.txt=Pride and Prejudice" pg84.txt … --zh 红楼梦.txt …
//
// (`file=Title` names a novel in the report's note; else its file name does.)
//
// Plain-text novels in UTF-8; a Project Gutenberg header and licence are cut off. See
// docs/decisions/0337-reports-the-benchmark.md (issue 20 §2) for the texts the shipped figures came from.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { createJiti } from "jiti";

const root = fileURLToPath(new URL("..", import.meta.url));
const jiti = createJiti(import.meta.url, { alias: { "@": root } });
const { prepareBook } = await jiti.import("../server/analysis/engine/prepare.ts");
const { styleCounts } = await jiti.import("../server/analysis/engine/style-counts.ts");

const files = { en: [], zh: [] };
let language;
for (const argument of process.argv.slice(2)) {
  if (argument === "--en" || argument === "--zh") language = argument.slice(2);
  else if (language) files[language].push(argument);
  else throw new Error(`Say --en or --zh before ${argument}`);
}
if (files.en.length === 0 || files.zh.length === 0) throw new Error("Give novels for both --en and --zh");

/** The novel's text without a Project Gutenberg header and licence, a byte-order mark or CR line ends. */
function novelText(file) {
  let text = readFileSync(file, "utf8").replace(/^\uFEFF/u, "").replace(/\r\n?/gu, "\n");
  // A Windows-1252 copy read as UTF-8 loses its curly quotes and apostrophes: convert it first
  // (iconv -f cp1252 -t utf-8), or its quotes and contractions would count wrong.
  if (text.includes("\uFFFD")) throw new Error(`${file} is not UTF-8`);
  const start = /^\*\*\* ?START OF (?:THE|THIS) PROJECT GUTENBERG.*$/imu.exec(text);
  if (start) text = text.slice(start.index + start[0].length);
  const end = /^\*\*\* ?END OF (?:THE|THIS) PROJECT GUTENBERG/imu.exec(text);
  if (end) text = text.slice(0, end.index);
  // Gutenberg's English is hard-wrapped: a lone line break is a space, as an import would read it
  // (else every wrapped line would open a paragraph and a sentence). Chinese lines are paragraphs.
  if (!/\p{Script=Han}/u.test(text.slice(0, 5000))) text = text.replace(/([^\n])\n(?=[^\n])/gu, "$1 ");
  // Chapter headings (第一回 …) are not sentences of the novel.
  return text.replace(/^[ \t\u3000]*第[一二三四五六七八九十百千零〇\d]+[回章节卷].*$/gmu, "");
}

const ROUND = (value) => Math.round(value * 1000) / 1000;
const figures = {};
for (const [lang, list] of Object.entries(files)) {
  const pooled = { words: 0, sentences: 0, categories: {}, terms: new Map(), openings: new Map() };
  const books = [];
  for (const entry of list) {
    const [file, title = basename(file)] = entry.split("=");
    const raw = readFileSync(file);
    const book = await prepareBook({ title: basename(file), chapters: [{ id: "all", title: "", content: novelText(file) }] });
    if ((book.language === "zh") !== (lang === "zh")) throw new Error(`${file} reads as ${book.language}, not ${lang}`);
    const counts = styleCounts(book, book.chapters, {});
    pooled.words += counts.words;
    pooled.sentences += counts.sentences;
    for (const [category, uses] of Object.entries(counts.categories)) pooled.categories[category] = (pooled.categories[category] ?? 0) + uses;
    for (const [key, uses] of counts.terms) pooled.terms.set(key, (pooled.terms.get(key) ?? 0) + uses);
    for (const [key, uses] of counts.openings) pooled.openings.set(key, (pooled.openings.get(key) ?? 0) + uses);
    // words: the language's unit (Chinese: characters); sha256: the first 12 hex digits of the file's, so a re-run can be checked
    books.push({ title, words: counts.words, sha256: createHash("sha256").update(raw).digest("hex").slice(0, 12) });
    process.stderr.write(`${file}: ${counts.words} words\n`);
  }
  const per1000 = (uses) => ROUND((uses * 1000) / pooled.words);
  figures[lang] = {
    books,
    words: pooled.words,
    categories: Object.fromEntries(Object.entries(pooled.categories).map(([category, uses]) => [category, per1000(uses)])),
    // A word used under five times in the whole corpus has no rate worth comparing with.
    terms: Object.fromEntries(
      [...pooled.terms]
        .filter(([, uses]) => uses >= 5)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, uses]) => [key, per1000(uses)]),
    ),
    // The 300 commonest openings: enough for any book's top few, small enough to ship.
    openings: Object.fromEntries(
      [...pooled.openings]
        .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
        .slice(0, 300)
        .map(([word, uses]) => [word, per1000(uses)]),
    ),
  };
}
const out = new URL("../server/analysis/engine/style-benchmark.json", import.meta.url);
writeFileSync(out, `${JSON.stringify(figures, null, 1)}\n`);
process.stderr.write(`wrote ${fileURLToPath(out)}\n`);
