// @module-tag postgres
// Issue 20 §3: Compare, the use case on real books in a real database, measured in the worker pool.
import { beforeAll, describe, expect, it } from "vitest";
import { compareBooks } from "@/server/analysis/compare-books";
import { compareBooksInput } from "@/server/analysis/compare-schemas";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { deleteBook } from "@/server/books/delete-book";
import { deleteChapter } from "@/server/chapters/delete-chapter";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { newWriter, withScopes } from "../support/principals";

const settings = { type: "novel", description: "", status: "drafting", targetWordCount: null } as const;

let ada: Principal;
let bob: Principal;
let mine: { id: string };
let published: { id: string };
let chinese: { id: string };
let drafted: { id: string };
let bobs: { id: string };
let firstChapter: { id: string; version: number };

const T0 = new Date("2026-01-01T09:00:00Z");
const T1 = new Date("2026-01-02T09:00:00Z");

beforeAll(async () => {
  await newWriter("admin");
  [ada, bob] = [await newWriter("ada"), await newWriter("bob")];
  mine = await createBook({ ...settings, language: "en", title: "My Draft" }, ada);
  // 8 words, AFINN: love +3, happy +3, terrible −3 → 3 per 8 words = 37.5 per 100
  await uploadChapter({ bookId: mine.id, title: "One", content: 'I love this happy day. "It was terrible."' }, ada);
  await uploadChapter({ bookId: mine.id, title: "Two", content: "Rain fell on the roof all night and the boats pulled at their ropes." }, ada);
  published = await createBook({ ...settings, language: "en", title: "The Classic" }, ada);
  for (const [title, words] of [["A", 30], ["B", 10], ["C", 60]] as const) {
    await uploadChapter({ bookId: published.id, title, content: `${"word ".repeat(words - 1)}end.` }, ada);
  }
  chinese = await createBook({ ...settings, language: "zh", title: "山门" }, ada);
  await uploadChapter({ bookId: chinese.id, title: "第一章", content: "林风走进了山门。师父说：“你来晚了。”" }, ada);

  // A book with a history: created at T0, chapter one written at T1, rewritten and joined by a second chapter since.
  drafted = await createBook({ ...settings, language: "en", title: "Revised" }, ada);
  firstChapter = await uploadChapter({ bookId: drafted.id, title: "Early", content: "Five words in this one." }, ada);
  await sql.updateTable("Book").set({ createdAt: T0 }).where("id", "=", drafted.id).execute();
  await sql.updateTable("ChapterRevision").set({ createdAt: T1 }).where("chapterId", "=", firstChapter.id).execute();
  await saveChapter({ bookId: drafted.id, chapterId: firstChapter.id, version: 1, title: "Late", content: "Now the chapter holds a few more words than before." }, ada);
  await uploadChapter({ bookId: drafted.id, title: "New", content: "Written later." }, ada);
  const trashed = await uploadChapter({ bookId: drafted.id, title: "Cut", content: "Cut before T1? No, written now and trashed." }, ada);
  await deleteChapter({ bookId: drafted.id, chapterId: trashed.id }, ada);

  bobs = await createBook({ ...settings, language: "en", title: "Bob's" }, bob);
  await uploadChapter({ bookId: bobs.id, title: "X", content: "Bob's words." }, bob);
});

