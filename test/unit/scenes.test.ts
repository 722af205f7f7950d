// @module-tag postgres
// Scenes of a chapter, issue 35 item 1 (decision 0499): the use cases and the text command's
// `scenes` consequence, on both engines.
import { describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { deleteChapter } from "@/server/chapters/delete-chapter";
import { getChapter } from "@/server/chapters/get-chapter";
import { restoreRevision } from "@/server/chapters/restore-revision";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { createScene } from "@/server/scenes/create-scene";
import { deleteScene } from "@/server/scenes/delete-scene";
import { getScene, listChapterScenes, listScenes } from "@/server/scenes/list-scenes";
import { moveScene } from "@/server/scenes/move-scene";
import { reorderScenes } from "@/server/scenes/reorder-scenes";
import { splitBook, splitChapter } from "@/server/scenes/split-scenes";
import { updateScene } from "@/server/scenes/update-scene";
import { applyReplace } from "@/server/search/apply-replace";
import { undoChangeSet } from "@/server/search/undo-change-set";
import { newWriter, withScopes } from "../support/principals";

const TEXT = "Morning came.\n\n* * *\n\nNoon, and rain.\n\n* * *\n\nNight fell.\n";
const newBook = (writer: Principal) => createBook({ title: "Scenes", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
const replacing = (query: string, replacement: string) => ({ query, replacement, preserveCase: false, matchCase: false, wholeWord: false, regex: false, widthInsensitive: false, matchChineseScript: false });

async function split(writer: Principal, content = TEXT) {
  const book = await newBook(writer);
  const chapter = await uploadChapter({ bookId: book.id, title: "One", content }, writer);
  const scenes = await splitChapter({ bookId: book.id, chapterId: chapter.id }, writer);
  return { book, chapter, scenes, ids: { bookId: book.id, chapterId: chapter.id } };
}
const contentOf = async (ids: { bookId: string; chapterId: string }, who: Principal) => (await getChapter(ids, who)).content;
const versionOf = async (ids: { bookId: string; chapterId: string }, who: Principal) => (await getChapter(ids, who)).version;
const kindsOf = async (chapterId: string) => (await sql.selectFrom("ChapterRevision").select("kind").where("chapterId", "=", chapterId).orderBy("version").execute()).map((r) => r.kind);

describe("scenes", () => {
  it("a chapter nobody split has no scenes; splitting makes one per stretch between breaks, without changing the text", async () => {
    const ada = await newWriter("ada");
    const book = await newBook(ada);
    const chapter = await uploadChapter({ bookId: book.id, title: "One", content: TEXT }, ada);
    expect(await listScenes({ bookId: book.id }, ada)).toEqual([]);
    const scenes = await splitChapter({ bookId: book.id, chapterId: chapter.id }, ada);
    expect(scenes.map((s) => [s.position, s.title, s.wordCount, TEXT.slice(s.start, s.end).trim()])).toEqual([
      [1, "", 2, "Morning came."],
      [2, "", 3, "* * *\n\nNoon, and rain."],
      [3, "", 2, "* * *\n\nNight fell."],
    ]);
    expect((await getChapter({ bookId: book.id, chapterId: chapter.id }, ada)).version).toBe(1);
    // Splitting again changes nothing.
    expect((await splitChapter({ bookId: book.id, chapterId: chapter.id }, ada)).map((s) => s.id)).toEqual(scenes.map((s) => s.id));
  });

  it("the whole-book split splits every chapter with breaks and no scenes, and leaves the others", async () => {
    const ben = await newWriter("ben");
    const book = await newBook(ben);
    await uploadChapter({ bookId: book.id, title: "One", content: TEXT }, ben);
    const plain = await uploadChapter({ bookId: book.id, title: "Two", content: "No breaks here.\n" }, ben);
    await uploadChapter({ bookId: book.id, title: "Three", content: "A.\n\n#\n\nB.\n" }, ben);
    const scenes = await splitBook({ bookId: book.id }, ben);
    expect(scenes.length).toBe(5);
    expect(scenes.some((s) => s.chapterId === plain.id)).toBe(false);
    expect((await splitBook({ bookId: book.id }, ben)).map((s) => s.id)).toEqual(scenes.map((s) => s.id));
  });

  it("keeps each scene's id through saves, a typed break, a deleted break, a replace, its undo and a restore", async () => {
    const cy = await newWriter("cy");
    const { scenes, ids, book } = await split(cy);
    const [a, b, c] = scenes.map((s) => s.id);
    await saveChapter({ ...ids, version: 1, content: TEXT.replace("Morning", "Early morning") }, cy);
    expect((await listChapterScenes(ids, cy)).map((s) => s.id)).toEqual([a, b, c]);
    // A break typed in the second scene: the text after it is a new scene.
    await saveChapter({ ...ids, version: 2, content: TEXT.replace("Morning", "Early morning").replace("Noon, and rain.", "Noon.\n\n* * *\n\nRain.") }, cy);
    const four = await listChapterScenes(ids, cy);
    expect(four.map((s) => s.id).filter((id) => id !== four[2]!.id)).toEqual([a, b, c]);
    expect(four[2]!.id).not.toMatch(new RegExp(`^(${a}|${b}|${c})$`));
    // That break deleted again: joined into the scene before, which keeps its id.
    await saveChapter({ ...ids, version: 3, content: TEXT.replace("Morning", "Early morning").replace("Noon, and rain.", "Noon.\n\nRain.") }, cy);
    expect((await listChapterScenes(ids, cy)).map((s) => s.id)).toEqual([a, b, c]);
    const applied = await applyReplace({ bookId: book.id, ...replacing("rain", "hail"), chapters: [{ chapterId: ids.chapterId, version: 4, skip: [] }] }, cy);
    expect((await listChapterScenes(ids, cy)).map((s) => s.id)).toEqual([a, b, c]);
    await undoChangeSet({ bookId: book.id, changeSetId: applied.changeSetId }, cy);
    expect((await listChapterScenes(ids, cy)).map((s) => s.id)).toEqual([a, b, c]);
    await restoreRevision({ ...ids, revision: 1 }, cy);
    expect((await listChapterScenes(ids, cy)).map((s) => s.id)).toEqual([a, b, c]);
    expect(await contentOf(ids, cy)).toBe(TEXT);
  });

  it("renames, adds at a place and at the end, reorders and deletes, each text change a revision", async () => {
    const di = await newWriter("di");
    const { scenes, ids, chapter } = await split(di);
    const [a, b, c] = scenes.map((s) => s.id);
    expect((await updateScene({ bookId: ids.bookId, sceneId: b!, title: "Rain" }, di)).title).toBe("Rain");
    expect(await versionOf(ids, di)).toBe(1); // a rename changes no text
    const added = await createScene({ ...ids, version: 1, title: "Dusk", at: TEXT.indexOf("Night") }, di);
    expect(added).toMatchObject({ title: "Dusk", position: 4 });
    expect((await listChapterScenes(ids, di)).map((s) => s.id)).toEqual([a, b, c, added.id]);
    const last = await createScene({ ...ids, version: 2 }, di);
    expect(last.position).toBe(5);
    const order = [added.id, a!, c!, b!, last.id];
    const reordered = await reorderScenes({ ...ids, version: 3, sceneIds: order }, di);
    expect(reordered.map((s) => s.id)).toEqual(order);
    expect(await contentOf(ids, di)).toBe("Night fell.\n\n* * *\n\nMorning came.\n\n* * *\n\n\n\n* * *\n\nNoon, and rain.\n\n* * *\n\n");
    await deleteScene({ bookId: ids.bookId, sceneId: b!, version: 4 }, di);
    expect((await listChapterScenes(ids, di)).map((s) => s.title)).toEqual(["Dusk", "", "", ""]);
    expect(await kindsOf(chapter.id)).toEqual(["upload", "scenes", "scenes", "scenes", "scenes"]);
    // History brings the deleted text back: the scene comes back as a new one.
    await restoreRevision({ ...ids, revision: 4 }, di);
    expect((await listChapterScenes(ids, di)).length).toBe(5);
  });

  it("adding a scene to an empty chapter makes it that one scene, with no break and no revision", async () => {
    const ivy = await newWriter("ivy");
    const book = await newBook(ivy);
    const empty = await uploadChapter({ bookId: book.id, title: "Empty", content: "" }, ivy);
    const ids = { bookId: book.id, chapterId: empty.id };
    const scene = await createScene({ ...ids, version: 1, title: "Opening" }, ivy);
    expect(scene).toMatchObject({ position: 1, title: "Opening", start: 0, end: 0 });
    expect(await versionOf(ids, ivy)).toBe(1);
    // Typing in it keeps it, and a break typed makes the second.
    await saveChapter({ ...ids, version: 1, content: "It began.\n\n* * *\n\nIt went on.\n" }, ivy);
    expect((await listChapterScenes(ids, ivy)).map((s) => [s.id === scene.id, s.wordCount])).toEqual([
      [true, 2],
      [false, 3],
    ]);
  });

  it("refuses stale versions, a reorder that does not name every scene, and a place past the text, changing nothing", async () => {
    const ed = await newWriter("ed");
    const { scenes, ids } = await split(ed);
    const sceneIds = scenes.map((s) => s.id);
    await expect(reorderScenes({ ...ids, version: 2, sceneIds: sceneIds.reverse() }, ed)).rejects.toMatchObject({ code: "version_conflict" });
    await expect(reorderScenes({ ...ids, version: 1, sceneIds: sceneIds.slice(1) }, ed)).rejects.toMatchObject({ code: "validation_failed" });
    await expect(reorderScenes({ ...ids, version: 1, sceneIds: [sceneIds[0]!, sceneIds[0]!, sceneIds[1]!] }, ed)).rejects.toMatchObject({ code: "validation_failed" });
    await expect(createScene({ ...ids, version: 1, at: TEXT.length + 1 }, ed)).rejects.toMatchObject({ code: "validation_failed" });
    await expect(deleteScene({ bookId: ids.bookId, sceneId: sceneIds[0]!, version: 7 }, ed)).rejects.toMatchObject({ code: "version_conflict" });
    expect(await contentOf(ids, ed)).toBe(TEXT);
    expect(await versionOf(ids, ed)).toBe(1);
  });

  it("moves a scene with its text and id to another chapter of the book; refuses trash, other books and stale versions", async () => {
    const flo = await newWriter("flo");
    const { scenes, ids, book } = await split(flo);
    const target = await uploadChapter({ bookId: book.id, title: "Two", content: "Elsewhere.\n" }, flo);
    const to = { bookId: book.id, chapterId: target.id };
    const b = scenes[1]!.id;
    await updateScene({ bookId: book.id, sceneId: b, title: "Rain" }, flo);
    await expect(moveScene({ bookId: book.id, sceneId: b, version: 1, toChapterId: target.id, toVersion: 2 }, flo)).rejects.toMatchObject({ code: "version_conflict" });
    await expect(moveScene({ bookId: book.id, sceneId: b, version: 2, toChapterId: target.id, toVersion: 1 }, flo)).rejects.toMatchObject({ code: "version_conflict" });
    const moved = await moveScene({ bookId: book.id, sceneId: b, version: 1, toChapterId: target.id, toVersion: 1, position: 1 }, flo);
    expect(moved).toMatchObject({ id: b, chapterId: target.id, position: 1, title: "Rain", wordCount: 3 });
    expect(await contentOf(ids, flo)).toBe("Morning came.\n\n* * *\n\nNight fell.\n");
    expect(await contentOf(to, flo)).toBe("Noon, and rain.\n\n* * *\n\nElsewhere.\n");
    expect((await listChapterScenes(to, flo)).map((s) => s.position)).toEqual([1, 2]);
    expect(await kindsOf(target.id)).toEqual(["upload", "scenes"]);
    // Into a trashed chapter: 404 chapter_in_trash; into another writer's book's chapter: 404 (this book has none such).
    const trashed = await uploadChapter({ bookId: book.id, title: "Three", content: "Gone.\n" }, flo);
    await deleteChapter({ bookId: book.id, chapterId: trashed.id, permanent: false }, flo);
    await expect(moveScene({ bookId: book.id, sceneId: b, version: 2, toChapterId: trashed.id, toVersion: 1 }, flo)).rejects.toMatchObject({ code: "chapter_in_trash" });
    const gil = await newWriter("gil");
    const other = await split(gil);
    await expect(moveScene({ bookId: book.id, sceneId: b, version: 2, toChapterId: other.chapter.id, toVersion: 1 }, flo)).rejects.toMatchObject({ code: "not_found" });
    await expect(moveScene({ bookId: other.book.id, sceneId: other.scenes[0]!.id, version: 1, toChapterId: target.id, toVersion: 2 }, flo)).rejects.toMatchObject({ code: expect.stringMatching(/^(forbidden|insufficient_scope)$/) });
    expect(await contentOf(other.ids, gil)).toBe(TEXT);
  });

  it("reads with read, changes with write: a viewer lists scenes and changes none; a read-only credential changes none", async () => {
    const hal = await newWriter("hal");
    const { scenes, ids } = await split(hal);
    const viewer = await newWriter("viewer");
    await sql.insertInto("BookMember").values({ bookId: ids.bookId, userId: viewer.userId, role: "viewer", createdAt: new Date() }).execute();
    expect((await listScenes({ bookId: ids.bookId }, viewer)).length).toBe(3);
    expect((await getScene({ bookId: ids.bookId, sceneId: scenes[0]!.id }, viewer)).id).toBe(scenes[0]!.id);
    await expect(updateScene({ bookId: ids.bookId, sceneId: scenes[0]!.id, title: "No" }, viewer)).rejects.toMatchObject({ code: expect.stringMatching(/^(forbidden|insufficient_scope)$/) });
    // A beta reader sees the scenes of released chapters only.
    const beta = await newWriter("beta");
    await sql.insertInto("BookMember").values({ bookId: ids.bookId, userId: beta.userId, role: "beta_reader", createdAt: new Date() }).execute();
    expect(await listScenes({ bookId: ids.bookId }, beta)).toEqual([]);
    await sql.updateTable("Chapter").set({ releasedAt: new Date() }).where("id", "=", ids.chapterId).execute();
    expect((await listScenes({ bookId: ids.bookId }, beta)).length).toBe(3);
    await expect(updateScene({ bookId: ids.bookId, sceneId: scenes[0]!.id, title: "No" }, withScopes(hal, ["read:books"]))).rejects.toMatchObject({ code: expect.stringMatching(/^(forbidden|insufficient_scope)$/) });
  });
});
