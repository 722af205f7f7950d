// @module-tag postgres
// Issue 34 item 7 (decision 0482): revisions keep their text compressed once they outlive the first
// thinning window (saves write them plain); every reader gets the text
// it was given byte for byte, rows written before compression still read, and on SQLite the file
// shrinks once thinned revisions' pages are given back.
import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sql as rawSql } from "kysely";
import { chaptersAsOf } from "@/server/analysis/read-book-as-of";
import { createBook } from "@/server/books/create-book";
import { getRevision } from "@/server/chapters/get-revision";
import { restoreRevision } from "@/server/chapters/restore-revision";
import { compressOldRevisions } from "@/server/chapters/revision-text";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { getChapter } from "@/server/chapters/get-chapter";
import { engine, eraseDeletedText, releaseFreePages, sql } from "@/server/db";
import { applyReplace } from "@/server/search/apply-replace";
import { undoChangeSet } from "@/server/search/undo-change-set";
import { sqliteFile } from "@/server/sql/sqlite";
import { newWriter } from "../support/principals";

const settings = { type: "novel", description: "", status: "drafting", targetWordCount: null } as const;
const replacing = (query: string, replacement: string) => ({ query, replacement, preserveCase: false, matchCase: false, wholeWord: false, regex: false, widthInsensitive: false, matchChineseScript: false });

// CJK, emoji (astral, with a ZWJ sequence and a skin tone), combining marks, CRLF and tabs.
const MIXED = "林风走进了山门。师父说：“你来晚了。”\r\n\t👩‍👩‍👧 🙋🏽 e\u0301 café — “quotes” ok\n\n".repeat(50);

/** A cut-off after every revision written so far: the sweep as it will run ten minutes from now. */
const EVERYTHING = () => new Date(Date.now() + 60_000);

async function storedRow(chapterId: string, version: number) {
  return sql.selectFrom("ChapterRevision").select(["content", "compressedContent"]).where("chapterId", "=", chapterId).where("version", "=", version).executeTakeFirstOrThrow();
}

describe("compressed revisions", () => {
  it("keep each version's text compressed, and give it back byte for byte to history, restore, undo and compare", async () => {
    const writer = await newWriter("zip");
    const book = await createBook({ ...settings, language: "zh", title: "压缩" }, writer);
    const chapter = await uploadChapter({ bookId: book.id, title: "一", content: MIXED }, writer);
    const ids = { bookId: book.id, chapterId: chapter.id };
    await saveChapter({ ...ids, version: 1, content: `${MIXED}heron 🦩` }, writer);

    // A save keeps its revision plain; the sweep compresses the ones that outlive the first window.
    expect((await storedRow(chapter.id, 2)).compressedContent).toBeNull();
    expect(await compressOldRevisions(new Date(Date.now() - 60_000))).toBe(0);
    expect(await compressOldRevisions(EVERYTHING())).toBeGreaterThanOrEqual(2);
    const stored = await storedRow(chapter.id, 1);
    expect(stored.content).toBe("");
    expect(stored.compressedContent!.length).toBeLessThan(Buffer.byteLength(MIXED) / 3);

    expect((await getRevision({ ...ids, version: 1 }, writer)).content).toBe(MIXED);
    expect((await getRevision({ ...ids, version: 2 }, writer)).content).toBe(`${MIXED}heron 🦩`);

    await restoreRevision({ ...ids, revision: 1 }, writer);
    expect((await getChapter(ids, writer)).content).toBe(MIXED);

    const before = `${MIXED}heron 🦩`;
    await saveChapter({ ...ids, version: 3, content: before }, writer);
    const applied = await applyReplace({ bookId: book.id, ...replacing("heron", "crane"), chapters: [{ chapterId: chapter.id, version: 4, skip: [] }] }, writer);
    expect((await getChapter(ids, writer)).content).toBe(`${MIXED}crane 🦩`);
    await undoChangeSet({ bookId: book.id, changeSetId: applied.changeSetId }, writer);
    await compressOldRevisions(EVERYTHING());
    expect((await getChapter(ids, writer)).content).toBe(before);

    const [asOf] = await chaptersAsOf(book.id, new Date(Date.now() + 60_000));
    expect(asOf).toEqual({ id: chapter.id, title: "一", content: before });
  });

  it("still read a revision written before compression, and compress it later to the same text", async () => {
    const writer = await newWriter("old");
    const book = await createBook({ ...settings, language: "en", title: "Old" }, writer);
    const chapter = await uploadChapter({ bookId: book.id, title: "Old", content: "placeholder" }, writer);
    const ids = { bookId: book.id, chapterId: chapter.id };
    // As a database from before the migration holds it: the text in content, nothing compressed.
    await sql.updateTable("ChapterRevision").set({ content: MIXED, compressedContent: null }).where("chapterId", "=", chapter.id).execute();

    expect((await getRevision({ ...ids, version: 1 }, writer)).content).toBe(MIXED);

    expect(await compressOldRevisions(EVERYTHING())).toBeGreaterThanOrEqual(1);
    const stored = await storedRow(chapter.id, 1);
    expect(stored.content).toBe("");
    expect(stored.compressedContent).not.toBeNull();
    expect((await getRevision({ ...ids, version: 1 }, writer)).content).toBe(MIXED);
    await restoreRevision({ ...ids, revision: 1 }, writer);
    expect((await getChapter(ids, writer)).content).toBe(MIXED);
    expect(await compressOldRevisions(EVERYTHING())).toBe(1); // the restore's own, plain until now
  });

  it.skipIf(engine !== "sqlite")("shrink the SQLite file once thinned revisions' pages are given back", async () => {
    const file = sqliteFile(process.env.DATABASE_URL!);
    const { rows } = await rawSql<{ auto_vacuum: number }>`PRAGMA auto_vacuum`.execute(sql);
    expect(rows[0]!.auto_vacuum).toBe(2); // incremental, set by scripts/migrate.mjs
    const writer = await newWriter("shrink");
    const book = await createBook({ ...settings, language: "en", title: "Big" }, writer);
    // Text that does not compress: random words, so the revisions take many pages.
    const words = Array.from({ length: 40_000 }, (_, i) => ((i * 2654435761) >>> 0).toString(36)).join(" ");
    const chapter = await uploadChapter({ bookId: book.id, title: "Big", content: words }, writer);
    for (let version = 1; version <= 10; version++) await saveChapter({ bookId: book.id, chapterId: chapter.id, version, content: `${words} ${version}` }, writer);
    await releaseFreePages();
    // The pages written since the last checkpoint are still in the write-ahead log, not the file
    // (once a transaction ran long, a thread checkpoints: decision 0526). Emptied as after a purge,
    // asked again while that thread's own checkpoint holds the log.
    await eraseDeletedText();
    const grown = statSync(file).size;

    // What thinning does: old autosaves deleted in the save's transaction.
    await sql.deleteFrom("ChapterRevision").where("chapterId", "=", chapter.id).where("kind", "=", "save").where("version", "<", 11).execute();
    await releaseFreePages();
    const shrunk = statSync(file).size;
    expect(shrunk).toBeLessThan(grown - 8 * 100_000);
  });
});
