import fc from "fast-check";
import { expect } from "vitest";
import { AppError } from "@/server/errors";
import { cpuMark, cpuMsSince } from "./cpu-time";

/**
 * Issue 16's property-based test, shared by every surface it feeds (engines, readers, writers,
 * the bible, search and replace, Compare, pictures): generated pathological text — long runs of
 * one Markdown or HTML character, short alternations of them repeated, deep nesting, Chinese
 * prose, very long lines — goes to each call on this thread; any single call past its budget, or
 * failing other than with a 4xx AppError, fails the test. Backtracking patterns took seconds to
 * minutes on such inputs; linear code takes milliseconds.
 */

export const BUDGET_MS = 2_000;
export const MAX_LENGTH = 200_000;
export const RUNS = Number(process.env.PATHOLOGICAL_RUNS ?? 60);

const SYMBOLS = ["#", "*", "_", ">", "[", "]", "(", ")", "\\", "!", "<", "-", "=", "|", "~", ":", " ", "\n", "`", "@", ".", "a", "1", "i"];
// Pieces of syntax that start a rule and then scan: link and footnote openers, HTML a reader looks into, autolinks.
const FRAGMENTS = ["[^", "](", "](#", "![", "<title", "<html lang='", '<p class="title">', "<meta name='author' content='", '<a href="#fn1">', "<li id=\"fn", "```", "---\n", "{n}", "Chapter ", "第一章 ", "http://", "www.", "a@b", "&#", "&amp;", "**", "__", "* ", "- ", "1. ", "> ", "    ", "\t", "|-", "<br/>", "<p><br></p>", "\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\n", "\n*** END OF THE PROJECT GUTENBERG EBOOK X ***\n"];
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
export const pathological = fc.array(stretch, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("").slice(0, MAX_LENGTH));

interface Slow {
  target: string;
  ms: number;
  input: unknown;
}

/** Runs `call`, and tells what went wrong: over budget, or a failure that is not a 4xx AppError. */
async function withinBudget(target: string, input: unknown, call: () => unknown, budget = BUDGET_MS): Promise<Slow | undefined> {
  const started = cpuMark();
  try {
    await call();
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) {
      throw new Error(`${target} failed on ${shown(input)}: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
  const ms = cpuMsSince(started);
  return ms > budget ? { target, ms: Math.round(ms), input } : undefined;
}

/** A generated input, short enough to read in a failure: a text by its length and start. */
export function shown(input: unknown): string {
  if (typeof input === "string") return `${input.length} characters starting ${JSON.stringify(input.slice(0, 80))}`;
  if (input instanceof Uint8Array) return `${input.length} bytes starting ${Buffer.from(input.subarray(0, 40)).toString("hex")}`;
  if (Array.isArray(input)) return `[${input.map(shown).join(", ")}]`;
  return JSON.stringify(input, (_, value: unknown) => (typeof value === "string" && value.length > 80 ? shown(value) : value));
}

export async function check<T>(target: string, arbitrary: fc.Arbitrary<T>, call: (input: T) => unknown, options: { seed: number; budget?: number; runs?: number }) {
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

