// @module-tag postgres
import { describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createEntry } from "@/server/bible/create-entry";
import { createEntryInput } from "@/server/bible/schemas";
import { createBook } from "@/server/books/create-book";
import { TEXT_CHANGE_CONSEQUENCES } from "@/server/chapters/change-text";
import { getRevision } from "@/server/chapters/get-revision";
import { listRevisions, revisionsCollection } from "@/server/chapters/list-revisions";
import { restoreRevision } from "@/server/chapters/restore-revision";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { importChapters } from "@/server/convert/import-chapters";
import { defaultCollectionOptions } from "@/server/collections";
import { engine, sql } from "@/server/db";
import { drainOutbox } from "@/server/outbox/drain-outbox";
import { addMember } from "@/server/members/add-member";
import { OUTBOX_TOPICS } from "@/server/outbox/topics";
import { applyReplace } from "@/server/search/apply-replace";
import { undoChangeSet } from "@/server/search/undo-change-set";
import { newWriter } from "../support/principals";

/** Issue 31 item 2 (decision 0460): every change of a chapter's text goes through one command. */
const newBook = (writer: Principal) =>
  createBook({ title: "Text", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
const file = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });
const replacing = (query: string, replacement: string) => ({ query, replacement, preserveCase: false, matchCase: false, wholeWord: false, regex: false, widthInsensitive: false, matchChineseScript: false });

const outboxOf = async (chapterId: string) =>
  (await sql.selectFrom("Outbox").select("topic").where("subjectId", "=", chapterId).orderBy("id").execute()).map((row) => row.topic);
const revisionRows = (chapterId: string) =>
  sql.selectFrom("ChapterRevision").select(["version", "kind", "authorId"]).where("chapterId", "=", chapterId).orderBy("version").execute();
const drained = (topic: keyof typeof OUTBOX_TOPICS, chapterIds: string[]) => drainOutbox({ topic, subjectIds: chapterIds });

