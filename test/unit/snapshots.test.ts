// @module-tag postgres
// Issue 36 item 4 (decision 0489): named snapshots, as the use cases make, read, compare and
// restore them, and what they ask of revision retention and the trash.
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { deleteBook } from "@/server/books/delete-book";
import { deleteChapter, purgeExpiredChapters } from "@/server/chapters/delete-chapter";
import { listRevisions, revisionsCollection } from "@/server/chapters/list-revisions";
import { thinRevisions } from "@/server/chapters/revision-retention";
import { saveChapter } from "@/server/chapters/save-chapter";
import { untrashChapter } from "@/server/chapters/untrash-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { defaultCollectionOptions } from "@/server/collections";
import { sql } from "@/server/db";
import { AppError } from "@/server/errors";
import { addMember } from "@/server/members/add-member";
import { compareSnapshots } from "@/server/snapshots/compare-snapshots";
import { createSnapshot } from "@/server/snapshots/create-snapshot";
import { deleteSnapshot } from "@/server/snapshots/delete-snapshot";
import { diffWithin, DIFF_LIMITS_HERE, textDiff } from "@/server/snapshots/engine/text-diff";
import { createSnapshotInput } from "@/server/snapshots/schemas";
import { getSnapshot, getSnapshotChapter } from "@/server/snapshots/get-snapshot";
import { listSnapshots } from "@/server/snapshots/list-snapshots";
import { restoreFromSnapshot } from "@/server/snapshots/restore-from-snapshot";
import { eraseAccount } from "@/server/users/erase-account";
import { newWriter } from "../support/principals";

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; details: unknown }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message, details: error.details };
}

