// @module-tag postgres
import { describe, expect, it } from "vitest";
import { createBook } from "@/server/books/create-book";
import { restoreRevision } from "@/server/chapters/restore-revision";
import { revisionsToDrop, THIN_EVERY_VERSIONS } from "@/server/chapters/revision-retention";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { newWriter } from "../support/principals";

const NOW = new Date("2026-11-23T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe("revisionsToDrop", () => {
  it("keeps every save of the last ten minutes", () => {
    const saves = [1, 2, 3, 4].map((n) => ({ id: `s${n}`, version: 10 - n, createdAt: ago(n * MINUTE) }));
    expect(revisionsToDrop(saves, NOW)).toEqual([]);
  });

  it("keeps the newest save of each minute up to an hour, of each ten minutes up to a day, of each day after", () => {
    const saves = [
      { id: "m20a", version: 6, createdAt: new Date("2026-11-23T11:40:10Z") },
      { id: "m20b", version: 7, createdAt: new Date("2026-11-23T11:40:50Z") }, // same minute, newer: kept
      { id: "m21", version: 8, createdAt: new Date("2026-11-23T11:41:05Z") },
      { id: "h3a", version: 3, createdAt: new Date("2026-11-23T09:01:00Z") },
      { id: "h3b", version: 4, createdAt: new Date("2026-11-23T09:09:00Z") }, // same ten minutes, newer: kept
      { id: "h3c", version: 5, createdAt: new Date("2026-11-23T09:10:00Z") },
      { id: "d2a", version: 1, createdAt: new Date("2026-11-20T08:00:00.000Z") },
      { id: "d2b", version: 2, createdAt: new Date("2026-11-20T20:00:00.000Z") }, // same day, newer: kept
    ];
    expect(revisionsToDrop(saves, NOW).sort()).toEqual(["d2a", "h3a", "m20a"]);
  });
});

describe("autosave thinning in the save path", () => {
  it("thins old autosaves as saves go on, and never drops an upload, a restore or the current version", async () => {
    const writer = await newWriter("thin");
    const book = await createBook({ title: "Long", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
    const chapter = await uploadChapter({ bookId: book.id, content: "first" }, writer);
    const ids = { bookId: book.id, chapterId: chapter.id };
    let version = 1;
    for (; version < 5; version++) await saveChapter({ ...ids, version, content: `draft ${version}` }, writer);
    await restoreRevision({ ...ids, revision: 2 }, writer);
    version++;
    // Those saves were made two hours ago, within one ten-minute window.
    await sql.updateTable("ChapterRevision").set({ createdAt: new Date(Date.now() - 2 * 60 * MINUTE) }).where("chapterId", "=", chapter.id).execute();

    for (; version < THIN_EVERY_VERSIONS; version++) await saveChapter({ ...ids, version, content: `draft ${version}` }, writer);

    const history = await sql.selectFrom("ChapterRevision").select(["version", "kind"]).where("chapterId", "=", chapter.id).orderBy("version", "desc").execute();
    const kept = history.map((r) => `${r.version}:${r.kind}`);
    // Of the old autosaves (2–5) only the newest (5) stays; the upload (1) and the restore (6) stay;
    // the recent saves (7–20) all stay.
    expect(kept).toEqual([...Array.from({ length: 14 }, (_, i) => `${20 - i}:save`), "6:restore", "5:save", "1:upload"]);
  });
});
