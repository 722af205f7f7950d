// @module-tag shared
import fc from "fast-check";
import { describe, it, vi } from "vitest";
import { performCompareTask } from "@/server/analysis/engine/compare/task";
import { scanChapters } from "@/server/bible/engine/scan";
import { entryNameKeys } from "@/server/bible/name-index";
import { entryName } from "@/server/bible/schemas";
import { MANUSCRIPT_FONTS, MANUSCRIPT_PAPER, SCENE_BREAKS, TRIM_SIZES, type SceneBreak } from "@/server/convert/engine/export-options";
import type { WriteOptions } from "@/server/convert/engine/model";
import { writeHere } from "@/server/convert/engine/run";
import { performPictureTask } from "@/server/pictures/picture-task";
import { applyReplace, planReplace, searchChapters } from "@/server/search/engine/book";
import type { SearchSpec } from "@/server/search/engine/pattern";
import { check, pathological, RUNS } from "../support/pathological";

/**
 * Issue 30: the surfaces added since issue 16 fed the same generated pathological text (see
 * test/support/pathological.ts): the bible's mention scan and its import's name keys, search and
 * replace (plain and with patterns made to backtrack), Compare, pictures (a real header followed
 * by anything) and every export option. Each call within its budget, failing only with a 4xx.
 */

vi.setConfig({ testTimeout: 600_000 });

/** Fewer runs where one run reads a whole book (Compare) or lays out pages (PDF). */
const FEW = Math.ceil(RUNS / 4);

const NAMES = ["a", "A", "Anna", "Ann Anna", "林风", "风", "Mr", "a a", "é", "*", "#"];
const name = fc.oneof(fc.constantFrom(...NAMES), fc.string({ minLength: 1, maxLength: 100 }));

describe("no generated pathological text stalls the surfaces of issue 30", () => {
  it("scans a chapter for a bible's names", async () => {
    const input = fc.tuple(fc.array(fc.array(name, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }), pathological);
    await check("scanChapters", input, ([entries, content]) => scanChapters(entries.map((names, i) => ({ id: `e${i}`, names })), [{ id: "c", content }]), { seed: 3001 });
  });

  it("keys a bible import's names", async () => {
    const rows = fc.array(fc.array(name, { minLength: 1, maxLength: 31 }), { minLength: 1, maxLength: 500 });
    await check("entryNameKeys", rows, (entries) => entries.map((names) => entryNameKeys(names)), { seed: 3002 });
  });

  it("checks a bible name for invisible characters, however long and however many joiners", async () => {
    const joiners = fc.array(fc.constantFrom("a", "😀", " ", "\u200d", "\u200c", "\u200b", "\u{E0001}"), { minLength: 1, maxLength: 8 }).chain((unit) =>
      fc.integer({ min: 1, max: 50_000 }).map((times) => unit.join("").repeat(times)),
    );
    await check("entryName", fc.oneof(joiners, pathological), (text) => entryName.safeParse(text), { seed: 3007 });
  });

  // Patterns that backtrack without end in a backtracking engine, and plain queries made of the texts' own pieces.
  const BACKTRACKING = ["(a+)+$", "(a|aa)*b", "(\\w+\\s?)+$", "(.*a){12}", "^(([a-z])+.)+[A-Z]([a-z])+$", "(\\*|_)+x", "(第.+章)+$"];
  const spec = fc.oneof(
    fc.record({ query: fc.constantFrom(...BACKTRACKING), regex: fc.constant(true) }),
    fc.record({ query: fc.oneof(fc.constantFrom("a", "a a", "**", "风", "Ａ"), fc.string({ minLength: 1, maxLength: 50 })), regex: fc.constant(false) }),
  ).chain((base) =>
    fc.record({ matchCase: fc.boolean(), wholeWord: fc.boolean(), widthInsensitive: fc.boolean(), matchChineseScript: fc.boolean() }).map((flags): SearchSpec => ({ ...base, ...flags })),
  );

  it("searches a book, plain and with patterns", async () => {
    await check("searchChapters", fc.tuple(spec, pathological), ([search, content]) => searchChapters([{ title: "One", content }], search, { offset: 0, limit: 50 }), { seed: 3003 });
  });

  it("plans and applies a replacement across a book", async () => {
    const replace = fc.record({ replacement: fc.constantFrom("", "b", "$1$1$&", "$$", "长长长"), preserveCase: fc.boolean() });
    await check(
      "planReplace + applyReplace",
      fc.tuple(spec, replace, pathological),
      ([search, { replacement, preserveCase }, content]) => {
        const chapters = [{ title: "One", content }];
        const how = { replacement, preserveCase, regex: search.regex };
        planReplace(chapters, search, how, 5_000);
        applyReplace([{ ...chapters[0]!, skip: [] }], search, how, 5_000);
      },
      { seed: 3004 },
    );
  });

  it("compares two books", async () => {
    const book = (content: string) => ({ title: "Book", chapters: [{ id: "c", title: "One", content }] });
    await check("performCompareTask", fc.tuple(pathological, pathological), ([left, right]) => performCompareTask({ op: "compare", left: book(left), right: book(right), series: null }), {
      seed: 3005,
      runs: FEW,
      budget: 10_000,
    });
  });

  it("reads a picture: a real header, then anything", async () => {
    const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const JPEG = Buffer.from("ffd8ffe000104a464946", "hex");
    const GIF = Buffer.from("GIF89a", "latin1");
    const bytes = fc
      .tuple(fc.constantFrom(PNG, JPEG, GIF), fc.oneof(pathological.map((text) => Buffer.from(text)), fc.uint8Array({ maxLength: 4_096 })))
      .map(([header, rest]) => new Uint8Array(Buffer.concat([header, rest])));
    await check("performPictureTask", bytes, (picture) => performPictureTask({ op: "picture-read", bytes: picture, what: "The cover", maxPixels: 40_000_000 }), { seed: 3006 });
  });

  it("writes every export with every option", async () => {
    const options = fc.record(
      {
        trimSize: fc.constantFrom(...TRIM_SIZES),
        sceneBreak: fc.constantFrom(...(Object.keys(SCENE_BREAKS) as SceneBreak[])),
        smartPunctuation: fc.boolean(),
        notes: fc.boolean(),
        manuscript: fc.record({ author: name, surname: name, contact: fc.option(name, { nil: undefined }), font: fc.constantFrom(...MANUSCRIPT_FONTS), paper: fc.constantFrom(...MANUSCRIPT_PAPER) }),
      },
      { requiredKeys: [] },
    );
    const model = (markdown: string, title: string) => ({ title, author: title, chapters: [{ title, markdown }, { title: "Two", markdown: "Plain." }] });
    // The writers Inkstone has of its own; pandoc's run only in workers (decision 0128), under the pool's deadline.
    for (const [index, format] of ["docx", "epub", "html", "md", "odt", "txt"].entries()) {
      await check(
        `write ${format} with options`,
        fc.tuple(pathological, name, options),
        ([markdown, title, chosen]) => writeHere(model(markdown, title), format, chosen as WriteOptions),
        { seed: 3010 + index, runs: FEW },
      );
    }
    await check("write pdf with options", fc.tuple(pathological, name, options), ([markdown, title, chosen]) => writeHere(model(markdown, title), "pdf", chosen as WriteOptions), {
      seed: 3030,
      runs: FEW,
      budget: 10_000,
    });
  });
});