const newBook = (writer: Principal, title = "The Heron") =>
  createBook({ title, type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
const emailOf = async (principal: Principal) => (await sql.selectFrom("User").select("email").where("id", "=", principal.userId).executeTakeFirstOrThrow()).email;
const snapshotRows = (bookId: string) => sql.selectFrom("Snapshot").select(["id", "name"]).where("bookId", "=", bookId).orderBy("name").execute();

let owner: Principal;

beforeAll(async () => {
  await newWriter("admin"); // the first account is the admin, who acts as every book's owner
  owner = await newWriter("owner");
});

/** A book of three chapters, the second saved once more. */
async function threeChapters(writer = owner) {
  const book = await newBook(writer);
  const one = await uploadChapter({ bookId: book.id, title: "One", content: "A heron stood still in the reeds." }, writer);
  const two = await uploadChapter({ bookId: book.id, title: "Two", content: "The river ran." }, writer);
  const three = await uploadChapter({ bookId: book.id, title: "Three", content: "Night came." }, writer);
  const twoSaved = await saveChapter({ bookId: book.id, chapterId: two.id, version: 1, content: "The river ran fast." }, writer);
  return { book, one, two: twoSaved, three };
}

describe("making a snapshot", () => {
  it("holds each chapter's current revision with its title and place, copies no text, and leaves the trash out", async () => {
    const { book, one, two, three } = await threeChapters();
    await deleteChapter({ bookId: book.id, chapterId: three.id }, owner);
    // parsed as every transport parses it: the name trimmed
    const made = await createSnapshot({ bookId: book.id, ...createSnapshotInput.parse({ name: "  Draft 2 for beta ", note: "for the readers" }) }, owner);
    expect(made).toMatchObject({
      bookId: book.id,
      name: "Draft 2 for beta",
      note: "for the readers",
      author: { userId: owner.userId, name: "owner" },
      chapterCount: 2,
      wordCount: one.wordCount + two.wordCount,
      chapters: [
        { chapterId: one.id, title: "One", position: 1, version: 1, wordCount: one.wordCount },
        { chapterId: two.id, title: "Two", position: 2, version: 2, wordCount: two.wordCount },
      ],
    });
    const held = await sql
      .selectFrom("SnapshotChapter")
      .innerJoin("ChapterRevision", "ChapterRevision.id", "SnapshotChapter.revisionId")
      .select(["SnapshotChapter.chapterId", "ChapterRevision.version"])
      .where("SnapshotChapter.snapshotId", "=", made.id)
      .orderBy("SnapshotChapter.position")
      .execute();
    expect(held).toEqual([
      { chapterId: one.id, version: 1 },
      { chapterId: two.id, version: 2 },
    ]);
    expect(await getSnapshot({ bookId: book.id, snapshotId: made.id }, owner)).toEqual(made);
    expect((await listSnapshots({ bookId: book.id }, owner)).map((s) => s.name)).toEqual(["Draft 2 for beta"]);
  });

  it("refuses a name the book has already, letter case aside (409), and leaves everything as it was", async () => {
    const { book } = await threeChapters();
    await createSnapshot({ bookId: book.id, name: "Draft 2", note: "" }, owner);
    const before = await snapshotRows(book.id);
    expect(await refusal(createSnapshot({ bookId: book.id, name: "draft 2", note: "" }, owner))).toMatchObject({ code: "name_taken" });
    expect(await snapshotRows(book.id)).toEqual(before);
    // another book may use it
    const other = await newBook(owner, "Other");
    await expect(createSnapshot({ bookId: other.id, name: "Draft 2", note: "" }, owner)).resolves.toMatchObject({ name: "Draft 2", chapterCount: 0 });
  });

  it("is the owner's: a co-author, editor or beta reader may not make or delete one (403), a stranger neither", async () => {
    const { book } = await threeChapters();
    const made = await createSnapshot({ bookId: book.id, name: "Mine", note: "" }, owner);
    for (const role of ["co_author", "editor", "beta_reader"] as const) {
      const member = await newWriter(role);
      await addMember({ bookId: book.id, email: await emailOf(member), role }, owner);
      expect(await refusal(createSnapshot({ bookId: book.id, name: `By ${role}`, note: "" }, member))).toMatchObject({ code: "forbidden" });
      expect(await refusal(deleteSnapshot({ bookId: book.id, snapshotId: made.id }, member))).toMatchObject({ code: "forbidden" });
    }
    const stranger = await newWriter("stranger");
    expect(await refusal(createSnapshot({ bookId: book.id, name: "Theirs", note: "" }, stranger))).toMatchObject({ code: "forbidden" });
    expect((await snapshotRows(book.id)).map((s) => s.name)).toEqual(["Mine"]);
  });
});

describe("reading and comparing", () => {
  it("keeps the text as it was while the book moves on, and compares with today chapter by chapter", async () => {
    const { book, one, two, three } = await threeChapters();
    const draft = await createSnapshot({ bookId: book.id, name: "Draft 1", note: "" }, owner);
    await saveChapter({ bookId: book.id, chapterId: one.id, version: 1, content: "A heron stood very still in the reeds." }, owner);
    await saveChapter({ bookId: book.id, chapterId: two.id, version: 2, title: "Two, retitled" }, owner);
    await deleteChapter({ bookId: book.id, chapterId: three.id }, owner);
    const four = await uploadChapter({ bookId: book.id, title: "Four", content: "Morning." }, owner);

    expect(await getSnapshotChapter({ bookId: book.id, snapshotId: draft.id, chapterId: one.id }, owner)).toEqual({
      snapshotId: draft.id,
      chapterId: one.id,
      title: "One",
      position: 1,
      version: 1,
      wordCount: one.wordCount,
      content: "A heron stood still in the reeds.",
    });
    const compared = await compareSnapshots({ bookId: book.id, snapshotId: draft.id, with: "today" }, owner);
    expect(compared.from).toEqual({ snapshotId: draft.id, name: "Draft 1", createdAt: draft.createdAt });
    expect(compared.to).toEqual({ snapshotId: null, name: "Today", createdAt: null });
    expect(compared.chapters.map((c) => [c.chapterId, c.status, c.inTrashToday])).toEqual([
      [one.id, "changed", false],
      [two.id, "changed", false],
      [four.id, "added", false],
      [three.id, "removed", true],
    ]);
    expect(compared.chapters[0]).toMatchObject({ from: { title: "One", wordCount: 7 }, to: { title: "One", wordCount: 8 } });
    expect(compared.totals).toEqual({ added: 1, removed: 1, changed: 2, unchanged: 0, fromWords: 7 + 4 + 2, toWords: 8 + 4 + 1 });
    expect(compared.diff).toBeNull();

    const withDiff = await compareSnapshots({ bookId: book.id, snapshotId: draft.id, with: "today", chapter: one.id }, owner);
    expect(withDiff.diff).toEqual({
      chapterId: one.id,
      approximate: false,
      parts: [
        { kind: "same", text: "A heron stood " },
        { kind: "added", text: "very " },
        { kind: "same", text: "still in the reeds." },
      ],
    });
    // a chapter only one side holds is diffed against nothing; one neither holds is 404
    expect((await compareSnapshots({ bookId: book.id, snapshotId: draft.id, with: "today", chapter: four.id }, owner)).diff?.parts).toEqual([{ kind: "added", text: "Morning." }]);
    expect(await refusal(compareSnapshots({ bookId: book.id, snapshotId: draft.id, with: "today", chapter: "no-such-chapter" }, owner))).toMatchObject({ code: "not_found" });
  });

  it("compares two snapshots, telling a save that changed nothing from one that changed the words", async () => {
    const { book, one, two, three } = await threeChapters();
    const first = await createSnapshot({ bookId: book.id, name: "First", note: "" }, owner);
    await saveChapter({ bookId: book.id, chapterId: one.id, version: 1, content: "A heron stood still in the reeds." }, owner); // same text, new version
    await saveChapter({ bookId: book.id, chapterId: two.id, version: 2, content: "The river ran slow." }, owner); // same count, other words
    const second = await createSnapshot({ bookId: book.id, name: "Second", note: "" }, owner);
    const compared = await compareSnapshots({ bookId: book.id, snapshotId: first.id, with: second.id }, owner);
    expect(compared.to).toMatchObject({ snapshotId: second.id, name: "Second" });
    expect(compared.chapters.map((c) => [c.chapterId, c.status])).toEqual([
      [one.id, "unchanged"],
      [two.id, "changed"],
      [three.id, "unchanged"],
    ]);
    // a short sentence mostly rewritten reads as the old one struck out above the new one
    expect((await compareSnapshots({ bookId: book.id, snapshotId: first.id, with: second.id, chapter: two.id }, owner)).diff?.parts).toEqual([
      { kind: "removed", text: "The river ran fast." },
      { kind: "added", text: "The river ran slow." },
    ]);
    // a snapshot of another book is no snapshot of this one
    const elsewhere = await createSnapshot({ bookId: (await newBook(owner, "Elsewhere")).id, name: "E", note: "" }, owner);
    expect(await refusal(compareSnapshots({ bookId: book.id, snapshotId: first.id, with: elsewhere.id }, owner))).toMatchObject({ code: "not_found" });
    expect(await refusal(getSnapshot({ bookId: book.id, snapshotId: elsewhere.id }, owner))).toMatchObject({ code: "not_found" });
  });

  it("lets whoever reads the draft read and compare, and not a beta reader (until item 5 gives them one)", async () => {
    const { book } = await threeChapters();
    const made = await createSnapshot({ bookId: book.id, name: "Shared", note: "" }, owner);
    const editor = await newWriter("editor");
    await addMember({ bookId: book.id, email: await emailOf(editor), role: "editor" }, owner);
    expect((await listSnapshots({ bookId: book.id }, editor)).map((s) => s.id)).toEqual([made.id]);
    expect((await compareSnapshots({ bookId: book.id, snapshotId: made.id, with: "today" }, editor)).totals.unchanged).toBe(3);
    const reader = await newWriter("reader");
    await addMember({ bookId: book.id, email: await emailOf(reader), role: "beta_reader" }, owner);
    expect(await refusal(listSnapshots({ bookId: book.id }, reader))).toMatchObject({ code: "forbidden" });
  });

  it("shows the writer's private notes only to those who write the book (decision 0492)", async () => {
    const book = await newBook(owner, "Notes");
    const chapter = await uploadChapter({ bookId: book.id, title: "One", content: "The heron waited. <!-- cut this? -->" }, owner);
    const draft = await createSnapshot({ bookId: book.id, name: "With a note", note: "" }, owner);
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: "The heron waited. <!-- keep it -->" }, owner);
    const editor = await newWriter("editor");
    await addMember({ bookId: book.id, email: await emailOf(editor), role: "editor" }, owner);
    const ids = { bookId: book.id, snapshotId: draft.id, chapterId: chapter.id };
    expect((await getSnapshotChapter(ids, owner)).content).toBe("The heron waited. <!-- cut this? -->");
    expect((await getSnapshotChapter(ids, editor)).content).not.toContain("cut this");
    // only the note changed: the owner sees a change, the editor none, and no diff shows them the note
    expect((await compareSnapshots({ ...ids, with: "today" }, owner)).chapters[0]?.status).toBe("changed");
    const editors = await compareSnapshots({ ...ids, with: "today", chapter: chapter.id }, editor);
    expect(editors.chapters[0]?.status).toBe("unchanged");
    expect(JSON.stringify(editors.diff)).not.toMatch(/cut this|keep it/);
  });

  it("diffs a long chapter in a worker thread and answers the same parts", async () => {
    const book = await newBook(owner, "Long");
    const paragraphs = Array.from({ length: 800 }, (_, i) => `Paragraph ${i} of the long chapter, where the heron waits.`);
    const chapter = await uploadChapter({ bookId: book.id, title: "Long", content: paragraphs.join("\n") }, owner);
    const draft = await createSnapshot({ bookId: book.id, name: "Long draft", note: "" }, owner);
    paragraphs[400] = "Paragraph 400 of the long chapter, where the grey heron waits.";
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: paragraphs.join("\n") }, owner);
    const { diff } = await compareSnapshots({ bookId: book.id, snapshotId: draft.id, with: "today", chapter: chapter.id }, owner);
    expect(paragraphs.join("\n").length).toBeGreaterThan(32 * 1024); // past what is diffed on the request's thread
    expect(diff?.approximate).toBe(false);
    expect(diff?.parts.filter((p) => p.kind !== "same")).toEqual([{ kind: "added", text: "grey " }]);
    expect(diff?.parts.map((p) => p.text).join("")).toBe(paragraphs.join("\n"));
  });

  it("diffs by edit counts, never a clock: past the budget, the stretch is shown removed and added whole", () => {
    const before = Array.from({ length: 50 }, (_, i) => `line ${i}`).join("\n");
    const after = Array.from({ length: 50 }, (_, i) => `other ${i}`).join("\n");
    expect(textDiff(before, after, { lineEdits: 10, wordEdits: 10, wordDiffCharacters: 100 })).toEqual({
      approximate: true,
      parts: [
        { kind: "removed", text: before },
        { kind: "added", text: after },
      ],
    });
    expect(textDiff("same", "same")).toEqual({ approximate: false, parts: [{ kind: "same", text: "same" }] });
    // the request's thread tries a small budget and says when it held the diff back: 600 short
    // lines all changed are matched within the worker's budget, not within the thread's
    const many = (letter: string) => Array.from({ length: 600 }, () => letter).join("\n");
    expect(diffWithin(many("a"), many("b"), DIFF_LIMITS_HERE)).toMatchObject({ limited: true, diff: { approximate: true } });
    expect(textDiff(many("a"), many("b")).approximate).toBe(false);
    // a paragraph that mostly stayed is diffed word by word
    expect(textDiff("First.\nThe river ran fast under the old stone bridge.\n", "First.\nThe river ran slow under the old stone bridge.\n").parts).toEqual([
      { kind: "same", text: "First.\nThe river ran " },
      { kind: "removed", text: "fast" },
      { kind: "added", text: "slow" },
      { kind: "same", text: " under the old stone bridge.\n" },
    ]);
  });
});

