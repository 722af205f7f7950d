// @module-tag postgres
import { describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { deleteBook } from "@/server/books/delete-book";
import { getBook } from "@/server/books/get-book";
import { defaultCollectionOptions } from "@/server/collections";
import { deleteChapter } from "@/server/chapters/delete-chapter";
import { getChapter } from "@/server/chapters/get-chapter";
import { listRevisions, revisionsCollection } from "@/server/chapters/list-revisions";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { applyReplace } from "@/server/search/apply-replace";
import { listChangeSets } from "@/server/search/list-change-sets";
import { previewReplace } from "@/server/search/preview-replace";
import { searchBook } from "@/server/search/search-book";
import { searchLibrary } from "@/server/search/search-library";
import { thinRevisions } from "@/server/chapters/revision-retention";
import { sqlTransaction } from "@/server/db";
import { undoChangeSet } from "@/server/search/undo-change-set";
import { newWriter, withScopes } from "../support/principals";

const options = { matchCase: false, wholeWord: false, regex: false, widthInsensitive: false, matchChineseScript: false };

async function bookWith(writer: Principal, chapters: { title: string; content: string }[], title = "Snow") {
  const book = await createBook({ title, type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
  const uploaded = [];
  for (const chapter of chapters) uploaded.push(await uploadChapter({ bookId: book.id, ...chapter }, writer));
  return { book, chapters: uploaded };
}

async function revisionsOf(writer: Principal, bookId: string, chapterId: string) {
  return (await listRevisions({ bookId, chapterId, options: defaultCollectionOptions(revisionsCollection) }, writer)).items;
}

describe("book search (issue 23 item 1)", () => {
  it("finds CJK names without word boundaries, whole words, and pages hits in book order with per-chapter counts", async () => {
    const ada = await newWriter("ada");
    const { book, chapters } = await bookWith(ada, [
      { title: "凯瑟琳", content: "我们的凯瑟琳走了。凯瑟琳没有回来。" },
      { title: "Two", content: "Nothing here." },
      { title: "Three", content: "凯瑟琳说：“再见。”" },
    ]);
    const all = await searchBook({ bookId: book.id, query: "凯瑟琳", ...options, wholeWord: true, page: 1, perPage: 2 }, ada);
    expect(all.total).toBe(4);
    expect(all.chapters).toEqual([
      { chapterId: chapters[0]!.id, title: "凯瑟琳", position: 1, hitCount: 3 },
      { chapterId: chapters[2]!.id, title: "Three", position: 3, hitCount: 1 },
    ]);
    expect(all.items).toEqual([
      { chapterId: chapters[0]!.id, chapterTitle: "凯瑟琳", field: "title", start: 0, end: 3, before: "", match: "凯瑟琳", after: "" },
      { chapterId: chapters[0]!.id, chapterTitle: "凯瑟琳", field: "content", start: 3, end: 6, before: "我们的", match: "凯瑟琳", after: "走了。" },
    ]);
    const last = await searchBook({ bookId: book.id, query: "凯瑟琳", ...options, page: 2, perPage: 2 }, ada);
    expect(last.items.map((h) => [h.chapterTitle, h.start, h.after])).toEqual([
      ["凯瑟琳", 9, "没有回来。"],
      ["Three", 0, "说：“再见。”"],
    ]);
  });

  it("folds full-width forms when asked, and refuses an invalid regular expression with its position", async () => {
    const ben = await newWriter("ben");
    const { book } = await bookWith(ben, [{ title: "One", content: "ＡＢＣ与ABC。" }]);
    expect((await searchBook({ bookId: book.id, query: "abc", ...options, page: 1, perPage: 50 }, ben)).total).toBe(1);
    const folded = await searchBook({ bookId: book.id, query: "abc", ...options, widthInsensitive: true, page: 1, perPage: 50 }, ben);
    expect(folded.items.map((h) => h.match)).toEqual(["ＡＢＣ", "ABC"]);
    await expect(searchBook({ bookId: book.id, query: "(AB", ...options, regex: true, page: 1, perPage: 50 }, ben)).rejects.toMatchObject({
      code: "invalid_pattern",
      status: 422,
      details: { position: 3 },
    });
  });

  it("bounds a runaway pattern: nested quantifiers over a long chapter finish in a worker, on RE2", async () => {
    const cy = await newWriter("cy");
    const { book } = await bookWith(cy, [{ title: "Long", content: `${"a".repeat(400_000)}!` }]);
    const result = await searchBook({ bookId: book.id, query: "(a+)+b", ...options, regex: true, page: 1, perPage: 50 }, cy);
    expect(result.total).toBe(0);
  });

  it("needs read:books, and another writer's book stays closed", async () => {
    const di = await newWriter("di");
    const eve = await newWriter("eve");
    const { book } = await bookWith(di, [{ title: "One", content: "secret" }]);
    await expect(searchBook({ bookId: book.id, query: "secret", ...options, page: 1, perPage: 50 }, withScopes(di, ["read:analysis"]))).rejects.toMatchObject({ code: "insufficient_scope" });
    await expect(searchBook({ bookId: book.id, query: "secret", ...options, page: 1, perPage: 50 }, eve)).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("replace as one change set, with undo (issue 23 item 3)", () => {
  const rename = { query: "kathryn", replacement: "Katherine", preserveCase: true, ...options };

  it("previews, applies one revision per touched chapter with one change-set id, preserving case, and undoes it", async () => {
    const fay = await newWriter("fay");
    const { book, chapters } = await bookWith(fay, [
      { title: "Kathryn", content: "Kathryn ran. KATHRYN! kathryn?" },
      { title: "Two", content: "No one here." },
      { title: "Three", content: "Kathryn, again." },
    ]);
    const preview = await previewReplace({ bookId: book.id, ...rename }, fay);
    expect(preview.total).toBe(5);
    expect(preview.chapters.map((c) => [c.title, c.version, c.hits.map((h) => `${h.hitId}>${h.replacement}`)])).toEqual([
      ["Kathryn", 1, ["title:0>Katherine", "content:0>Katherine", "content:13>KATHERINE", "content:22>katherine"]],
      ["Three", 1, ["content:0>Katherine"]],
    ]);
    const choices = preview.chapters.map((c) => ({ chapterId: c.chapterId, version: c.version, skip: c.title === "Kathryn" ? ["content:22"] : [] }));
    const applied = await applyReplace({ bookId: book.id, ...rename, chapters: choices }, fay);
    expect(applied.replaced).toBe(4);
    expect(applied.chapters).toEqual([
      { chapterId: chapters[0]!.id, version: 2, replaced: 3 },
      { chapterId: chapters[2]!.id, version: 2, replaced: 1 },
    ]);
    expect(await getChapter({ bookId: book.id, chapterId: chapters[0]!.id }, fay)).toMatchObject({
      title: "Katherine",
      content: "Katherine ran. KATHERINE! kathryn?",
      version: 2,
    });
    // Exactly one new revision in each touched chapter, tagged; none in the untouched one.
    const revisions = await revisionsOf(fay, book.id, chapters[0]!.id);
    expect(revisions.map((r) => [r.version, r.kind, r.changeSetId])).toEqual([
      [2, "replace", applied.changeSetId],
      [1, "upload", null],
    ]);
    expect((await revisionsOf(fay, book.id, chapters[1]!.id)).map((r) => r.version)).toEqual([1]);
    expect((await getBook({ bookId: book.id }, fay)).wordCount).toBe(4 + 3 + 2);

    const listed = await listChangeSets({ bookId: book.id }, fay);
    expect(listed.items).toEqual([
      expect.objectContaining({ changeSetId: applied.changeSetId, query: "kathryn", replacement: "Katherine", replaced: 4, chapterCount: 2, undoneAt: null }),
    ]);

    const undone = await undoChangeSet({ bookId: book.id, changeSetId: applied.changeSetId }, fay);
    expect(undone.chapters).toEqual([
      { chapterId: chapters[0]!.id, version: 3 },
      { chapterId: chapters[2]!.id, version: 3 },
    ]);
    expect(await getChapter({ bookId: book.id, chapterId: chapters[0]!.id }, fay)).toMatchObject({ title: "Kathryn", content: "Kathryn ran. KATHRYN! kathryn?" });
    expect((await revisionsOf(fay, book.id, chapters[2]!.id)).map((r) => [r.version, r.kind, r.changeSetId])).toEqual([
      [3, "undo", applied.changeSetId],
      [2, "replace", applied.changeSetId],
      [1, "upload", null],
    ]);
    expect((await listChangeSets({ bookId: book.id }, fay)).items[0]!.undoneAt).not.toBeNull();
    await expect(undoChangeSet({ bookId: book.id, changeSetId: applied.changeSetId }, fay)).rejects.toMatchObject({ code: "change_set_undone", status: 409 });
  });

  it("refuses the whole change, naming the chapter, when a chapter was edited after the preview", async () => {
    const gil = await newWriter("gil");
    const { book, chapters } = await bookWith(gil, [
      { title: "One", content: "Kathryn one." },
      { title: "Two", content: "Kathryn two." },
    ]);
    const preview = await previewReplace({ bookId: book.id, ...rename }, gil);
    await saveChapter({ bookId: book.id, chapterId: chapters[1]!.id, version: 1, content: "Kathryn two, edited." }, gil);
    const choices = preview.chapters.map((c) => ({ chapterId: c.chapterId, version: c.version, skip: [] }));
    await expect(applyReplace({ bookId: book.id, ...rename, chapters: choices }, gil)).rejects.toMatchObject({
      code: "version_conflict",
      status: 409,
      message: expect.stringContaining('"Two"'),
      details: { chapters: [{ chapterId: chapters[1]!.id, title: "Two", expectedVersion: 1, currentVersion: 2 }] },
    });
    // Nothing written: not even the chapter that had not moved.
    expect(await getChapter({ bookId: book.id, chapterId: chapters[0]!.id }, gil)).toMatchObject({ content: "Kathryn one.", version: 1 });
    expect((await listChangeSets({ bookId: book.id }, gil)).items).toEqual([]);
  });

  it("refuses an undo, naming the chapter, when a chapter changed since the replace", async () => {
    const hal = await newWriter("hal");
    const { book, chapters } = await bookWith(hal, [
      { title: "One", content: "Kathryn one." },
      { title: "Two", content: "Kathryn two." },
    ]);
    const preview = await previewReplace({ bookId: book.id, ...rename }, hal);
    const applied = await applyReplace({ bookId: book.id, ...rename, chapters: preview.chapters.map((c) => ({ chapterId: c.chapterId, version: c.version, skip: [] })) }, hal);
    await saveChapter({ bookId: book.id, chapterId: chapters[0]!.id, version: 2, content: "Katherine one, edited." }, hal);
    await expect(undoChangeSet({ bookId: book.id, changeSetId: applied.changeSetId }, hal)).rejects.toMatchObject({
      code: "version_conflict",
      message: expect.stringContaining('"One"'),
      details: { chapters: [{ chapterId: chapters[0]!.id, expectedVersion: 2, currentVersion: 3 }] },
    });
    expect(await getChapter({ bookId: book.id, chapterId: chapters[1]!.id }, hal)).toMatchObject({ content: "Katherine two.", version: 2 });
    expect((await listChangeSets({ bookId: book.id }, hal)).items[0]!.undoneAt).toBeNull();
  });

  it("never thins away the autosave a replace changed, so the text from before it stays in the history", async () => {
    const joy = await newWriter("joy");
    const { book, chapters } = await bookWith(joy, [{ title: "One", content: "Kathryn." }]);
    const ids = { bookId: book.id, chapterId: chapters[0]!.id };
    await saveChapter({ ...ids, version: 1, content: "Kathryn, saved." }, joy);
    const preview = await previewReplace({ bookId: book.id, ...rename }, joy);
    await applyReplace({ bookId: book.id, ...rename, chapters: [{ chapterId: ids.chapterId, version: 2, skip: [] }] }, joy);
    expect(preview.chapters[0]!.version).toBe(2);
    await saveChapter({ ...ids, version: 3, content: "Katherine, saved again." }, joy);
    // Two hours on, versions 2 and 4 are autosaves of one ten-minute bucket: only the newest would stay.
    await sqlTransaction((trx) => thinRevisions(trx, ids.chapterId, new Date(Date.now() + 2 * 3600_000)));
    expect((await revisionsOf(joy, book.id, ids.chapterId)).map((r) => [r.version, r.kind])).toEqual([
      [4, "save"],
      [3, "replace"],
      [2, "save"],
      [1, "upload"],
    ]);
  });

  it("answers 422 when the replace would change nothing, and needs write:books to apply", async () => {
    const ida = await newWriter("ida");
    const { book, chapters } = await bookWith(ida, [{ title: "One", content: "Kathryn." }]);
    const choices = [{ chapterId: chapters[0]!.id, version: 1, skip: ["content:0"] }];
    await expect(applyReplace({ bookId: book.id, ...rename, chapters: choices }, ida)).rejects.toMatchObject({ code: "nothing_to_replace", status: 422 });
    const reader = withScopes(ida, ["read:books"]);
    expect((await previewReplace({ bookId: book.id, ...rename }, reader)).total).toBe(1);
    await expect(applyReplace({ bookId: book.id, ...rename, chapters: [{ ...choices[0]!, skip: [] }] }, reader)).rejects.toMatchObject({ code: "insufficient_scope" });
  });
});

describe("library search (issue 23 item 2)", () => {
  it("ranks the writer's own chapters, keeps the index current on save and delete, and serves short CJK queries", async () => {
    const jo = await newWriter("jo");
    const kit = await newWriter("kit");
    const { book: snow, chapters } = await bookWith(jo, [
      { title: "Lantern", content: "One lantern." },
      { title: "Lanterns", content: "Lantern, lantern, LANTERN. 林风来了。" },
    ]);
    const { book: rain } = await bookWith(jo, [{ title: "Rain", content: "A lantern in the rain." }], "Rain");
    await bookWith(kit, [{ title: "Theirs", content: "lantern lantern lantern lantern" }], "Kit's");
    const { book: trashed } = await bookWith(jo, [{ title: "Old", content: "lantern" }], "Old");
    await deleteBook({ bookId: trashed.id, permanent: false }, jo);

    await expect(searchLibrary({ query: "", page: 1, perPage: 20 }, jo)).rejects.toMatchObject({ code: "validation_failed", status: 422 });
    const found = await searchLibrary({ query: "lantern", page: 1, perPage: 20 }, jo);
    expect(found.total).toBe(3);
    expect(found.items[0]).toMatchObject({ bookId: snow.id, chapterTitle: "Lanterns", hitCount: 4 });
    expect(found.items.map((i) => i.bookTitle).sort()).toEqual(["Rain", "Snow", "Snow"]);
    expect(found.items.find((i) => i.bookId === rain.id)).toMatchObject({ before: "A ", match: "lantern", after: " in the rain." });
    // Pages: the total stands on every page, past the last one too.
    const second = await searchLibrary({ query: "lantern", page: 2, perPage: 2 }, jo);
    expect(second).toMatchObject({ total: 3, page: 2 });
    expect(second.items).toHaveLength(1);
    expect(await searchLibrary({ query: "lantern", page: 5, perPage: 2 }, jo)).toMatchObject({ total: 3, items: [] });

    // Two characters: below the trigram index, served by a scan.
    expect((await searchLibrary({ query: "林风", page: 1, perPage: 20 }, jo)).items.map((i) => i.chapterId)).toEqual([chapters[1]!.id]);

    await saveChapter({ bookId: snow.id, chapterId: chapters[0]!.id, version: 1, title: "Candle", content: "A candle now, a lighthouse." }, jo);
    expect((await searchLibrary({ query: "lighthouse", page: 1, perPage: 20 }, jo)).items.map((i) => i.chapterId)).toEqual([chapters[0]!.id]);
    expect((await searchLibrary({ query: "lantern", page: 1, perPage: 20 }, jo)).total).toBe(2);

    await deleteChapter({ bookId: snow.id, chapterId: chapters[1]!.id, permanent: true }, jo);
    expect((await searchLibrary({ query: "lantern", page: 1, perPage: 20 }, jo)).items.map((i) => i.bookId)).toEqual([rain.id]);
  });
});
