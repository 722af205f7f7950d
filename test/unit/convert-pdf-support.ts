import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { scratch } from "./convert-engine-support";

/** What poppler's tools say about a PDF: they are what a printer's preflight and a reader's viewer see. */

function saved(pdf: Uint8Array): string {
  const file = path.join(scratch(), "book.pdf");
  writeFileSync(file, pdf);
  return file;
}

const poppler = (tool: string, args: string[]) => execFileSync(tool, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });

/** The text of each page (pdftotext, one string a page). */
export function pageTexts(pdf: Uint8Array): string[] {
  const pages = poppler("pdftotext", ["-enc", "UTF-8", saved(pdf), "-"]).split("\f");
  if (pages.at(-1)?.trim() === "") pages.pop();
  return pages;
}

export interface FontInfo {
  name: string;
  embedded: boolean;
  subset: boolean;
}

/** pdffonts' table: every font's name, and whether it is embedded and a subset. */
export function fonts(pdf: Uint8Array): FontInfo[] {
  return poppler("pdffonts", [saved(pdf)])
    .split("\n")
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const cells = line.trim().split(/\s+/);
      // name type… encoding emb sub uni object ID: the flags are the 5th to 3rd cells from the end.
      return { name: cells[0]!, embedded: cells.at(-5) === "yes", subset: cells.at(-4) === "yes" };
    });
}

export function pageSizes(pdf: Uint8Array): { width: number; height: number }[] {
  const info = poppler("pdfinfo", ["-f", "1", "-l", "9999", saved(pdf)]);
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
}

export interface Word {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its box on its page (pdftotext -bbox). */
export function wordBoxes(pdf: Uint8Array): Word[] {
  const html = poppler("pdftotext", ["-bbox", "-enc", "UTF-8", saved(pdf), "-"]);
  const words: Word[] = [];
  let page = 0;
  for (const line of html.split("\n")) {
    if (line.includes("<page ")) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) words.push({ page, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5]!.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"') });
  }
  return words;
}

// CJK punctuation is set on half its em where two meet (“：“” takes one em, not two), so the box of
// a word ending in one reaches into the next word's by up to three quarters of an em (two such marks in a row) without any ink overlapping.
const CJK_PUNCTUATION = /^[\u3000-\u303f\uff00-\uffef“”‘’]|[\u3000-\u303f\uff00-\uffef“”‘’]$/;

/** Pairs of words on one page whose boxes overlap by more than a sliver: text printed over text. */
export function overprinted(words: readonly Word[]): [Word, Word][] {
  const out: [Word, Word][] = [];
  const sliver = (a: Word, b: Word) => (CJK_PUNCTUATION.test(a.text) || CJK_PUNCTUATION.test(b.text) ? (a.yMax - a.yMin) * 0.75 : 0.5);
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const a = words[i]!;
      const b = words[j]!;
      if (a.page !== b.page) break;
      const x = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const y = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (x > sliver(a, b) && y > (a.yMax - a.yMin) / 3) out.push([a, b]);
    }
  }
  return out;
}

/** The characters a reader reads: no blanks, no bidirectional controls, no soft hyphens or zero-width spaces. */
export function readable(text: string): string {
  return text.replace(/[\s\u00ad\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "");
}

/** The lines of a page as printed: its words grouped by baseline, left to right. */
export function visualLines(words: readonly Word[], page: number): string[] {
  const lines = new Map<number, Word[]>();
  for (const word of words.filter((w) => w.page === page)) {
    const key = [...lines.keys()].find((y) => Math.abs(y - word.yMax) < 2) ?? word.yMax;
    lines.set(key, [...(lines.get(key) ?? []), word]);
  }
  return [...lines.entries()].sort(([a], [b]) => a - b).map(([, line]) => line.sort((a, b) => a.xMin - b.xMin).map((w) => w.text).join(" "));
}
