import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { splitMarkdown, unescapeInline } from "@/server/convert/engine/markdown/chapters";
import { readHere, writeHere } from "@/server/convert/engine/run";
import { DEFAULT_HEADING, headingPattern, splitAtHeadings } from "@/server/convert/split-chapters";
import { AppError } from "@/server/errors";
import { atxHeading, leadingHeading } from "@/server/text/markdown-heading";

/**
 * Issue 16: no text a writer sends may stall a parser, reader or writer. Generated pathological
 * text (long runs of one Markdown or HTML character, short alternations of them repeated, deep
 * nesting, Chinese prose, very long lines) goes to each one on this thread; any single call past
 * its budget, or failing other than with a 4xx AppError, fails the test. Backtracking patterns
 * took seconds to minutes on such inputs; linear code takes milliseconds.
 */

vi.setConfig({ testTimeout: 600_000 });

const BUDGET_MS = 2_000;
const MAX_LENGTH = 200_000;
const RUNS = Number(process.env.PATHOLOGICAL_RUNS ?? 60);

const SYMBOLS = ["#", "*", "_", ">", "[", "]", "(", ")", "\\", "!", "<", "-", "=", "|", "~", ":", " ", "\n", "`", "@", ".", "a", "1", "i"];
// Pieces of syntax that start a rule and then scan: link and footnote openers, HTML a reader looks into, autolinks.
const FRAGMENTS = ["[^", "](", "](#", "![", "<title", "<html lang='", '<p class="title">', "<meta name='author' content='", '<a href="#fn1">', "<li id=\"fn", "```", "---\n", "{n}", "Chapter ", "第一章 ", "http://", "www.", "a@b", "&#", "&amp;", "**", "__", "* ", "- ", "1. ", "> ", "    ", "\t", "|-"];
const NESTINGS: [string, string][] = [["> ", ""], ["- ", ""], ["* ", ""], ["1. ", ""], ["[", "](y)"], ["*_", "_*"], ["**", "**"], ["(", ")"], ["<b>", "</b>"], ["[^", "]"]];
const CHINESE = "第十二章　风暴\n雨下了一夜。她没有睡，听着海浪拍打礁石的声音。";

const size = fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 2_000, max: MAX_LENGTH }));
const unit = fc.oneof(
  fc.constantFrom(...SYMBOLS),
  fc.constantFrom(...FRAGMENTS),
  fc.array(fc.constantFrom(...SYMBOLS, ...FRAGMENTS), { minLength: 2, maxLength: 5 }).map((parts) => parts.join("")),
);
/** One stretch of trouble: a unit repeated up to the size limit, or nested that deep. */
const stretch = fc.oneof(
  fc.tuple(unit, size).map(([u, n]) => u.repeat(Math.max(1, Math.floor(n / u.length)))),
  fc.tuple(fc.constantFrom(...NESTINGS), fc.integer({ min: 10, max: 20_000 }), fc.boolean()).map(([[open, close], depth, closed]) => `${open.repeat(depth)}x${closed ? close.repeat(depth) : ""}`),
  fc.tuple(fc.constantFrom("  - x\n", "> x\n", "# a\n"), fc.integer({ min: 10, max: 400 })).map(([line, depth]) =>
    Array.from({ length: depth }, (_, level) => " ".repeat(level * 2) + line).join(""),
  ),
  size.map((n) => CHINESE.repeat(Math.max(1, Math.floor(n / CHINESE.length)))),
  fc.string({ maxLength: 200 }),
);
const pathological = fc.array(stretch, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("").slice(0, MAX_LENGTH));

const manyNumbers = fc
  .array(fc.constantFrom("{n}", "{n}", "*", " ", "Chapter ", "第", "章", ".", "-", "i"), { minLength: 1, maxLength: 40 })
  .map((parts) => parts.join("").slice(0, 100));

interface Slow {
  target: string;
  ms: number;
  input: string;
}

/** Runs `call`, and tells what went wrong: over budget, or a failure that is not a 4xx AppError. */
async function withinBudget(target: string, input: string, call: () => unknown, budget = BUDGET_MS): Promise<Slow | undefined> {
  const started = performance.now();
  try {
    await call();
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) {
      throw new Error(`${target} failed on ${shown(input)}: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
  const ms = performance.now() - started;
  return ms > budget ? { target, ms: Math.round(ms), input } : undefined;
}

const shown = (input: string) => `${input.length} characters starting ${JSON.stringify(input.slice(0, 80))}`;

async function check(target: string, arbitrary: fc.Arbitrary<string>, call: (input: string) => unknown, options: { seed: number; budget?: number; runs?: number }) {
  const slow: Slow[] = [];
  await fc.assert(
    fc.asyncProperty(arbitrary, async (input) => {
      const problem = await withinBudget(target, input, () => call(input), options.budget);
      if (problem) slow.push(problem);
    }),
    { seed: options.seed, numRuns: options.runs ?? RUNS },
  );
  expect(slow.map((s) => `${s.target}: ${s.ms} ms on ${shown(s.input)}`)).toEqual([]);
}

const model = (markdown: string) => ({ title: "Pathological", author: "A. Writer", chapters: [{ title: "One", markdown }, { title: "Two", markdown: "Plain." }] });

describe("no generated pathological text stalls a parser, reader or writer", () => {
  it("splits text at headings, and reads heading lines, in linear time", async () => {
    await check("splitAtHeadings (default)", pathological, (text) => splitAtHeadings(text, DEFAULT_HEADING, "Book"), { seed: 1601 });
    await check("splitMarkdown", pathological, (text) => splitMarkdown(text), { seed: 1602 });
    await check("atxHeading, leadingHeading, unescapeInline", pathological, (text) => {
      atxHeading(text);
      leadingHeading(text);
      unescapeInline(text);
    }, { seed: 1603 });
  });

  it("compiles any template and splits with it in linear time", async () => {
    await check(
      "headingPattern + splitAtHeadings",
      fc.tuple(manyNumbers, pathological).map(([template, text]) => `${template}\u0000${text}`),
      (input) => {
        const [template, text] = input.split("\u0000") as [string, string];
        splitAtHeadings(text, headingPattern(template), "Book");
      },
      { seed: 1604 },
    );
  });

  for (const [index, format] of ["md", "txt", "html"].entries()) {
    it(`reads ${format}`, async () => {
      await check(`read ${format}`, pathological, (text) => readHere(new TextEncoder().encode(text), format), { seed: 1610 + index });
    });
  }

  it("reads rtf (Inkstone's tokenizer, issue 19 item 3)", async () => {
    await check("read rtf", pathological, (text) => readHere(new TextEncoder().encode(`{\\rtf1\\ansi ${text}}`), "rtf"), { seed: 1619 });
  });

  it("reads txt with a caller's template", async () => {
    await check(
      "read txt with chapterPattern",
      fc.tuple(manyNumbers, pathological).map(([template, text]) => `${template}\u0000${text}`),
      (input) => {
        const [chapterPattern, text] = input.split("\u0000") as [string, string];
        return readHere(new TextEncoder().encode(text), "txt", { chapterPattern });
      },
      { seed: 1614 },
    );
  });

  for (const [index, format] of ["md", "txt", "html", "docx", "epub", "pdf"].entries()) {
    it(`writes ${format}`, async () => {
      // A PDF lays out every line it writes: 200 KB of one-character list items is 2,000 pages.
      const pdf = format === "pdf" ? { runs: Math.ceil(RUNS / 2), budget: 10_000 } : {};
      await check(`write ${format}`, pathological, (markdown) => writeHere(model(markdown), format), { seed: 1620 + index, ...pdf });
    });
  }
});