describe("one command for every change of a chapter's text", () => {
  it("declares each consequence once, in the transaction, in the outbox (with a topic that exists) or derived", () => {
    for (const [name, consequence] of Object.entries(TEXT_CHANGE_CONSEQUENCES)) {
      expect(["transaction", "outbox", "derived"], name).toContain(consequence.in);
      expect(consequence.why.length, name).toBeGreaterThan(20);
      if (consequence.in === "outbox") expect(Object.keys(OUTBOX_TOPICS), name).toContain(consequence.topic);
    }
    expect(Object.keys(TEXT_CHANGE_CONSEQUENCES)).toEqual(["revision", "totals", "comments", "suggestions", "scenes", "foreshadowing", "overdueForeshadowing", "ledger", "mentions", "search", "webhooks", "analysis"]);
  });

  it("names the author on the revision of every path: upload, save, restore, replace, undo and import", async () => {
    const ann = await newWriter("author-ann");
    const book = await newBook(ann);
    const chapter = await uploadChapter({ bookId: book.id, title: "One", content: "A heron stood still." }, ann);
    const ids = { bookId: book.id, chapterId: chapter.id };
    await saveChapter({ ...ids, version: 1, content: "A heron stood very still." }, ann);
    await restoreRevision({ ...ids, revision: 1 }, ann);
    const applied = await applyReplace({ bookId: book.id, ...replacing("heron", "crane"), chapters: [{ chapterId: chapter.id, version: 3, skip: [] }] }, ann);
    await undoChangeSet({ bookId: book.id, changeSetId: applied.changeSetId }, ann);
    const imported = await importChapters({ bookId: book.id, file: file("more.md", "# Two\n\nSecond.\n") }, ann);

    expect(await revisionRows(chapter.id)).toEqual(
      ["upload", "save", "restore", "replace", "undo"].map((kind, i) => ({ version: i + 1, kind, authorId: ann.userId })),
    );
    expect(await revisionRows(imported.chapters[0]!.id)).toEqual([{ version: 1, kind: "import", authorId: ann.userId }]);
    // The revision DTOs carry it, in lists and one by one.
    const listed = await listRevisions({ ...ids, options: defaultCollectionOptions(revisionsCollection) }, ann);
    expect(listed.items.map((r) => r.authorId)).toEqual(Array(5).fill(ann.userId));
    expect(await getRevision({ ...ids, version: 4 }, ann)).toMatchObject({ kind: "replace", authorId: ann.userId, changeSetId: applied.changeSetId });
  });

  it("credits the member who wrote the change, not the book's owner", async () => {
    const owner = await newWriter("owner-olga");
    const editor = await newWriter("co-author-ed");
    const book = await newBook(owner);
    const { email } = await sql.selectFrom("User").select("email").where("id", "=", editor.userId).executeTakeFirstOrThrow();
    await addMember({ bookId: book.id, email, role: "co_author" }, owner);
    const chapter = await uploadChapter({ bookId: book.id, content: "One two three." }, owner);
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: "One two three four five." }, editor);
    expect((await revisionRows(chapter.id)).map((r) => r.authorId)).toEqual([owner.userId, editor.userId]);
    const days = await sql.selectFrom("WritingDay").select(["userId", "written", "imported"]).where("bookId", "=", book.id).orderBy("userId").execute();
    expect(days.sort((a, b) => (a.userId === owner.userId ? -1 : b.userId === owner.userId ? 1 : 0))).toEqual([
      { userId: owner.userId, written: 0, imported: 3 },
      { userId: editor.userId, written: 2, imported: 0 },
    ]);
  });

  it("leaves its outbox work in its own transaction on every path, and none when it is refused", async () => {
    const bea = await newWriter("outbox-bea");
    const book = await newBook(bea);
    const search = engine === "sqlite" ? ["chapter-search"] : [];
    // The library search index (SQLite) and the webhooks' chapter.saved follow the mentions.
    const rows = ["chapter-mentions", ...search, "chapter-webhooks"];
    const drainAll = async () => {
      for (const topic of ["chapter-mentions", "chapter-search", "chapter-webhooks"] as const) await drained(topic, [chapter.id]);
    };
    const chapter = await uploadChapter({ bookId: book.id, title: "One", content: "Lyra saw a heron." }, bea);
    expect(await outboxOf(chapter.id)).toEqual(rows);
    await drainAll();

    const applied = await applyReplace({ bookId: book.id, ...replacing("heron", "crane"), chapters: [{ chapterId: chapter.id, version: 1, skip: [] }] }, bea);
    expect(await outboxOf(chapter.id)).toEqual(rows);
    await undoChangeSet({ bookId: book.id, changeSetId: applied.changeSetId }, bea);
    expect(await outboxOf(chapter.id)).toEqual([...rows, ...rows]);
    await drainAll();

    // A stale save (409) writes nothing, its outbox rows included.
    await expect(saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: "Too late." }, bea)).rejects.toMatchObject({ code: "version_conflict" });
    expect(await outboxOf(chapter.id)).toEqual([]);
    expect(await revisionRows(chapter.id)).toHaveLength(3);
  });

  it("finds the bible's names again through the outbox, after a save at once and after a replace when drained", async () => {
    const cy = await newWriter("mentions-cy");
    const book = await newBook(cy);
    const lyra = await createEntry({ bookId: book.id, ...createEntryInput.parse({ name: "Lyra" }) }, cy);
    const chapter = await uploadChapter({ bookId: book.id, title: "One", content: "Nobody was there." }, cy);
    const mentioned = () => sql.selectFrom("BibleMention").select("count").where("entryId", "=", lyra.id).where("chapterId", "=", chapter.id).execute();
    const scanned = () => sql.selectFrom("BibleMentionScan").select("chapterVersion").where("chapterId", "=", chapter.id).executeTakeFirst();

    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: "Lyra was there." }, cy);
    // A single save waits for its mentions, as the editor shows them next.
    expect(await mentioned()).toEqual([{ count: 1 }]);
    expect(await scanned()).toEqual({ chapterVersion: 2 });
    expect(await outboxOf(chapter.id)).not.toContain("chapter-mentions");

    await applyReplace({ bookId: book.id, ...replacing("was", "and Lyra were"), chapters: [{ chapterId: chapter.id, version: 2, skip: [] }] }, cy);
    expect(await scanned()).toEqual({ chapterVersion: 2 });
    await drained("chapter-mentions", [chapter.id]);
    expect(await mentioned()).toEqual([{ count: 2 }]);
    expect(await scanned()).toEqual({ chapterVersion: 3 });
  });
});