describe("restoring a chapter from a snapshot", () => {
  it("writes a new version through the text command, whose revision names the snapshot and who restored it", async () => {
    const { book, two } = await threeChapters();
    const draft = await createSnapshot({ bookId: book.id, name: "Draft 1", note: "" }, owner);
    await saveChapter({ bookId: book.id, chapterId: two.id, version: 2, title: "Renamed", content: "Something else entirely." }, owner);
    const coAuthor = await newWriter("co-author");
    await addMember({ bookId: book.id, email: await emailOf(coAuthor), role: "co_author" }, owner);
    const restored = await restoreFromSnapshot({ bookId: book.id, snapshotId: draft.id, chapterId: two.id }, coAuthor);
    expect(restored).toMatchObject({ id: two.id, title: "Two", content: "The river ran fast.", version: 4 });
    const revisions = await listRevisions({ bookId: book.id, chapterId: two.id, options: defaultCollectionOptions(revisionsCollection) }, owner);
    expect(revisions.items[0]).toMatchObject({ version: 4, kind: "restore", authorId: coAuthor.userId, snapshotId: draft.id, snapshotName: "Draft 1" });
    expect(revisions.items[1]).toMatchObject({ version: 3, kind: "save", snapshotId: null, snapshotName: null });
    // a stale version is refused and changes nothing
    expect(await refusal(restoreFromSnapshot({ bookId: book.id, snapshotId: draft.id, chapterId: two.id, version: 3 }, owner))).toMatchObject({ code: "version_conflict" });
    // an editor may read it, not restore it
    const editor = await newWriter("editor");
    await addMember({ bookId: book.id, email: await emailOf(editor), role: "editor" }, owner);
    expect(await refusal(restoreFromSnapshot({ bookId: book.id, snapshotId: draft.id, chapterId: two.id }, editor))).toMatchObject({ code: "forbidden" });
    // once the snapshot is deleted, the revision keeps its id and names nothing
    await deleteSnapshot({ bookId: book.id, snapshotId: draft.id }, owner);
    const after = await listRevisions({ bookId: book.id, chapterId: two.id, options: defaultCollectionOptions(revisionsCollection) }, owner);
    expect(after.items[0]).toMatchObject({ version: 4, snapshotId: draft.id, snapshotName: null });
  });

  it("refuses a chapter the snapshot does not hold (404), an unknown snapshot (404) and a chapter in the trash (404 chapter_in_trash)", async () => {
    const { book, one, three } = await threeChapters();
    const draft = await createSnapshot({ bookId: book.id, name: "Draft", note: "" }, owner);
    const later = await uploadChapter({ bookId: book.id, title: "Later", content: "Not in the draft." }, owner);
    expect(await refusal(restoreFromSnapshot({ bookId: book.id, snapshotId: draft.id, chapterId: later.id }, owner))).toMatchObject({
      code: "not_found",
      message: "This snapshot holds no chapter with this id.",
    });
    expect(await refusal(restoreFromSnapshot({ bookId: book.id, snapshotId: "no-such-snapshot", chapterId: one.id }, owner))).toMatchObject({ code: "not_found" });
    await deleteChapter({ bookId: book.id, chapterId: three.id }, owner);
    expect(await refusal(restoreFromSnapshot({ bookId: book.id, snapshotId: draft.id, chapterId: three.id }, owner))).toMatchObject({ code: "chapter_in_trash" });
    // taken out of the trash first, it is restored
    await untrashChapter({ bookId: book.id, chapterId: three.id }, owner);
    await expect(restoreFromSnapshot({ bookId: book.id, snapshotId: draft.id, chapterId: three.id }, owner)).resolves.toMatchObject({ content: "Night came.", version: 2 });
    expect(await refusal(deleteSnapshot({ bookId: book.id, snapshotId: "no-such-snapshot" }, owner))).toMatchObject({ code: "not_found" });
  });
});

