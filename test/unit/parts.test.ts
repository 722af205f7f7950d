// @module-tag postgres
// Parts (卷) of a book, issue 35 item 1 (decision 0488): the use cases, on both engines.
import { describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { getBook } from "@/server/books/get-book";
import { deleteChapter } from "@/server/chapters/delete-chapter";
import { reorderChapters } from "@/server/chapters/reorder-chapters";
import { untrashChapter } from "@/server/chapters/untrash-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { createPart } from "@/server/parts/create-part";
import { deletePart } from "@/server/parts/delete-part";
import { getContents } from "@/server/parts/get-contents";
import { getPart } from "@/server/parts/get-part";
import { listParts } from "@/server/parts/list-parts";
import { reorderContents } from "@/server/parts/reorder-contents";
import type { ContentsDto } from "@/server/parts/schemas";
import { updatePart } from "@/server/parts/update-part";
import { moveChapterIntoPart, type OrderEntry } from "@/server/parts/contents-tree";
import { newWriter, withScopes } from "../support/principals";

async function bookWith(writer: Principal, titles: string[]) {
  const book = await createBook({ title: "卷", type: "novel", description: "", language: "zh", status: "drafting", targetWordCount: null }, writer);
  const chapters = [];
  for (const title of titles) chapters.push(await uploadChapter({ bookId: book.id, title, content: `${title}的正文。` }, writer));
  return { book, chapters };
}

/** The contents as titles: a part as [title, [its chapters]], a chapter as its title. */
function shape(contents: ContentsDto): unknown[] {
  return contents.entries.map((entry) => (entry.type === "part" ? [entry.part.title, entry.chapters.map((c) => c.title)] : entry.chapter.title));
}

/** The contents as a reorder names them. */
function entriesOf(contents: ContentsDto): OrderEntry[] {
  return contents.entries.map((entry) => (entry.type === "part" ? { partId: entry.part.id, chapterIds: entry.chapters.map((c) => c.id) } : { chapterId: entry.chapter.id }));
}

async function member(owner: Principal, bookId: string, role: string, released: string[] = []): Promise<Principal> {
  const writer = await newWriter(role);
  await sql.insertInto("BookMember").values({ bookId, userId: writer.userId, role, createdAt: new Date() }).execute();
  if (released.length > 0) await sql.updateTable("Chapter").set({ releasedAt: new Date() }).where("id", "in", released).execute();
  void owner;
  return writer;
}

describe("parts", () => {
  it("a book without parts reads as before: no parts, its chapters in order, each with partId null", async () => {
    const ada = await newWriter("ada");
    const { book } = await bookWith(ada, ["一", "二"]);
    expect(await listParts({ bookId: book.id }, ada)).toEqual([]);
    const contents = await getContents({ bookId: book.id }, ada);
    expect(shape(contents)).toEqual(["一", "二"]);
    expect(contents.entries.map((e) => e.type === "chapter" && e.chapter.partId)).toEqual([null, null]);
  });

  it("groups chapters under parts through the order, with the order version guarding every move", async () => {
    const ben = await newWriter("ben");
    const { book, chapters } = await bookWith(ben, ["楔子", "第一章", "第二章", "第三章", "后记"]);
    const [prologue, one, two, three, afterword] = chapters.map((c) => c.id);
    const first = await createPart({ bookId: book.id, title: "第一卷" }, ben);
    const second = await createPart({ bookId: book.id, title: "第二卷" }, ben);
    expect([first.position, second.position]).toEqual([1, 2]);
    // Empty parts stand last until chapters join them.
    let contents = await getContents({ bookId: book.id }, ben);
    expect(shape(contents)).toEqual(["楔子", "第一章", "第二章", "第三章", "后记", ["第一卷", []], ["第二卷", []]]);

    const entries: OrderEntry[] = [{ chapterId: prologue! }, { partId: first.id, chapterIds: [one!, two!] }, { partId: second.id, chapterIds: [three!] }, { chapterId: afterword! }];
    const moved = await reorderContents({ bookId: book.id, orderVersion: contents.orderVersion, entries }, ben);
    expect(shape(moved)).toEqual(["楔子", ["第一卷", ["第一章", "第二章"]], ["第二卷", ["第三章"]], "后记"]);
    expect(moved.orderVersion).toBe(contents.orderVersion + 1);
    expect(moved.entries.flatMap((e) => (e.type === "part" ? e.chapters : [e.chapter])).map((c) => c.position)).toEqual([1, 2, 3, 4, 5]);
    expect(await listParts({ bookId: book.id }, ben)).toMatchObject([
      { title: "第一卷", position: 1, chapterCount: 2 },
      { title: "第二卷", position: 2, chapterCount: 1 },
    ]);

    // The same order again, against the order version it was read with: stale, 409, nothing changes.
    await expect(reorderContents({ bookId: book.id, orderVersion: contents.orderVersion, entries: [...entries].reverse() }, ben)).rejects.toMatchObject({
      code: "version_conflict",
      status: 409,
    });
    await expect(reorderChapters({ bookId: book.id, chapterIds: chapters.map((c) => c.id), orderVersion: contents.orderVersion }, ben)).rejects.toMatchObject({ status: 409 });
    expect(shape(await getContents({ bookId: book.id }, ben))).toEqual(shape(moved));

    // Parts reorder as entries do.
    contents = await getContents({ bookId: book.id }, ben);
    const swapped = await reorderContents({ bookId: book.id, orderVersion: contents.orderVersion, entries: [entries[0]!, entries[2]!, entries[1]!, entries[3]!] }, ben);
    expect(shape(swapped)).toEqual(["楔子", ["第二卷", ["第三章"]], ["第一卷", ["第一章", "第二章"]], "后记"]);
    expect((await getPart({ bookId: book.id, partId: second.id }, ben)).position).toBe(1);
  });

  it("refuses an order that leaves out, repeats or borrows a chapter or part, a trashed chapter included", async () => {
    const cy = await newWriter("cy");
    const { book, chapters } = await bookWith(cy, ["a", "b", "c"]);
    const other = await bookWith(cy, ["x"]);
    const part = await createPart({ bookId: book.id, title: "Part One" }, cy);
    const strangerPart = await createPart({ bookId: other.book.id, title: "Part Two" }, cy);
    await deleteChapter({ bookId: book.id, chapterId: chapters[2]!.id }, cy);
    const { orderVersion } = await getContents({ bookId: book.id }, cy);
    const [a, b, c] = chapters.map((ch) => ch.id);
    const refusals: OrderEntry[][] = [
      [{ chapterId: a! }, { partId: part.id, chapterIds: [b!] }, { chapterId: c! }], // c is in the trash
      [{ chapterId: a! }, { partId: part.id, chapterIds: [b!, other.chapters[0]!.id] }], // another book's chapter
      [{ chapterId: a! }, { chapterId: b! }, { partId: strangerPart.id, chapterIds: [] }], // another book's part
      [{ chapterId: a! }, { chapterId: b! }], // the part left out
      [{ chapterId: a! }, { partId: part.id, chapterIds: [a!, b!] }], // a twice
    ];
    for (const entries of refusals) {
      await expect(reorderContents({ bookId: book.id, orderVersion, entries }, cy)).rejects.toMatchObject({ code: "validation_failed", status: 422 });
    }
    expect((await getContents({ bookId: book.id }, cy)).orderVersion).toBe(orderVersion);
    expect(await sql.selectFrom("Chapter").select("partId").where("bookId", "=", other.book.id).execute()).toEqual([{ partId: null }]);
  });

  it("keeps a part's chapters together: the flat chapter order keeps each chapter's part and may not split one", async () => {
    const di = await newWriter("di");
    const { book, chapters } = await bookWith(di, ["a", "b", "c", "d"]);
    const [a, b, c, d] = chapters.map((ch) => ch.id);
    const part = await createPart({ bookId: book.id, title: "卷一" }, di);
    const contents = await getContents({ bookId: book.id }, di);
    await reorderContents({ bookId: book.id, orderVersion: contents.orderVersion, entries: [{ chapterId: a! }, { partId: part.id, chapterIds: [b!, c!] }, { chapterId: d! }] }, di);
    await expect(reorderChapters({ bookId: book.id, chapterIds: [b!, a!, c!, d!] }, di)).rejects.toMatchObject({ code: "validation_failed" });
    const reordered = await reorderChapters({ bookId: book.id, chapterIds: [d!, c!, b!, a!] }, di);
    expect(reordered.map((ch) => [ch.title, ch.partId === part.id])).toEqual([["d", false], ["c", true], ["b", true], ["a", false]]);
  });

  it("deleting a part keeps its chapters where they stand, outside any part; renaming changes only the title", async () => {
    const ed = await newWriter("ed");
    const { book, chapters } = await bookWith(ed, ["a", "b", "c"]);
    const first = await createPart({ bookId: book.id, title: "One" }, ed);
    const second = await createPart({ bookId: book.id, title: "Two" }, ed);
    const { orderVersion } = await getContents({ bookId: book.id }, ed);
    const [a, b, c] = chapters.map((ch) => ch.id);
    await reorderContents({ bookId: book.id, orderVersion, entries: [{ partId: first.id, chapterIds: [a!, b!] }, { partId: second.id, chapterIds: [c!] }] }, ed);
    const renamed = await updatePart({ bookId: book.id, partId: second.id, title: "Two, renamed" }, ed);
    expect(renamed).toMatchObject({ title: "Two, renamed", position: 2, chapterCount: 1 });
    await deletePart({ bookId: book.id, partId: first.id }, ed);
    expect(shape(await getContents({ bookId: book.id }, ed))).toEqual(["a", "b", ["Two, renamed", ["c"]]]);
    expect((await getPart({ bookId: book.id, partId: second.id }, ed)).position).toBe(1);
    expect(await getBook({ bookId: book.id }, ed)).toMatchObject({ chapterCount: 3 });
    await expect(deletePart({ bookId: book.id, partId: first.id }, ed)).rejects.toMatchObject({ code: "not_found" });
    await expect(updatePart({ bookId: book.id, partId: first.id, title: "x" }, ed)).rejects.toMatchObject({ code: "not_found" });
  });

  it("a chapter back from the trash rejoins its part, and adding or trashing a chapter makes a held order stale", async () => {
    const flo = await newWriter("flo");
    const { book, chapters } = await bookWith(flo, ["a", "b", "c", "d"]);
    const [a, b, c, d] = chapters.map((ch) => ch.id);
    const one = await createPart({ bookId: book.id, title: "One" }, flo);
    const two = await createPart({ bookId: book.id, title: "Two" }, flo);
    let contents = await getContents({ bookId: book.id }, flo);
    await reorderContents({ bookId: book.id, orderVersion: contents.orderVersion, entries: [{ partId: one.id, chapterIds: [a!, b!] }, { partId: two.id, chapterIds: [c!, d!] }] }, flo);
    await deleteChapter({ bookId: book.id, chapterId: a! }, flo);
    contents = await getContents({ bookId: book.id }, flo);
    // Part Two's chapters move while a is away; its old first place now lies in Part Two.
    await reorderContents({ bookId: book.id, orderVersion: contents.orderVersion, entries: [{ partId: two.id, chapterIds: [c!, d!] }, { partId: one.id, chapterIds: [b!] }] }, flo);
    const held = await getContents({ bookId: book.id }, flo);
    await untrashChapter({ bookId: book.id, chapterId: a! }, flo);
    const after = await getContents({ bookId: book.id }, flo);
    expect(shape(after)).toEqual([["Two", ["c", "d"]], ["One", ["a", "b"]]]);
    expect(after.orderVersion).toBeGreaterThan(held.orderVersion);
    await expect(reorderContents({ bookId: book.id, orderVersion: held.orderVersion, entries: entriesOf(after) }, flo)).rejects.toMatchObject({ code: "version_conflict" });
    const added = await uploadChapter({ bookId: book.id, content: "e" }, flo);
    const latest = await getContents({ bookId: book.id }, flo);
    expect(latest.orderVersion).toBeGreaterThan(after.orderVersion);
    expect(latest.entries.at(-1)).toMatchObject({ type: "chapter", chapter: { id: added.id, partId: null } });
  });

  it("moves a chapter into a part the way the book page and the CLI do, keeping its place where it can", async () => {
    const gil = await newWriter("gil");
    const { book, chapters } = await bookWith(gil, ["1", "2", "3", "4"]);
    const part = await createPart({ bookId: book.id, title: "Part One" }, gil);
    let contents = await getContents({ bookId: book.id }, gil);
    // An empty part comes to the chapter.
    contents = await reorderContents({ bookId: book.id, orderVersion: contents.orderVersion, entries: moveChapterIntoPart(entriesOf(contents), chapters[0]!.id, part.id) }, gil);
    expect(shape(contents)).toEqual([["Part One", ["1"]], "2", "3", "4"]);
    // The chapter next to it joins at that edge; one further away goes to its end.
    contents = await reorderContents({ bookId: book.id, orderVersion: contents.orderVersion, entries: moveChapterIntoPart(entriesOf(contents), chapters[1]!.id, part.id) }, gil);
    contents = await reorderContents({ bookId: book.id, orderVersion: contents.orderVersion, entries: moveChapterIntoPart(entriesOf(contents), chapters[3]!.id, part.id) }, gil);
    expect(shape(contents)).toEqual([["Part One", ["1", "2", "4"]], "3"]);
    // Out of the middle of its part: just after it.
    contents = await reorderContents({ bookId: book.id, orderVersion: contents.orderVersion, entries: moveChapterIntoPart(entriesOf(contents), chapters[1]!.id, null) }, gil);
    expect(shape(contents)).toEqual([["Part One", ["1", "4"]], "2", "3"]);
  });

  it("follows the chapters' policy: a viewer reads the parts but changes none, a beta reader sees released chapters' parts, a stranger nothing", async () => {
    const hal = await newWriter("hal");
    const { book, chapters } = await bookWith(hal, ["a", "b"]);
    const one = await createPart({ bookId: book.id, title: "One" }, hal);
    const two = await createPart({ bookId: book.id, title: "Two" }, hal);
    const { orderVersion } = await getContents({ bookId: book.id }, hal);
    const entries = [{ partId: one.id, chapterIds: [chapters[0]!.id] }, { partId: two.id, chapterIds: [chapters[1]!.id] }];
    await reorderContents({ bookId: book.id, orderVersion, entries }, hal);
    const viewer = await member(hal, book.id, "viewer");
    expect((await listParts({ bookId: book.id }, viewer)).map((p) => p.title)).toEqual(["One", "Two"]);
    await expect(createPart({ bookId: book.id, title: "Three" }, viewer)).rejects.toMatchObject({ code: "forbidden" });
    await expect(deletePart({ bookId: book.id, partId: one.id }, viewer)).rejects.toMatchObject({ code: "forbidden" });
    const reader = await member(hal, book.id, "beta_reader", [chapters[1]!.id]);
    expect(shape(await getContents({ bookId: book.id }, reader))).toEqual([["Two", ["b"]]]);
    expect((await listParts({ bookId: book.id }, reader)).map((p) => p.title)).toEqual(["Two"]);
    const stranger = await newWriter("stranger");
    await expect(listParts({ bookId: book.id }, stranger)).rejects.toMatchObject({ code: "forbidden" });
    await expect(createPart({ bookId: book.id, title: "x" }, withScopes(hal, ["read:books"]))).rejects.toMatchObject({ code: "insufficient_scope" });
  });
});
