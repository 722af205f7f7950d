// @module-tag shared
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

  it("reads how each chapter ends as one hook type (English and Chinese)", async () => {
    // The Mill: 1 ends `"Anna, come home," said Ben.` (5 words, 3 of its paragraph's 8 quoted):
    // a short sentence; 2's last paragraph is half in quotes (4 of 8): dialogue; 3 ends on a
    // 31-word sentence: a statement.
    expect(compareProfile(await prepareBook(englishBook)).values["hook-type"]).toEqual(["short sentence", "dialogue", "statement"]);
    // 山门: 1 ends on 师父笑了笑，对林风说：“去练剑吧。” (8 of 21 characters quoted, 16 in the
    // sentence); 2 on 山路很长。 and 3 on 林风点头。 (4 characters each).
    expect(compareProfile(await prepareBook(chineseBook)).values["hook-type"]).toEqual(["statement", "short sentence", "short sentence"]);
    const marks = {
      title: "Marks",
      chapters: [
        { id: "q", title: "", content: "She looked at the door. Who was there?" },
        { id: "x", title: "", content: "The wall of water came down on the whole village at once!" },
        { id: "e", title: "", content: "He waited for the answer that never came, and waited longer…" },
        { id: "z", title: "", content: "" },
      ],
    };
    expect(compareProfile(await prepareBook(marks), ["hook-type"]).values["hook-type"]).toEqual(["question", "exclamation", "ellipsis", null]);
  });

  it("gives each chapter's action, introspection and narration shares as the pacing report reads them", async () => {
    const english = compareProfile(await prepareBook(englishBook));
    // Words of speech are dialogue wherever they stand (decision 0503); the rest go by paragraph.
    // 1: both paragraphs of words average ≤ 12 words a sentence (8 and 14 words, 2 sentences
    // each): all action but the 18.8 % spoken. 2: "Ben read the letter twice. It said nothing
    // new." (9 words, action) and a line of dialogue (8): 9 of 17 action, its 4 words of tags
    // narration, 4 spoken. 3: a 5- and a 31-word sentence: narration.
    expect(english.values["pacing-action"]).toEqual([81.3, 52.9, 0]);
    expect(english.values["pacing-narration"]).toEqual([0, 23.5, 100]);
    expect(english.values["dialogue-share"]).toEqual([18.8, 23.5, 0]);
    expect(english.values["pacing-introspection"]).toEqual([0, 0, 0]);
    expect(english.values["pacing-action"]).toEqual(await probeColumn(englishBook, "pacing", "action"));
    const chinese = compareProfile(await prepareBook(chineseBook));
    // 1: the opening paragraph (18 characters, one sentence) is narration: 18 of 54.
    // 3: its lines' tags outside the quotes are narration now (decision 0503)
    expect(chinese.values["pacing-narration"]).toEqual([33.3, 0, 35.3]);
    expect(chinese.values["pacing-action"]).toEqual(await probeColumn(chineseBook, "pacing", "action"));
    const thinking = { title: "T", chapters: [{ id: "t", title: "", content: "She wondered whether he remembered the house by the sea at all.\n\nThe rain fell." }] };
    // 12 words of introspection, 3 of action
    expect(compareProfile(await prepareBook(thinking), ["pacing-introspection"]).values["pacing-introspection"]).toEqual([80]);
  });

  it("counts the characters who speak and the lead speaker's share of the lines, naming the lead", async () => {
    const english = compareProfile(await prepareBook(englishBook));
    // 1: "she called" (a pronoun) and "said Ben"; 2: "Anna said" credits the paragraph; 3: no speech.
    expect(english.values.speakers).toEqual([1, 1, 0]);
    // Anna speaks 4 words (I know, Don't worry), Ben 3 (Anna, come home): Anna leads.
    expect(english.notes["lead-speaker"]).toBe("Lead speaker: Anna");
    // and says it as data too, for a page to word in its language (decision 0514)
    expect(english.noteWords["lead-speaker"]).toEqual({ key: "leadSpeaker", values: { name: "Anna" } });
    expect(english.values["lead-speaker"]).toEqual([0, 100, null]);
    const chinese = compareProfile(await prepareBook(chineseBook));
    // 1: 师父 is a title, not one of the cast; 林风说 credits the third paragraph (8 characters
    // quoted). 2: 苏晴问：「…」 credits the paragraph (10); 3: 苏晴对林风说 is 苏晴 (2): 苏晴 leads, 12 to 8.
    expect(chinese.values.speakers).toEqual([1, 1, 1]);
    expect(chinese.notes["lead-speaker"]).toBe("Lead speaker: 苏晴");
    expect(chinese.values["lead-speaker"]).toEqual([0, 100, 100]);
  });

  it("gives a Chinese book its emotion arc from AFINN-zh, the emotion report's lean", async () => {
    const chinese = compareProfile(await prepareBook(chineseBook));
    // 1: 没有 (−1) in 没有说话, over 54 characters; 2: no rated word; 3: 小心 (+2) over 17.
    expect(chinese.values["emotion-zh"]).toEqual([-18.52, 0, 117.65]);
    expect(chinese.values["emotion-zh"]).toEqual(await probeColumn(chineseBook, "emotion", "per1000"));
    expect(chinese.values.emotion).toEqual([null, null, null]);
    // 不 turns 小心 round, as the report does: −2 over 5 characters (他说不小心)
    const negated = { title: "N", chapters: [{ id: "n", title: "", content: "他说：“不小心。”" }] };
    expect(compareProfile(await prepareBook(negated), ["emotion-zh"]).values["emotion-zh"]).toEqual([-400]);
    // an English book has no Chinese arc
    expect(compareProfile(await prepareBook(englishBook), ["emotion-zh"]).values["emotion-zh"]).toEqual([null, null, null]);
  });

  it("spreads the chapters of a book without words evenly", async () => {
    const empty = { title: "Empty", chapters: [{ id: "a", title: "", content: "" }, { id: "b", title: "", content: "" }] };
    const profile = compareProfile(await prepareBook(empty));
    expect(profile.chapters.map((chapter) => chapter.position)).toEqual([25, 75]);
    expect(profile.values["dialogue-share"]).toEqual([null, null]);
  });
});
