// @module-tag postgres
// The plan of a book (issue 35 item 2, decision 0500): the outline, a plan's change, plotlines and
// labels, as use cases on both engines.
import { describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createEntry } from "@/server/bible/create-entry";
import { createSeries } from "@/server/bible/create-series";
import { deleteEntry } from "@/server/bible/delete-entry";
import { createEntryInput, createSeriesInput } from "@/server/bible/schemas";
import { createBook } from "@/server/books/create-book";
import { deleteChapter } from "@/server/chapters/delete-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { AppError, type ErrorCode } from "@/server/errors";
import { createPart } from "@/server/parts/create-part";
import { getContents } from "@/server/parts/get-contents";
import { reorderContents } from "@/server/parts/reorder-contents";
import { createLabel } from "@/server/plan/create-label";
import { createPlotline } from "@/server/plan/create-plotline";
import { deleteLabel } from "@/server/plan/delete-label";
import { deletePlotline } from "@/server/plan/delete-plotline";
import { getOutline } from "@/server/plan/get-outline";
import { listPlotlines } from "@/server/plan/list-plotlines";
import { formatStoryDate, parseStoryDate, parseStoryTime, updatePlanInput, type OutlineDto } from "@/server/plan/schemas";
import { updateLabel } from "@/server/plan/update-label";
import { updatePlan } from "@/server/plan/update-plan";
import { updatePlotline } from "@/server/plan/update-plotline";
import { createScene } from "@/server/scenes/create-scene";
import { splitChapter } from "@/server/scenes/split-scenes";
import { updateScene } from "@/server/scenes/update-scene";
import { getChapter } from "@/server/chapters/get-chapter";
import { newWriter } from "../support/principals";

/** Scenes as a writer makes them: the chapter split (its text one scene), an empty scene added at the end for each further title, each named. */
async function scenesIn(writer: Principal, bookId: string, chapterId: string, titles: string[]): Promise<{ id: string; title: string }[]> {
  const scenes = await splitChapter({ bookId, chapterId }, writer);
  for (let i = 1; i < titles.length; i++) scenes.push(await createScene({ bookId, chapterId, version: (await getChapter({ bookId, chapterId }, writer)).version }, writer));
  for (const [i, scene] of scenes.entries()) if (titles[i]) await updateScene({ bookId, sceneId: scene.id, title: titles[i]! }, writer);
  return scenes.map((scene, i) => ({ id: scene.id, title: titles[i]! }));
}

