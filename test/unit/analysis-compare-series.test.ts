import { describe, expect, it } from "vitest";
import { analyzeBook, prepareBook, type BookInput } from "@/server/analysis/engine";
import { compareProfile } from "@/server/analysis/engine/compare/profile";
import { COMPARE_SERIES_KEYS } from "@/server/analysis/engine/compare/keys";
import { COMPARE_SERIES } from "@/server/analysis/engine/compare/registry";
import { chineseBook, englishBook } from "../fixtures/analysis/books";

/** The probe's per-chapter column, as its own report gives it. */
async function probeColumn(book: BookInput, probe: string, key: string) {
  const report = await analyzeBook({ sections: [{ id: "s", title: "S", probe: probe as never, view: "table" }] }, book);
  return report.sections[0]!.table.rows.map((row) => row[key]);
}

describe("Compare's position axis (issue 20 §3)", () => {
  it("places each chapter at the middle of its share of the words (32, 17 and 36 of 85)", async () => {
    const profile = compareProfile(await prepareBook(englishBook));
    expect(profile.chapters.map(({ start, end, position }) => [start, end, position])).toEqual([
      [0, 37.65, 18.82],
      [37.65, 57.65, 47.65],
      [57.65, 100, 78.82],
    ]);
    expect(profile.values["chapter-words"]).toEqual([32, 17, 36]);
  });

  it("gives one value per chapter for every registered series, with unique keys", async () => {
    for (const book of [englishBook, chineseBook]) {
      const profile = compareProfile(await prepareBook(book));
      for (const series of COMPARE_SERIES) expect(profile.values[series.key]).toHaveLength(book.chapters.length);
    }
    expect(new Set(COMPARE_SERIES.map((series) => series.key)).size).toBe(COMPARE_SERIES.length);
    // the light list the schemas (and so the CLI) take the keys from
    expect([...COMPARE_SERIES_KEYS]).toEqual(COMPARE_SERIES.map((series) => series.key));
  });

  it("agrees with the probes' own tables for dialogue, sentence length and readability", async () => {
    const english = compareProfile(await prepareBook(englishBook));
    expect(english.values["dialogue-share"]).toEqual(await probeColumn(englishBook, "dialogue", "dialogue"));
    expect(english.values["sentence-length"]).toEqual(await probeColumn(englishBook, "sentences", "mean"));
    expect(english.values.readability).toEqual(await probeColumn(englishBook, "readability", "readingEase"));
    const chinese = compareProfile(await prepareBook(chineseBook));
    expect(chinese.values["clause-length"]).toEqual(await probeColumn(chineseBook, "readability", "charactersPerClause"));
    expect(chinese.values.readability).toEqual([null, null, null]);
  });

  it("names the turning points each chapter carries, where the structure probe puts them", async () => {
    const profile = compareProfile(await prepareBook(englishBook));
    // Chapter 1 holds 0–37.65 %: Opening (1), Inciting incident (12), Plot point one (25), First pinch point (37.5).
    expect(profile.values.beats).toEqual([
      "Opening · Inciting incident · Plot point one · First pinch point",
      "Midpoint",
      "Second pinch point · Plot point two · Climax · Resolution",
    ]);
  });

  it("spreads the chapters of a book without words evenly", async () => {
    const empty = { title: "Empty", chapters: [{ id: "a", title: "", content: "" }, { id: "b", title: "", content: "" }] };
    const profile = compareProfile(await prepareBook(empty));
    expect(profile.chapters.map((chapter) => chapter.position)).toEqual([25, 75]);
    expect(profile.values["dialogue-share"]).toEqual([null, null]);
  });
});