describe("what a snapshot holds is kept", () => {
  it("revision retention never thins a revision a snapshot holds", async () => {
    const book = await newBook(owner);
    const chapter = await uploadChapter({ bookId: book.id, title: "One", content: "v1" }, owner);
    for (let version = 1; version < 6; version++) await saveChapter({ bookId: book.id, chapterId: chapter.id, version, content: `v${version + 1}` }, owner);
    await sql.updateTable("ChapterRevision").set({ createdAt: new Date(Date.now() - 3 * 86_400_000) }).where("chapterId", "=", chapter.id).execute();
    // a snapshot of version 3, made back then: its revision is one of a day's autosaves
    const held = await sql.selectFrom("ChapterRevision").select("id").where("chapterId", "=", chapter.id).where("version", "=", 3).executeTakeFirstOrThrow();
    const snapshotId = "held-snapshot";
    await sql.insertInto("Snapshot").values({ id: snapshotId, bookId: book.id, name: "Then", note: "", authorId: owner.userId, createdAt: new Date(), chapterCount: 1, wordCount: 1 }).execute();
    await sql.insertInto("SnapshotChapter").values({ snapshotId, chapterId: chapter.id, revisionId: held.id, position: 1, title: "One", version: 3, wordCount: 1 }).execute();

    await sql.transaction().execute((trx) => thinRevisions(trx, chapter.id, new Date()));
    const kept = (await sql.selectFrom("ChapterRevision").select("version").where("chapterId", "=", chapter.id).orderBy("version").execute()).map((r) => r.version);
    expect(kept).toContain(3);
    expect(kept).toContain(6);
    expect(kept.length).toBeLessThan(6); // the others of that day were thinned
    expect((await getSnapshotChapter({ bookId: book.id, snapshotId, chapterId: chapter.id }, owner)).content).toBe("v3");
  });

  it("a chapter a snapshot holds is not deleted for good (409) and waits in the trash until no snapshot holds it", async () => {
    const { book, one } = await threeChapters();
    const draft = await createSnapshot({ bookId: book.id, name: "Draft", note: "" }, owner);
    const refused = await refusal(deleteChapter({ bookId: book.id, chapterId: one.id, permanent: true }, owner));
    expect(refused).toMatchObject({ code: "chapter_in_snapshot", details: { snapshots: [{ id: draft.id, name: "Draft" }] } });
    expect(await sql.selectFrom("Chapter").select(["deletedAt"]).where("id", "=", one.id).executeTakeFirstOrThrow()).toEqual({ deletedAt: null });

    await deleteChapter({ bookId: book.id, chapterId: one.id }, owner);
    const longAfter = new Date(Date.now() + 400 * 86_400_000);
    await purgeExpiredChapters(longAfter);
    expect(await sql.selectFrom("Chapter").select("id").where("id", "=", one.id).execute()).toHaveLength(1);
    expect((await getSnapshotChapter({ bookId: book.id, snapshotId: draft.id, chapterId: one.id }, owner)).content).toBe("A heron stood still in the reeds.");

    await deleteSnapshot({ bookId: book.id, snapshotId: draft.id }, owner);
    await purgeExpiredChapters(longAfter);
    expect(await sql.selectFrom("Chapter").select("id").where("id", "=", one.id).execute()).toHaveLength(0);
  });

  it("goes with its book when the book is deleted for good, and with its owner's account", async () => {
    const { book } = await threeChapters();
    await createSnapshot({ bookId: book.id, name: "Draft", note: "" }, owner);
    await deleteBook({ bookId: book.id, permanent: true }, owner);
    expect(await snapshotRows(book.id)).toEqual([]);

    const leaving = await newWriter("leaving");
    const theirs = await threeChapters(leaving);
    await createSnapshot({ bookId: theirs.book.id, name: "Draft", note: "" }, leaving);
    await eraseAccount(leaving.userId);
    expect(await snapshotRows(theirs.book.id)).toEqual([]);
  });
});