async function bookWith(writer: Principal, titles: string[]) {
  const book = await createBook({ title: "Plan", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
  const chapters = [];
  for (const title of titles) chapters.push(await uploadChapter({ bookId: book.id, title, content: `${title} has some words in it.` }, writer));
  return { book, chapters };
}

async function character(writer: Principal, bookId: string, name: string, kind = "character", scope: "book" | "series" = "book") {
  return createEntry({ bookId, ...createEntryInput.parse({ name, kind, scope }) }, writer);
}

async function member(bookId: string, role: string): Promise<Principal> {
  const writer = await newWriter(role);
  await sql.insertInto("BookMember").values({ bookId, userId: writer.userId, role, createdAt: new Date() }).execute();
  return writer;
}

function shape(outline: OutlineDto): string[] {
  return outline.items.map((item) => `${item.kind} ${item.title}${item.matches ? "" : " (context)"}`);
}

async function refusal(work: Promise<unknown>, code: ErrorCode): Promise<AppError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

describe("story dates", () => {
  it("read a calendar date that exists, or a day number; refuse the rest", () => {
    expect(parseStoryDate("2024-02-29")).toEqual({ date: "2024-02-29", day: null });
    expect(parseStoryDate("-0044-03-15")).toEqual({ date: "-0044-03-15", day: null });
    expect(parseStoryDate("day 12")).toEqual({ date: null, day: 12 });
    expect(parseStoryDate("Day -3")).toEqual({ date: null, day: -3 });
    expect(parseStoryDate("第12天")).toEqual({ date: null, day: 12 });
    for (const bad of ["2023-02-29", "2024-13-01", "2024-04-31", "yesterday", "12", "day", "2024-1-1", "day 1.5", "", `day ${"9".repeat(50)}`]) expect(parseStoryDate(bad), bad).toBeNull();
    expect(formatStoryDate({ storyDate: null, storyDay: 7 })).toBe("day 7");
    expect(parseStoryTime("9:05")).toBe("09:05");
    for (const bad of ["24:00", "12:60", "noon", "1:2"]) expect(parseStoryTime(bad), bad).toBeNull();
  });

  it("a body whose story date does not parse is refused by the schema (422 on both transports)", () => {
    const result = updatePlanInput.safeParse({ storyDate: "2023-02-30" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["storyDate"]);
    expect(updatePlanInput.safeParse({}).success).toBe(false);
    expect(updatePlanInput.safeParse({ synopsis: "x", colour: "#fff" }).success).toBe(false);
    expect(updatePlanInput.safeParse({ labelIds: ["a", "a"] }).success).toBe(false);
  });
});

describe("the outline", () => {
  it("lists parts, chapters and scenes in reading order with empty plans, and the plans once made", async () => {
    const ada = await newWriter("ada");
    const { book, chapters } = await bookWith(ada, ["Prologue", "One", "Two"]);
    const part = await createPart({ bookId: book.id, title: "Part One" }, ada);
    const { orderVersion } = await getContents({ bookId: book.id }, ada);
    await reorderContents({ bookId: book.id, orderVersion, entries: [{ chapterId: chapters[0]!.id }, { partId: part.id, chapterIds: [chapters[1]!.id, chapters[2]!.id] }] }, ada);
    const scenes = await scenesIn(ada, book.id, chapters[1]!.id, ["Arrival", ""]);

    const empty = await getOutline({ bookId: book.id }, ada);
    expect(shape(empty)).toEqual(["chapter Prologue", "part Part One", "chapter One", "scene Arrival", "scene ", "chapter Two"]);
    // The writer's title as kept: an untitled scene is named by each page in its language, from its place (decision 0516).
    expect(empty.items.map((item) => item.scenePosition)).toEqual([null, null, null, 1, 2, null]);
    expect(empty.items.every((item) => item.plan.updatedAt === null && item.plan.synopsis === "")).toBe(true);
    expect(empty.items[1]).toMatchObject({ kind: "part", wordCount: chapters[1]!.wordCount + chapters[2]!.wordCount });
    expect(empty.items[3]).toMatchObject({ kind: "scene", chapterId: chapters[1]!.id, partId: part.id, wordCount: chapters[1]!.wordCount });
    // The first scene holds the chapter's text; the one added after it is empty.
    expect(empty.items[4]).toMatchObject({ kind: "scene", wordCount: 0 });

    const lyra = await character(ada, book.id, "Lyra");
    const pan = await character(ada, book.id, "Pan");
    const main = await createPlotline({ bookId: book.id, name: "Main" }, ada);
    const saved = await updatePlan(
      { bookId: book.id, kind: "scenes", itemId: scenes[0]!.id, changes: { synopsis: "Lyra arrives.", status: "outline", povId: lyra.id, characterIds: [pan.id, lyra.id], plotlineIds: [main.id], targetWords: 1500, storyDate: "day 2", storyTime: "21:00" } },
      ada,
    );
    expect(saved).toMatchObject({ kind: "scene", id: scenes[0]!.id, title: "Arrival", plan: { synopsis: "Lyra arrives.", status: "outline", povId: lyra.id, plotlineIds: [main.id], targetWords: 1500, storyDate: "day 2", storyTime: "21:00" } });
    // Characters come back by name.
    expect(saved.plan.characterIds).toEqual([lyra.id, pan.id]);

    // PATCH: what is not named stays; a list named replaces the old one; null clears.
    const changed = await updatePlan({ bookId: book.id, kind: "scenes", itemId: scenes[0]!.id, changes: { characterIds: [pan.id], status: null, storyDate: "2024-02-29" } }, ada);
    expect(changed.plan).toMatchObject({ synopsis: "Lyra arrives.", status: null, characterIds: [pan.id], povId: lyra.id, storyDate: "2024-02-29", storyTime: "21:00" });
    const cleared = await updatePlan({ bookId: book.id, kind: "scenes", itemId: scenes[0]!.id, changes: { storyDate: null } }, ada);
    expect(cleared.plan).toMatchObject({ storyDate: null, storyTime: null });

    const outline = await getOutline({ bookId: book.id }, ada);
    expect(outline.items[3]!.plan).toMatchObject({ synopsis: "Lyra arrives.", characterIds: [pan.id] });
    expect(outline.characters.map((c) => c.name)).toEqual(["Lyra", "Pan"]);
    expect(outline.plotlines.map((p) => p.name)).toEqual(["Main"]);

    // A bible entry deleted leaves the plan without it.
    await deleteEntry({ bookId: book.id, entryId: lyra.id }, ada);
    expect((await getOutline({ bookId: book.id }, ada)).items[3]!.plan).toMatchObject({ povId: null, characterIds: [pan.id] });
  });

  it("filters by POV, plotline, label and status, keeping the part and chapter above a match as context", async () => {
    const ben = await newWriter("ben");
    const { book, chapters } = await bookWith(ben, ["One", "Two"]);
    const part = await createPart({ bookId: book.id, title: "Book I" }, ben);
    const { orderVersion } = await getContents({ bookId: book.id }, ben);
    await reorderContents({ bookId: book.id, orderVersion, entries: [{ partId: part.id, chapterIds: [chapters[0]!.id, chapters[1]!.id] }] }, ben);
    const [a, b] = await scenesIn(ben, book.id, chapters[1]!.id, ["A", "B"]);
    const will = await character(ben, book.id, "Will");
    const romance = await createPlotline({ bookId: book.id, name: "Romance" }, ben);
    const cut = await createLabel({ bookId: book.id, name: "cut?" }, ben);
    await updatePlan({ bookId: book.id, kind: "scenes", itemId: b!.id, changes: { povId: will.id, plotlineIds: [romance.id], status: "done" } }, ben);
    await updatePlan({ bookId: book.id, kind: "chapters", itemId: chapters[0]!.id, changes: { labelIds: [cut.id], status: "draft" } }, ben);
    void a;

    expect(shape(await getOutline({ bookId: book.id, pov: will.id }, ben))).toEqual(["part Book I (context)", "chapter Two (context)", "scene B"]);
    expect(shape(await getOutline({ bookId: book.id, plotline: romance.id, status: "done" }, ben))).toEqual(["part Book I (context)", "chapter Two (context)", "scene B"]);
    expect(shape(await getOutline({ bookId: book.id, label: cut.id }, ben))).toEqual(["part Book I (context)", "chapter One"]);
    expect(shape(await getOutline({ bookId: book.id, status: "none" }, ben))).toEqual(["part Book I", "chapter Two", "scene A"]);
    expect(shape(await getOutline({ bookId: book.id, status: "revised" }, ben))).toEqual([]);
  });

  it("a beta reader reads the plan of what is released to them; a viewer reads it all; only the planning roles change it", async () => {
    const cat = await newWriter("cat");
    const { book, chapters } = await bookWith(cat, ["Released", "Draft"]);
    await sql.updateTable("Chapter").set({ releasedAt: new Date() }).where("id", "=", chapters[0]!.id).execute();
    const mole = await character(cat, book.id, "Mole");
    await updatePlan({ bookId: book.id, kind: "chapters", itemId: chapters[0]!.id, changes: { povId: mole.id, synopsis: "Out in the open." } }, cat);
    await updatePlan({ bookId: book.id, kind: "chapters", itemId: chapters[1]!.id, changes: { synopsis: "The twist." } }, cat);
    const [reader, viewer, editor, coAuthor] = await Promise.all(["beta_reader", "viewer", "editor", "co_author"].map((role) => member(book.id, role)));

    const read = await getOutline({ bookId: book.id }, reader!);
    expect(shape(read)).toEqual(["chapter Released"]);
    expect(read.characters).toEqual([{ id: mole.id, name: "Mole" }]);
    expect(shape(await getOutline({ bookId: book.id }, viewer!))).toEqual(["chapter Released", "chapter Draft"]);

    for (const role of [reader!, viewer!]) await refusal(updatePlan({ bookId: book.id, kind: "chapters", itemId: chapters[0]!.id, changes: { synopsis: "mine" } }, role), "forbidden");
    await refusal(createPlotline({ bookId: book.id, name: "Mine" }, viewer!), "forbidden");
    expect((await updatePlan({ bookId: book.id, kind: "chapters", itemId: chapters[1]!.id, changes: { status: "revised" } }, editor!)).plan.status).toBe("revised");
    expect((await createLabel({ bookId: book.id, name: "editor's" }, editor!)).name).toBe("editor's");
    expect((await updatePlan({ bookId: book.id, kind: "chapters", itemId: chapters[1]!.id, changes: { status: "done" } }, coAuthor!)).plan.status).toBe("done");
    const stranger = await newWriter("stranger");
    await refusal(getOutline({ bookId: book.id }, stranger), "forbidden");
  });
});

describe("bad input changes nothing", () => {
  it("refuses another book's item, a trashed chapter and its scenes, a POV outside the bible, another book's label or plotline, a time without a date", async () => {
    const dan = await newWriter("dan");
    const { book, chapters } = await bookWith(dan, ["Here", "Trashed"]);
    const elsewhere = await bookWith(dan, ["There"]);
    const [scene] = await scenesIn(dan, book.id, chapters[1]!.id, ["Doomed"]);
    const place = await character(dan, book.id, "Oxford", "place");
    const foreign = await character(dan, elsewhere.book.id, "Stranger");
    const foreignLabel = await createLabel({ bookId: elsewhere.book.id, name: "theirs" }, dan);
    const foreignPlotline = await createPlotline({ bookId: elsewhere.book.id, name: "theirs" }, dan);
    await deleteChapter({ bookId: book.id, chapterId: chapters[1]!.id }, dan);
    const before = await getOutline({ bookId: book.id }, dan);
    const here = { bookId: book.id, kind: "chapters" as const, itemId: chapters[0]!.id };

    await refusal(updatePlan({ ...here, itemId: elsewhere.chapters[0]!.id, changes: { synopsis: "x" } }, dan), "not_found");
    await refusal(updatePlan({ bookId: book.id, kind: "parts", itemId: chapters[0]!.id, changes: { synopsis: "x" } }, dan), "not_found");
    await refusal(updatePlan({ ...here, itemId: chapters[1]!.id, changes: { synopsis: "x" } }, dan), "chapter_in_trash");
    await refusal(updatePlan({ bookId: book.id, kind: "scenes", itemId: scene!.id, changes: { synopsis: "x" } }, dan), "chapter_in_trash");
    const pov = await refusal(updatePlan({ ...here, changes: { synopsis: "x", povId: place.id } }, dan), "validation_failed");
    expect(pov.details).toEqual([{ path: "povId", message: expect.stringContaining("not a character") }]);
    const people = await refusal(updatePlan({ ...here, changes: { characterIds: [foreign.id, "nobody"] } }, dan), "validation_failed");
    expect(people.details).toEqual([{ path: "characterIds", message: expect.stringContaining("not a character of this book") }]);
    const links = await refusal(updatePlan({ ...here, changes: { labelIds: [foreignLabel.id], plotlineIds: [foreignPlotline.id] } }, dan), "validation_failed");
    expect((links.details as { path: string }[]).map((d) => d.path)).toEqual(["labelIds", "plotlineIds"]);
    await refusal(updatePlan({ ...here, changes: { storyTime: "10:00" } }, dan), "validation_failed");
    expect(await getOutline({ bookId: book.id }, dan)).toEqual(before);
    // The trashed chapter is left out of the outline.
    expect(shape(before)).toEqual(["chapter Here"]);
  });

  it("a character of the book's series may be named", async () => {
    const eve = await newWriter("eve");
    const { book, chapters } = await bookWith(eve, ["One"]);
    await createSeries(createSeriesInput.parse({ title: "His Dark Materials", bookIds: [book.id] }), eve);
    const iorek = await character(eve, book.id, "Iorek", "character", "series");
    expect((await updatePlan({ bookId: book.id, kind: "chapters", itemId: chapters[0]!.id, changes: { povId: iorek.id } }, eve)).plan.povId).toBe(iorek.id);
  });
});

describe("plotlines and labels", () => {
  it("are named uniquely in a book (case folded: 409), renamed, recoloured, reordered and deleted, leaving the rest of the plan", async () => {
    const fay = await newWriter("fay");
    const { book, chapters } = await bookWith(fay, ["One"]);
    const main = await createPlotline({ bookId: book.id, name: "主线" }, fay);
    const love = await createPlotline({ bookId: book.id, name: "Romance" }, fay);
    const war = await createPlotline({ bookId: book.id, name: "War", colour: "#102030" }, fay);
    expect([main.colour, love.colour]).not.toContain(undefined);
    expect(main.colour).not.toBe(love.colour);
    const taken = await refusal(createPlotline({ bookId: book.id, name: "romance" }, fay), "name_taken");
    expect(taken.details).toMatchObject({ plotlineId: love.id });
    await refusal(updatePlotline({ bookId: book.id, plotlineId: war.id, changes: { name: "ＲＯＭＡＮＣＥ" } }, fay), "name_taken");
    // Another book may use the name.
    expect((await createPlotline({ bookId: (await bookWith(fay, [])).book.id, name: "Romance" }, fay)).position).toBe(1);

    await updatePlotline({ bookId: book.id, plotlineId: war.id, changes: { position: 1, colour: "#aabbcc" } }, fay);
    expect((await listPlotlines({ bookId: book.id }, fay)).map((p) => [p.name, p.position, p.colour])).toEqual([
      ["War", 1, "#aabbcc"],
      ["主线", 2, main.colour],
      ["Romance", 3, love.colour],
    ]);
    await updatePlotline({ bookId: book.id, plotlineId: war.id, changes: { position: 99 } }, fay);
    expect((await listPlotlines({ bookId: book.id }, fay)).map((p) => p.name)).toEqual(["主线", "Romance", "War"]);

    const label = await createLabel({ bookId: book.id, name: "Flashback" }, fay);
    await refusal(createLabel({ bookId: book.id, name: "flashback" }, fay), "name_taken");
    await updatePlan({ bookId: book.id, kind: "chapters", itemId: chapters[0]!.id, changes: { synopsis: "Kept.", labelIds: [label.id], plotlineIds: [love.id, main.id] } }, fay);
    expect((await getOutline({ bookId: book.id }, fay)).items[0]!.plan.plotlineIds).toEqual([main.id, love.id]);
    await updateLabel({ bookId: book.id, labelId: label.id, changes: { name: "Flashbacks" } }, fay);
    await deleteLabel({ bookId: book.id, labelId: label.id }, fay);
    await deletePlotline({ bookId: book.id, plotlineId: main.id }, fay);
    const plan = (await getOutline({ bookId: book.id }, fay)).items[0]!.plan;
    expect(plan).toMatchObject({ synopsis: "Kept.", labelIds: [], plotlineIds: [love.id] });
    expect((await listPlotlines({ bookId: book.id }, fay)).map((p) => [p.name, p.position])).toEqual([
      ["Romance", 1],
      ["War", 2],
    ]);
    await refusal(deletePlotline({ bookId: book.id, plotlineId: main.id }, fay), "not_found");
    await refusal(updateLabel({ bookId: book.id, labelId: "no-such", changes: { colour: "#000000" } }, fay), "not_found");
  });
});
