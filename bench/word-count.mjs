#!/usr/bin/env node
// `npm run bench:word-count`: event-loop time to count the words of the largest chapters the
// server accepts, for countWords (one linear pass) beside the Intl.Segmenter count it replaced
// (the baseline), in one run. Target: the largest allowed chapter under 100 ms. See bench/README.md.
import { createJiti } from "jiti";

const jiti = createJiti(import.meta.url);
const { countWords } = await jiti.import("../server/text/word-count.ts");
const firstCall = process.hrtime.bigint();
countWords("x"); // builds the character-class table once per process
console.log(`first call (class table): ${(Number(process.hrtime.bigint() - firstCall) / 1e6).toFixed(1)} ms`);

const MIB = 1024 * 1024;
const TARGET_MS = 100;

// The rule before: Intl.Segmenter over 256-character pieces, CJK characters counted one each.
const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });
const byCharacter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
function segmenterCount(text) {
  let count = 0;
  for (let start = 0, end; start < text.length; start = end) {
    end = Math.min(text.length, start + 256);
    while (end < text.length && end > start + 1 && !/\s|[，。：]/u.test(text[end - 1])) end--;
    for (const { segment, isWordLike } of segmenter.segment(text.slice(start, end))) {
      if (isWordLike) count += segment.match(byCharacter)?.length || 1;
    }
  }
  return count;
}

const english = "She said, \"Don't go out tonight,\" and the snow kept falling on the old road. ";
const chinese = "我们今天去公园散步，天气很好。她说：“别走。”";
const upTo = (unit, bytes) => unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit))).slice(0, bytes);
const samples = [
  ["3,000-word English chapter", english.repeat(200)],
  ["5 MiB English", upTo(english, 5 * MIB)],
  ["5 MiB Chinese (~1.75 M characters)", upTo(chinese, 5 * MIB)],
];

function time(count, text) {
  count(text); // warm the code (and the class table) before measuring
  const runs = [];
  let words = 0;
  for (let i = 0; i < 5; i++) {
    const start = process.hrtime.bigint();
    words = count(text);
    runs.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  runs.sort((a, b) => a - b);
  return { ms: runs[2], words };
}

console.log(`${"sample".padEnd(38)} ${"countWords".padStart(12)} ${"segmenter".padStart(12)}  words (new / old)  target < ${TARGET_MS} ms`);
let missed = false;
for (const [name, text] of samples) {
  const fast = time(countWords, text);
  const slow = time(segmenterCount, text);
  const verdict = fast.ms < TARGET_MS ? "ok" : "MISSED";
  missed ||= fast.ms >= TARGET_MS;
  console.log(
    `${name.padEnd(38)} ${`${fast.ms.toFixed(1)} ms`.padStart(12)} ${`${slow.ms.toFixed(1)} ms`.padStart(12)}  ${fast.words} / ${slow.words}  ${verdict}`,
  );
}
if (missed && process.argv.includes("--strict")) process.exit(1);
