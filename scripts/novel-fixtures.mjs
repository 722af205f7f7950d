// Makes the public-domain novels the §2 reports are tested on (test/unit/analysis-novels.test.ts):
//   node scripts/novel-fixtures.mjs <pg1342.txt> <三国演义.txt>
// Pride and Prejudice from Project Gutenberg's plain-text #1342 (UTF-8): the Gutenberg header and
// licence, the 1894 edition's preface, list of illustrations, illustration captions and printer's
// colophon cut off, so only Austen's text stands, its 61 chapters under their CHAPTER headings.
// 三国演义 (罗贯中): its first 20 回 from a plain-text copy with 第N章 headings, the copy's
// "(本章完)" end marks taken out. Both are written gzipped, as the test reads them.
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const [austen, sanguo] = process.argv.slice(2);
if (!austen || !sanguo) throw new Error("node scripts/novel-fixtures.mjs <pg1342.txt> <三国演义.txt>");
const read = (file) => {
  const text = readFileSync(file, "utf8").replace(/^\uFEFF/u, "").replace(/\r\n?/gu, "\n");
  if (text.includes("\uFFFD")) throw new Error(`${file} is not UTF-8`);
  return text;
};

/** Removes each `[Illustration…]` block, however many lines its brackets span. */
function withoutIllustrations(text) {
  let out = "";
  let at = 0;
  for (;;) {
    const start = text.indexOf("[Illustration", at);
    if (start === -1) return out + text.slice(at);
    out += text.slice(at, start);
    let depth = 0;
    let index = start;
    for (; index < text.length; index++) {
      if (text[index] === "[") depth++;
      else if (text[index] === "]" && --depth === 0) break;
    }
    at = index + 1;
  }
}

let pride = read(austen);
pride = pride.slice(pride.search(/^\*\*\* ?START OF THE PROJECT GUTENBERG/mu));
pride = pride.slice(0, pride.search(/^\s*\*\*\* ?END OF THE PROJECT GUTENBERG/mu));
// Chapter I's heading stands inside the title page's illustration: the novel starts at its first sentence.
pride = pride.slice(pride.indexOf("It is a truth universally acknowledged"));
pride = `CHAPTER I.\n\n${withoutIllustrations(pride)}`;
pride = pride.slice(0, pride.indexOf("CHISWICK PRESS"));
// The edition writes "CHAPTER XIII" and "Chapter XLVI." too: one form for all.
pride = pride.replace(/^[ \t]*chapter ([IVXL]+)\.?[ \t]*$/gimu, "CHAPTER $1.").replace(/[ \t]+$/gmu, "").replace(/\n{3,}/gu, "\n\n").trim() + "\n";
if ((pride.match(/^CHAPTER [IVXL]+\.$/gmu) ?? []).length !== 61) throw new Error("Pride and Prejudice should have 61 chapter headings");

let guo = read(sanguo);
const twentyFirst = guo.search(/^第21章/mu);
guo = guo.slice(guo.search(/^第1章/mu), twentyFirst).replace(/^\(本章完\)\s*$/gmu, "").replace(/\n{2,}/gu, "\n").trim() + "\n";
if ((guo.match(/^第\d+章/gmu) ?? []).length !== 20) throw new Error("三国演义 should have 20 chapters");

writeFileSync("test/fixtures/novels/pride-and-prejudice.txt.gz", gzipSync(pride, { level: 9 }));
writeFileSync("test/fixtures/novels/sanguo-yanyi-1-20.txt.gz", gzipSync(guo, { level: 9 }));
console.log(`Pride and Prejudice: ${pride.length} characters; 三国演义 1–20: ${guo.length} characters`);