describe("compareBooks (issue 20 §3)", () => {
  it("puts two books on one axis: chapters at the middle of their share of the words, each series per chapter", async () => {
    const compared = await compareBooks({ bookId: mine.id, otherBookId: published.id }, ada);
    expect(compared.left).toMatchObject({ bookId: mine.id, title: "My Draft", asOf: null, language: "en", words: 22 });
    expect(compared.right).toMatchObject({ bookId: published.id, title: "The Classic", asOf: null, words: 100 });
    // 30, 10 and 60 of 100 words: middles at 15, 35 and 70 %
    expect(compared.right.chapters.map((c) => [c.title, c.start, c.end, c.position])).toEqual([
      ["A", 0, 30, 15],
      ["B", 30, 40, 35],
      ["C", 40, 100, 70],
    ]);
    expect(compared.right.values["chapter-words"]).toEqual([30, 10, 60]);
    // "It was terrible." is 3 of chapter one's 8 words
    expect(compared.left.values["dialogue-share"]).toEqual([37.5, 0]);
    expect(compared.left.values.emotion).toEqual([37.5, 0]);
    expect(compared.beats.map((b) => b.target)).toEqual([0, 12, 25, 37.5, 50, 62.5, 75, 88, 98]);
    expect(compared.right.values.beats).toEqual([
      "Opening · Inciting incident · Plot point one",
      "First pinch point",
      "Midpoint · Second pinch point · Plot point two · Climax · Resolution",
    ]);
  });

  it("draws by default the series that apply to either book's language, and only those asked for", async () => {
    const english = await compareBooks({ bookId: mine.id, otherBookId: published.id }, ada);
    expect(english.series.map((s) => s.key)).toEqual([
      "chapter-words",
      "dialogue-share",
      "pacing-action",
      "pacing-introspection",
      "pacing-narration",
      "speakers",
      "lead-speaker",
      "sentence-length",
      "readability",
      "emotion",
      "hook-type",
      "beats",
    ]);
    expect(Object.keys(english.left.values)).toEqual(english.series.map((s) => s.key));
    // a category series says its categories; the lead speaker's note comes back from the worker
    expect(english.series.find((s) => s.key === "hook-type")?.categories).toEqual(["suspense line", "question", "exclamation", "ellipsis", "dialogue", "short sentence", "statement"]);
    // One ends on “It was terrible.” (3 words, in a paragraph only 3 of 8 words quoted): short; Two on a 14-word statement
    expect(english.left.values["hook-type"]).toEqual(["short sentence", "statement"]);
    expect(english.left.notes).toEqual({ "lead-speaker": "No character is named in a dialogue tag" });
    expect(english.left.noteWords).toEqual({ "lead-speaker": { key: "noLeadSpeaker", values: {} } });
    const mixed = await compareBooks({ bookId: mine.id, otherBookId: chinese.id }, ada);
    expect(mixed.right.language).toBe("zh");
    expect(mixed.series.map((s) => s.key)).toEqual(expect.arrayContaining(["clause-length", "emotion", "emotion-zh"]));
    expect(mixed.right.values.emotion).toEqual([null]);
    expect(mixed.left.values["emotion-zh"]).toEqual([null, null]);
    const chosen = await compareBooks({ bookId: mine.id, otherBookId: published.id, series: ["emotion", "dialogue-share"] }, ada);
    // in the registry's order, whatever order they were asked in
    expect(chosen.series.map((s) => s.key)).toEqual(["dialogue-share", "emotion"]);
    expect(Object.keys(chosen.right.values).sort()).toEqual(["dialogue-share", "emotion"]);
  });

  it("compares a book with itself as it stood at an earlier time, from the chapters' revisions", async () => {
    const asOf = new Date(T1.getTime() + 60_000);
    const compared = await compareBooks({ bookId: drafted.id, asOf }, ada);
    expect(compared.right).toMatchObject({ bookId: drafted.id, asOf: asOf.toISOString(), words: 5 });
    expect(compared.right.chapters.map((c) => [c.id, c.title, c.words])).toEqual([[firstChapter.id, "Early", 5]]);
    // now: the rewritten chapter and the new one; the trashed one is out
    expect(compared.left.chapters.map((c) => [c.title, c.words])).toEqual([
      ["Late", 10],
      ["New", 2],
    ]);
    // before the first chapter was written, the book existed without chapters
    const empty = await compareBooks({ bookId: drafted.id, asOf: new Date(T0.getTime() + 1000) }, ada);
    expect(empty.right).toMatchObject({ words: 0, chapters: [] });
  });

  it("takes a calendar day as the end of that day (UTC), today's as now", () => {
    expect(compareBooksInput.parse({ bookId: "b", asOf: "2026-01-02" }).asOf).toEqual(new Date("2026-01-02T23:59:59.999Z"));
    const today = compareBooksInput.parse({ bookId: "b", asOf: new Date().toISOString().slice(0, 10) }).asOf!;
    expect(Math.abs(today.getTime() - Date.now())).toBeLessThan(5_000);
    expect(compareBooksInput.parse({ bookId: "b", asOf: "2999-01-01" }).asOf).toEqual(new Date("2999-01-01T23:59:59.999Z"));
    expect(compareBooksInput.parse({ bookId: "b", asOf: "2026-01-02T10:00:00+02:00" }).asOf).toEqual(new Date("2026-01-02T08:00:00Z"));
  });

  it("refuses what it cannot compare with a clear error", async () => {
    // the book itself, now: nothing to compare
    await expect(compareBooks({ bookId: mine.id }, ada)).rejects.toMatchObject({ code: "validation_failed", status: 422 });
    await expect(compareBooks({ bookId: mine.id, otherBookId: mine.id }, ada)).rejects.toMatchObject({ code: "validation_failed" });
    // a time before the book existed, or still to come
    await expect(compareBooks({ bookId: drafted.id, asOf: new Date(T0.getTime() - 1000) }, ada)).rejects.toMatchObject({
      code: "validation_failed",
      status: 422,
      message: expect.stringMatching(/did not exist yet/),
    });
    await expect(compareBooks({ bookId: mine.id, otherBookId: drafted.id, asOf: new Date(T0.getTime() - 1000) }, ada)).rejects.toMatchObject({ code: "validation_failed" });
    await expect(compareBooks({ bookId: drafted.id, asOf: new Date(Date.now() + 86_400_000) }, ada)).rejects.toMatchObject({ code: "validation_failed" });
    // another writer's book as the other one answers as an unknown one does: 404, nothing said of it
    await expect(compareBooks({ bookId: mine.id, otherBookId: bobs.id }, ada)).rejects.toMatchObject({ code: "not_found", status: 404 });
    await expect(compareBooks({ bookId: mine.id, otherBookId: "no-such-book" }, ada)).rejects.toMatchObject({ code: "not_found", status: 404 });
    const [foreign, unknown] = await Promise.all([
      compareBooks({ bookId: mine.id, otherBookId: bobs.id }, ada).catch((error: Error) => error.message),
      compareBooks({ bookId: mine.id, otherBookId: "no-such-book" }, ada).catch((error: Error) => error.message),
    ]);
    expect(foreign).toBe(unknown);
    // the book in the path follows the book rules: 403 for another writer's, as every /books/{bookId}/… does
    await expect(compareBooks({ bookId: bobs.id, otherBookId: mine.id }, ada)).rejects.toMatchObject({ code: "forbidden", status: 403 });
    await expect(compareBooks({ bookId: mine.id, otherBookId: published.id }, withScopes(ada, ["read:books"]))).rejects.toMatchObject({ code: "insufficient_scope" });
    // an unknown series is a validation error before anything is read
    expect(compareBooksInput.safeParse({ bookId: mine.id, otherBookId: published.id, series: ["hooks"] }).success).toBe(false);
  });

  it("answers a book in the trash as the book rules do, and an admin may compare anyone's books", async () => {
    const gone = await createBook({ ...settings, language: "en", title: "Trashed" }, ada);
    await deleteBook({ bookId: gone.id, permanent: false }, ada);
    await expect(compareBooks({ bookId: mine.id, otherBookId: gone.id }, ada)).rejects.toMatchObject({ code: "book_in_trash", status: 404 });
    const admin = { ...ada, userId: (await sql.selectFrom("User").select("id").where("role", "=", "admin").executeTakeFirstOrThrow()).id, scopes: new Set(["admin" as const]) };
    const compared = await compareBooks({ bookId: bobs.id, otherBookId: mine.id }, admin);
    expect(compared.left.title).toBe("Bob's");
  });
});
