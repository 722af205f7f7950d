// @module-tag shared
import fc from "fast-check";
import { describe, it, vi } from "vitest";
import { splitMarkdown, unescapeInline } from "@/server/convert/engine/markdown/chapters";
import { readHere, writeHere } from "@/server/convert/engine/run";
import { DEFAULT_HEADING, headingPattern, splitAtHeadings } from "@/server/convert/split-chapters";
import { atxHeading, leadingHeading } from "@/server/text/markdown-heading";
import { check, pathological, RUNS } from "../support/pathological";

/**
 * Issue 16: no text a writer sends may stall a parser, reader or writer. Generated pathological
 * text (long runs of one Markdown or HTML character, short alternations of them repeated, deep
 * nesting, Chinese prose, very long lines) goes to each one on this thread; any single call past
 * its budget, or failing other than with a 4xx AppError, fails the test. Backtracking patterns
 * took seconds to minutes on such inputs; linear code takes milliseconds.
 */

vi.setConfig({ testTimeout: 600_000 });

const manyNumbers = fc
  .array(fc.constantFrom("{n}", "{n}", "*", " ", "Chapter ", "第", "章", ".", "-", "i"), { minLength: 1, maxLength: 40 })
  .map((parts) => parts.join("").slice(0, 100));

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
