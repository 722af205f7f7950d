// @module-tag postgres
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { restoreRevision } from "@/server/chapters/restore-revision";
import { THIN_EVERY_VERSIONS } from "@/server/chapters/revision-retention";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { PASTE_WORDS } from "@/server/goals/rule";
import { updateGoalSettings } from "@/server/goals/update-settings";
import { EDIT_WORDS_HERE } from "@/server/text/word-change";
import { newWriter } from "../support/principals";

async function bookFor(writer: Principal) {
  return createBook({ title: "Ledger", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
}

async function ledger(userId: string) {
  const rows = await sql
    .selectFrom("WritingDay")
    .select(["day", "bookId", "written", "removed", "imported", "restored", "wordCount"])
    .where("userId", "=", userId)
    .orderBy("day")
    .execute();
  return rows.map(({ day, written, removed, imported, restored, wordCount }) => ({ day, written, removed, imported, restored, wordCount }));
}

/** Saves at a given instant (only Date is faked: timers and the database run as ever). */
function at(instant: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(instant));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the writing ledger (issue 22 item 1)", () => {
  it("adds two devices' saves on one day to one total, typed words apart from the upload", async () => {
    const ada = await newWriter("ada");
    const laptop: Principal = { ...ada, tokenId: null };
    const tablet: Principal = { ...ada, tokenId: "tablet-token" };
    const book = await bookFor(ada);
    at("2026-11-20T09:00:00Z");
    const one = await uploadChapter({ bookId: book.id, content: "It snowed." }, laptop);
    const two = await uploadChapter({ bookId: book.id, content: "Night fell." }, tablet);
    await saveChapter({ bookId: book.id, chapterId: one.id, version: 1, content: "It snowed all morning." }, laptop);
    at("2026-11-20T21:00:00Z");
    await saveChapter({ bookId: book.id, chapterId: two.id, version: 1, content: "Night fell, cold." }, tablet);
    expect(await ledger(ada.userId)).toEqual([{ day: "2026-11-20", written: 3, removed: 0, imported: 4, restored: 0, wordCount: 7 }]);
  });

  it("counts days in the writer's zone: Asia/Shanghai's day turns at 16:00 UTC", async () => {
    const wen = await newWriter("wen");
    await updateGoalSettings({ timeZone: "Asia/Shanghai" }, wen);
    const book = await bookFor(wen);
    at("2026-11-20T15:59:00Z"); // 23:59 in Shanghai
    const chapter = await uploadChapter({ bookId: book.id, content: "雪" }, wen);
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: "雪落了" }, wen);
    at("2026-11-20T16:01:00Z"); // 00:01 the next day
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 2, content: "雪落了一夜" }, wen);
    expect(await ledger(wen.userId)).toEqual([
      { day: "2026-11-20", written: 2, removed: 0, imported: 1, restored: 0, wordCount: 3 },
      { day: "2026-11-21", written: 2, removed: 0, imported: 0, restored: 0, wordCount: 5 },
    ]);
  });

  it("counts days in the writer's zone: America/Los_Angeles's day turns at 08:00 UTC in winter", async () => {
    const lou = await newWriter("lou");
    await updateGoalSettings({ timeZone: "america/los_angeles" }, lou);
    const book = await bookFor(lou);
    at("2026-11-21T07:30:00Z"); // 23:30 on the 20th in Los Angeles
    const chapter = await uploadChapter({ bookId: book.id, content: "Rain." }, lou);
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: "Rain again." }, lou);
    at("2026-11-21T08:30:00Z"); // 00:30 on the 21st
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 2, content: "Rain." }, lou);
    expect(await ledger(lou.userId)).toEqual([
      { day: "2026-11-20", written: 1, removed: 0, imported: 1, restored: 0, wordCount: 2 },
      { day: "2026-11-21", written: 0, removed: 1, imported: 0, restored: 0, wordCount: 1 },
    ]);
  });

  it("adds nothing for a stale save the server refuses", async () => {
    const ben = await newWriter("ben");
    const book = await bookFor(ben);
    const chapter = await uploadChapter({ bookId: book.id, content: "one" }, ben);
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: "one two" }, ben);
    const before = await ledger(ben.userId);
    await expect(saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: "one two three four" }, ben)).rejects.toMatchObject({ code: "version_conflict" });
    expect(await ledger(ben.userId)).toEqual(before);
    expect(before[0]).toMatchObject({ written: 1, imported: 1 });
  });

  it("counts a revision restore as restored, and a large paste as imported", async () => {
    const cy = await newWriter("cy");
    const book = await bookFor(cy);
    const chapter = await uploadChapter({ bookId: book.id, content: "Alpha beta gamma delta." }, cy);
    const ids = { bookId: book.id, chapterId: chapter.id };
    await saveChapter({ ...ids, version: 1, content: "Alpha." }, cy);
    await restoreRevision({ ...ids, revision: 1 }, cy);
    const paste = Array.from({ length: PASTE_WORDS + 1 }, (_, i) => `word${i}`).join(" ");
    await saveChapter({ ...ids, version: 3, content: `Alpha beta gamma delta.\n\n${paste}` }, cy);
    expect(await ledger(cy.userId)).toMatchObject([{ written: 0, removed: 3, restored: 3, imported: 4 + PASTE_WORDS + 1, wordCount: 4 + PASTE_WORDS + 1 }]);
  });

  it("diffs a rewrite beyond the web thread's budget in a worker, word by word", async () => {
    const eli = await newWriter("eli");
    const book = await bookFor(eli);
    const paragraph = (prefix: string) => Array.from({ length: EDIT_WORDS_HERE + 50 }, (_, i) => `${prefix}${i}`).join(" ");
    const chapter = await uploadChapter({ bookId: book.id, content: `Kept.\n\n${paragraph("old")}\n\nKept too.` }, eli);
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: `Kept.\n\n${paragraph("new")}\n\nKept too.` }, eli);
    expect(await ledger(eli.userId)).toMatchObject([{ written: EDIT_WORDS_HERE + 50, removed: EDIT_WORDS_HERE + 50 }]);
  });

  it("never shrinks when old revisions are thinned", async () => {
    const dee = await newWriter("dee");
    const book = await bookFor(dee);
    const chapter = await uploadChapter({ bookId: book.id, content: "w0" }, dee);
    const ids = { bookId: book.id, chapterId: chapter.id };
    const text = (n: number) => Array.from({ length: n + 1 }, (_, i) => `w${i}`).join(" ");
    for (let version = 1; version < 6; version++) await saveChapter({ ...ids, version, content: text(version) }, dee);
    // Those saves were made two hours ago, within one ten-minute window: the next thinning drops them.
    await sql.updateTable("ChapterRevision").set({ createdAt: new Date(Date.now() - 2 * 3_600_000) }).where("chapterId", "=", chapter.id).execute();
    const before = await ledger(dee.userId);
    for (let version = 6; version < THIN_EVERY_VERSIONS; version++) await saveChapter({ ...ids, version, content: text(version) }, dee);
    const kept = await sql.selectFrom("ChapterRevision").select("version").where("chapterId", "=", chapter.id).execute();
    expect(kept.length).toBeLessThan(THIN_EVERY_VERSIONS);
    expect(before).toMatchObject([{ written: 5, imported: 1 }]);
    expect(await ledger(dee.userId)).toMatchObject([{ written: THIN_EVERY_VERSIONS - 1, imported: 1, removed: 0, wordCount: THIN_EVERY_VERSIONS }]);
  });
});
