#!/usr/bin/env node
// `node bench/bible.mjs`: the story bible's scan (issue 21 targets). A 3,000,000-字 book scanned
// for 500 entries with 2,000 aliases (target ≤ 2 s once), and one 5,000-word chapter rescanned
// as a save does (target ≤ 20 ms of CPU). Prints figures and targets side by side.
import { fileURLToPath } from "node:url";
import { createJiti } from "jiti";

const root = fileURLToPath(new URL("..", import.meta.url));
const jiti = createJiti(import.meta.url, { alias: { "@": root } });
const { scanChapters } = await jiti.import("../server/bible/engine/scan.ts");

const SURNAMES = "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜";
const GIVEN = "明华强伟芳娜敏静丽军磊洋勇艳杰涛超秀英玲桂兰霞平刚";
let seed = 7;
const random = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
const pick = (text) => text[random(text.length)];

// 500 entries, 4 names each (2,000 aliases): three-character names and their two-character forms.
const things = Array.from({ length: 500 }, (_, i) => {
  const name = pick(SURNAMES) + pick(GIVEN) + pick(GIVEN);
  return { id: `e${i}`, names: [name, name.slice(1), `${name}先生`, `${pick(SURNAMES)}${pick(GIVEN)}${pick(GIVEN)}${i}`] };
});
const FILLER = "他们走过长长的街道，看见远处的山峦在雾中若隐若现。";
function chapterOf(chars) {
  let text = "";
  while (text.length < chars) text += random(4) === 0 ? `${things[random(500)].names[random(2)]}说：“好。”` : FILLER;
  return text;
}
const book = Array.from({ length: 300 }, (_, i) => ({ id: `c${i}`, content: chapterOf(10_000) }));
const chars = book.reduce((n, c) => n + c.content.length, 0);

let started = process.hrtime.bigint();
const scans = scanChapters(things, book);
const whole = Number(process.hrtime.bigint() - started) / 1e6;
const found = scans.reduce((n, s) => n + s.entries.reduce((m, e) => m + e.spans.length, 0), 0);

// A 5,000-word English chapter, the same entries plus English names.
const english = things.map((t, i) => ({ id: t.id, names: [...t.names, `Character${i} Surname`] }));
const words = ["the", "rain", "fell", "on", "Character12", "Surname", "and", "nobody", "answered", "her."];
const chapter = { id: "save", content: Array.from({ length: 5_000 }, (_, i) => words[i % words.length]).join(" ") };
scanChapters(english, [chapter]); // the matcher of these names, built once as a server keeps it
const cpu = process.cpuUsage();
started = process.hrtime.bigint();
scanChapters(english, [chapter]);
const saveMs = Number(process.hrtime.bigint() - started) / 1e6;
const saveCpu = process.cpuUsage(cpu);

console.log(`scan a ${chars.toLocaleString("en")}-character book, 500 entries / 2,000 names: ${whole.toFixed(0)} ms (target ≤ 2,000 ms), ${found.toLocaleString("en")} mentions`);
console.log(`rescan one 5,000-word chapter: ${saveMs.toFixed(1)} ms wall, ${((saveCpu.user + saveCpu.system) / 1000).toFixed(1)} ms CPU (target ≤ 20 ms CPU)`);
