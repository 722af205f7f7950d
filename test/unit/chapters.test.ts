// @module-tag postgres
import { describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { deleteBook } from "@/server/books/delete-book";
import { getBook } from "@/server/books/get-book";
import { sql } from "@/server/db";
import { defaultCollectionOptions } from "@/server/collections";
import { deleteChapter } from "@/server/chapters/delete-chapter";
import { getChapter } from "@/server/chapters/get-chapter";
import { getRevision } from "@/server/chapters/get-revision";
import { chaptersCollection, listChapters } from "@/server/chapters/list-chapters";
import { listRevisions, revisionsCollection } from "@/server/chapters/list-revisions";
import { reorderChapters } from "@/server/chapters/reorder-chapters";
import { restoreRevision } from "@/server/chapters/restore-revision";
import { saveChapter } from "@/server/chapters/save-chapter";
import { titleFromHeading, uploadChapter } from "@/server/chapters/upload-chapter";
import { changeChapterText } from "@/server/chapters/change-text";
import { newWriter, withScopes } from "../support/principals";

async function bookFor(writer: Principal) {
  return createBook(
    { title: "Snow", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null },
    writer,
  );
}

const listOptions = defaultCollectionOptions(chaptersCollection);

describe("chapters", () => {
  it("takes the title from a leading heading, appends in order and keeps book totals", async () => {
    const ada = await newWriter("ada");
    const book = await bookFor(ada);
    const first = await uploadChapter({ bookId: book.id, content: "# The First Snow\n\nIt fell all night." }, ada);
    const second = await uploadChapter({ bookId: book.id, content: "雪が降った。", title: "Yuki" }, ada);
    const third = await uploadChapter({ bookId: book.id, content: "No heading here." }, ada);
    expect(first).toMatchObject({ title: "The First Snow", position: 1, version: 1, wordCount: 7 });
    expect(second).toMatchObject({ title: "Yuki", position: 2, wordCount: 5 });
    expect(third).toMatchObject({ title: "Chapter 3", position: 3, wordCount: 3 });
    expect(await getBook({ bookId: book.id }, ada)).toMatchObject({ wordCount: 15, chapterCount: 3 });

    const listed = await listChapters({ bookId: book.id, includeContent: false, options: listOptions }, ada);
    expect(listed.items.map((c) => c.title)).toEqual(["The First Snow", "Yuki", "Chapter 3"]);
    expect(listed.items[0]).not.toHaveProperty("content");
    const withContent = await listChapters({ bookId: book.id, includeContent: true, options: listOptions }, ada);
    expect(withContent.items[1]?.content).toBe("雪が降った。");
  });

  it("saves against the version edited and refuses a stale save without changing anything", async () => {
    const ben = await newWriter("ben");
    const book = await bookFor(ben);
    const chapter = await uploadChapter({ bookId: book.id, content: "one" }, ben);
    const ids = { bookId: book.id, chapterId: chapter.id };

    const saved = await saveChapter({ ...ids, version: 1, content: "one two" }, ben);
    expect(saved).toMatchObject({ version: 2, content: "one two", wordCount: 2, title: chapter.title });

    // A second editor still holding version 1 must not overwrite version 2.
    await expect(saveChapter({ ...ids, version: 1, content: "stale words" }, ben)).rejects.toMatchObject({
      code: "version_conflict",
      status: 409,
      details: { expectedVersion: 1, currentVersion: 2 },
    });
    expect(await getChapter(ids, ben)).toMatchObject({ version: 2, content: "one two" });
    expect((await getBook({ bookId: book.id }, ben)).wordCount).toBe(2);

    const retitled = await saveChapter({ ...ids, version: 2, title: "Renamed" }, ben);
    expect(retitled).toMatchObject({ version: 3, title: "Renamed", content: "one two" });
  });

  it("keeps every save as a revision and restores one as a new version", async () => {
    const cleo = await newWriter("cleo");
    const book = await bookFor(cleo);
    const chapter = await uploadChapter({ bookId: book.id, content: "first draft" }, cleo);
    const ids = { bookId: book.id, chapterId: chapter.id };
    await saveChapter({ ...ids, version: 1, content: "second draft" }, cleo);
    await saveChapter({ ...ids, version: 2, content: "third draft, worse" }, cleo);

    const revisions = await listRevisions({ ...ids, options: defaultCollectionOptions(revisionsCollection) }, cleo);
    expect(revisions.items.map((r) => r.version)).toEqual([3, 2, 1]);
    expect(await getRevision({ ...ids, version: 1 }, cleo)).toMatchObject({ version: 1, content: "first draft" });
    await expect(getRevision({ ...ids, version: 9 }, cleo)).rejects.toMatchObject({ code: "not_found" });

    const restored = await restoreRevision({ ...ids, revision: 2 }, cleo);
    expect(restored).toMatchObject({ version: 4, content: "second draft" });
    // The text the restore replaced is still there.
    expect(await getRevision({ ...ids, version: 3 }, cleo)).toMatchObject({ content: "third draft, worse" });
    await expect(restoreRevision({ ...ids, revision: 1, version: 3 }, cleo)).rejects.toMatchObject({ code: "version_conflict" });
  });

  it("reorders only with every chapter named once, and renumbers on delete", async () => {
    const dana = await newWriter("dana");
    const book = await bookFor(dana);
    const [a, b, c] = await Promise.all(["a", "b", "c"].map((t) => uploadChapter({ bookId: book.id, content: t, title: t }, dana)));
    // The uploads ran concurrently: each must still have landed in a place of its own.
    const before = (await listChapters({ bookId: book.id, includeContent: false, options: listOptions }, dana)).items;
    expect(new Set(before.map((x) => x.id))).toEqual(new Set([a!.id, b!.id, c!.id]));
    expect(before.map((x) => x.position)).toEqual([1, 2, 3]);

    await expect(reorderChapters({ bookId: book.id, chapterIds: [a!.id, b!.id] }, dana)).rejects.toMatchObject({ code: "validation_failed", status: 422 });
    await expect(reorderChapters({ bookId: book.id, chapterIds: [a!.id, a!.id, b!.id] }, dana)).rejects.toMatchObject({ code: "validation_failed" });
    const reordered = await reorderChapters({ bookId: book.id, chapterIds: [c!.id, a!.id, b!.id] }, dana);
    expect(reordered.map((x) => [x.title, x.position])).toEqual([["c", 1], ["a", 2], ["b", 3]]);

    await deleteChapter({ bookId: book.id, chapterId: c!.id }, dana);
    const after = await listChapters({ bookId: book.id, includeContent: false, options: listOptions }, dana);
    expect(after.items.map((x) => [x.title, x.position])).toEqual([["a", 1], ["b", 2]]);
    expect(await getBook({ bookId: book.id }, dana)).toMatchObject({ chapterCount: 2, wordCount: 2 });
  });

  it("checks scope and ownership on every chapter operation", async () => {
    const eve = await newWriter("eve");
    const finn = await newWriter("finn");
    const book = await bookFor(eve);
    const chapter = await uploadChapter({ bookId: book.id, content: "mine" }, eve);
    const ids = { bookId: book.id, chapterId: chapter.id };
    const readOnly = withScopes(eve, ["read:books"]);

    await expect(getChapter(ids, finn)).rejects.toMatchObject({ code: "forbidden" });
    await expect(saveChapter({ ...ids, version: 1, content: "theirs" }, finn)).rejects.toMatchObject({ code: "forbidden" });
    await expect(saveChapter({ ...ids, version: 1, content: "x" }, readOnly)).rejects.toMatchObject({ code: "insufficient_scope" });
    await expect(uploadChapter({ bookId: book.id, content: "x" }, readOnly)).rejects.toMatchObject({ code: "insufficient_scope" });
    await expect(deleteChapter(ids, readOnly)).rejects.toMatchObject({ code: "insufficient_scope" });
    await expect(getChapter({ bookId: book.id, chapterId: "nope" }, eve)).rejects.toMatchObject({ code: "not_found" });
    expect(await getChapter(ids, readOnly)).toMatchObject({ content: "mine", version: 1 });
  });
});

describe("chapter writes racing a book's deletion", () => {
  it("refuses a save whose book went to the trash after it was loaded, and writes nothing", async () => {
    const gia = await newWriter("gia");
    const book = await bookFor(gia);
    const chapter = await uploadChapter({ bookId: book.id, content: "kept words" }, gia);
    await deleteBook({ bookId: book.id, permanent: false }, gia);
    // As a save that had loaded the chapter just before the book was trashed:
    await expect(changeChapterText(chapter, 1, { title: chapter.title, content: "lost?" }, { authorId: gia.userId })).rejects.toMatchObject({
      code: "book_in_trash",
    });
    expect(await sql.selectFrom("Chapter").selectAll().where("id", "=", chapter.id).executeTakeFirstOrThrow()).toMatchObject({ version: 1, content: "kept words" });
    expect(await sql.selectFrom("ChapterRevision").select("id").where("chapterId", "=", chapter.id).execute()).toHaveLength(1);
  });

  it("counts a chapter deleted twice at once out of the book only once", async () => {
    const hal = await newWriter("hal");
    const book = await bookFor(hal);
    const chapter = await uploadChapter({ bookId: book.id, content: "once" }, hal);
    await uploadChapter({ bookId: book.id, content: "two words" }, hal);
    const ids = { bookId: book.id, chapterId: chapter.id };
    const results = await Promise.allSettled([deleteChapter(ids, hal), deleteChapter(ids, hal)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2); // into the trash is idempotent
    expect(await getBook({ bookId: book.id }, hal)).toMatchObject({ chapterCount: 1, wordCount: 2 });
  });
});

describe("titleFromHeading", () => {
  it("reads the first non-blank line's heading text", () => {
    expect(titleFromHeading("\n\n## Two  ##\ntext")).toBe("Two");
    expect(titleFromHeading("Plain text\n# Later heading")).toBeUndefined();
    expect(titleFromHeading("#hashtag")).toBeUndefined();
  });
});

describe("counting a long chapter", () => {
  it("counts past the web thread's share in a worker, by the same rule, on upload, save and restore", async () => {
    const hal = await newWriter("hal");
    const book = await bookFor(hal);
    // 300,000 characters: past what the web thread counts itself (server/text/count-task.ts).
    const long = `${"word ".repeat(60_000)}<!-- not counted -->\nwell-known end.`;
    const chapter = await uploadChapter({ bookId: book.id, content: long }, hal);
    expect(chapter.wordCount).toBe(60_002);
    const saved = await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: `${long} More.` }, hal);
    expect(saved.wordCount).toBe(60_003);
    const restored = await restoreRevision({ bookId: book.id, chapterId: chapter.id, revision: 1 }, hal);
    expect(restored.wordCount).toBe(60_002);
    expect((await getBook({ bookId: book.id }, hal)).wordCount).toBe(60_002);
  });
});
