// @module-tag postgres
// The plot grid and beat plans (issue 35 items 3 and 4, decisions 0506 and 0507), as use cases on
// both engines: the grid read from the one plan, cell notes, a template applied as a plan and moved.
import { describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { applyBeatPlan } from "@/server/beats/apply-beat-plan";
import { deleteBeatPlan } from "@/server/beats/delete-beat-plan";
import { getBeatPlan } from "@/server/beats/get-beat-plan";
import { moveBeat } from "@/server/beats/move-beat";
import { placeBeats, plannedLength } from "@/server/beats/place";
import { createBook } from "@/server/books/create-book";
import { deleteChapter } from "@/server/chapters/delete-chapter";
import { getChapter } from "@/server/chapters/get-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { AppError, type ErrorCode } from "@/server/errors";
import { createPart } from "@/server/parts/create-part";
import { getContents } from "@/server/parts/get-contents";
import { reorderContents } from "@/server/parts/reorder-contents";
import { createPlotline } from "@/server/plan/create-plotline";
import { deletePlotline } from "@/server/plan/delete-plotline";
import { updatePlan } from "@/server/plan/update-plan";
import { getPlotGrid } from "@/server/plot-grid/get-plot-grid";
import { setPlotCellInput } from "@/server/plot-grid/schemas";
import { setPlotCell } from "@/server/plot-grid/set-plot-cell";
import { createScene } from "@/server/scenes/create-scene";
import { moveScene } from "@/server/scenes/move-scene";
import { splitChapter } from "@/server/scenes/split-scenes";
import { updateScene } from "@/server/scenes/update-scene";
import { newWriter } from "../support/principals";

async function bookWith(writer: Principal, titles: string[]) {
  const book = await createBook({ title: "Grid", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
  const chapters = [];
  for (const title of titles) chapters.push(await uploadChapter({ bookId: book.id, title, content: `${title} has some words in it.` }, writer));
  return { book, chapters };
}

/** The chapter split into scenes, an empty one added for each further title, each named. */
async function scenesIn(writer: Principal, bookId: string, chapterId: string, titles: string[]) {
  const scenes = await splitChapter({ bookId, chapterId }, writer);
  for (let i = 1; i < titles.length; i++) scenes.push(await createScene({ bookId, chapterId, version: (await getChapter({ bookId, chapterId }, writer)).version }, writer));
  for (const [i, scene] of scenes.entries()) await updateScene({ bookId, sceneId: scene.id, title: titles[i]! }, writer);
  return scenes.map((scene, i) => ({ id: scene.id, title: titles[i]! }));
}

async function member(bookId: string, role: string): Promise<Principal> {
  const writer = await newWriter(`grid-${role.replace("_", "-")}`);
  await sql.insertInto("BookMember").values({ bookId, userId: writer.userId, role, createdAt: new Date() }).execute();
  return writer;
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

const cellRows = (bookId: string) => sql.selectFrom("PlotCell").select(["plotlineId", "chapterId", "note"]).where("bookId", "=", bookId).orderBy("note").execute();

describe("the plot grid", () => {
  it("rows are the plotlines in order, columns the chapters in reading order grouped by part; a cell holds the scenes and chapter whose plan carries the plotline", async () => {
    const writer = await newWriter("grid-shape");
    const { book, chapters } = await bookWith(writer, ["Prologue", "Storm", "Harbour"]);
    const [prologue, storm, harbour] = chapters.map((chapter) => ({ id: chapter.id })) as [{ id: string }, { id: string }, { id: string }];
    const part = await createPart({ bookId: book.id, title: "Part One" }, writer);
    const { orderVersion } = await getContents({ bookId: book.id }, writer);
    await reorderContents({ bookId: book.id, orderVersion, entries: [{ chapterId: prologue.id }, { partId: part.id, chapterIds: [storm.id, harbour.id] }] }, writer);
    const romance = await createPlotline({ bookId: book.id, name: "Romance" }, writer);
    const heist = await createPlotline({ bookId: book.id, name: "Heist" }, writer);
    const [arrival, chase] = await scenesIn(writer, book.id, storm.id, ["Arrival", "Chase"]);
    await updatePlan({ bookId: book.id, kind: "scenes", itemId: chase!.id, changes: { plotlineIds: [heist.id, romance.id] } }, writer);
    await updatePlan({ bookId: book.id, kind: "scenes", itemId: arrival!.id, changes: { plotlineIds: [romance.id] } }, writer);
    await updatePlan({ bookId: book.id, kind: "chapters", itemId: harbour.id, changes: { plotlineIds: [heist.id] } }, writer);
    await setPlotCell({ bookId: book.id, plotlineId: romance.id, chapterId: prologue.id, note: "They meet at the quay." }, writer);

    const grid = await getPlotGrid({ bookId: book.id }, writer);
    expect(grid.editable).toBe(true);
    expect(grid.plotlines.map((plotline) => plotline.name)).toEqual(["Romance", "Heist"]);
    expect(grid.parts).toEqual([{ id: part.id, title: "Part One" }]);
    expect(grid.chapters.map((chapter) => [chapter.title, chapter.number, chapter.partId])).toEqual([
      ["Prologue", 1, null],
      ["Storm", 2, part.id],
      ["Harbour", 3, part.id],
    ]);
    expect(grid.cells.map((cell) => [cell.plotlineId === romance.id ? "Romance" : "Heist", grid.chapters.find((c) => c.id === cell.chapterId)!.title, cell.chapter, cell.scenes.map((s) => s.title), cell.note])).toEqual([
      ["Romance", "Prologue", false, [], "They meet at the quay."],
      ["Romance", "Storm", false, ["Arrival", "Chase"], ""],
      ["Heist", "Storm", false, ["Chase"], ""],
      ["Heist", "Harbour", true, [], ""],
    ]);

    // Moving the plotline reorders the rows; deleting it takes its notes with it (cascade).
    await deletePlotline({ bookId: book.id, plotlineId: romance.id }, writer);
    expect((await getPlotGrid({ bookId: book.id }, writer)).cells.map((cell) => cell.plotlineId)).toEqual([heist.id, heist.id]);
    expect(await cellRows(book.id)).toEqual([]);
  });

  it("a note is replaced whole, an empty one deletes the row; another book's plotline or chapter is 404, a trashed chapter 404 chapter_in_trash, and nothing changes", async () => {
    const writer = await newWriter("grid-notes");
    const { book, chapters } = await bookWith(writer, ["One", "Two"]);
    const other = await bookWith(writer, ["Elsewhere"]);
    const main = await createPlotline({ bookId: book.id, name: "Main" }, writer);
    const foreign = await createPlotline({ bookId: other.book.id, name: "Foreign" }, writer);
    const ids = { bookId: book.id, plotlineId: main.id, chapterId: chapters[0]!.id };

    expect(await setPlotCell({ ...ids, note: "First draft." }, writer)).toMatchObject({ note: "First draft.", updatedAt: expect.any(String) });
    expect(await setPlotCell({ ...ids, note: "Second thoughts." }, writer)).toMatchObject({ note: "Second thoughts." });
    expect(await cellRows(book.id)).toEqual([{ plotlineId: main.id, chapterId: chapters[0]!.id, note: "Second thoughts." }]);

    await refusal(setPlotCell({ ...ids, plotlineId: foreign.id, note: "x" }, writer), "not_found");
    await refusal(setPlotCell({ ...ids, chapterId: other.chapters[0]!.id, note: "x" }, writer), "not_found");
    await refusal(setPlotCell({ ...ids, plotlineId: "no-such-plotline", note: "x" }, writer), "not_found");
    await deleteChapter({ bookId: book.id, chapterId: chapters[1]!.id }, writer);
    await refusal(setPlotCell({ ...ids, chapterId: chapters[1]!.id, note: "x" }, writer), "chapter_in_trash");
    expect(await cellRows(book.id)).toHaveLength(1);

    expect(await setPlotCell({ ...ids, note: "   \n" }, writer)).toEqual({ ...ids, note: "", updatedAt: null });
    expect(await cellRows(book.id)).toEqual([]);
    // The transports refuse a note over 2,000 characters before the use case runs (422 on both).
    expect(setPlotCellInput.safeParse({ note: "x".repeat(2001) }).success).toBe(false);
    expect(setPlotCellInput.safeParse({ note: "x".repeat(2000) }).success).toBe(true);
  });

  it("whoever reads the plan reads the grid, read-only unless they plan; a beta reader sees the released chapters' columns only", async () => {
    const writer = await newWriter("grid-roles");
    const { book, chapters } = await bookWith(writer, ["Released", "Draft"]);
    const main = await createPlotline({ bookId: book.id, name: "Main" }, writer);
    await setPlotCell({ bookId: book.id, plotlineId: main.id, chapterId: chapters[1]!.id, note: "The twist." }, writer);
    await sql.updateTable("Chapter").set({ releasedAt: new Date() }).where("id", "=", chapters[0]!.id).execute();
    const [reader, viewer, editor] = await Promise.all(["beta_reader", "viewer", "editor"].map((role) => member(book.id, role)));

    const forReader = await getPlotGrid({ bookId: book.id }, reader!);
    expect(forReader).toMatchObject({ editable: false, cells: [] });
    expect(forReader.chapters.map((chapter) => chapter.title)).toEqual(["Released"]);
    expect(await getPlotGrid({ bookId: book.id }, viewer!)).toMatchObject({ editable: false, cells: [{ note: "The twist." }] });
    await refusal(setPlotCell({ bookId: book.id, plotlineId: main.id, chapterId: chapters[0]!.id, note: "x" }, viewer!), "forbidden");
    await refusal(setPlotCell({ bookId: book.id, plotlineId: main.id, chapterId: chapters[0]!.id, note: "x" }, reader!), "forbidden");
    expect(await setPlotCell({ bookId: book.id, plotlineId: main.id, chapterId: chapters[0]!.id, note: "Edited by the editor." }, editor!)).toMatchObject({ note: "Edited by the editor." });
    expect((await getPlotGrid({ bookId: book.id }, editor!)).editable).toBe(true);
  });
});

describe("beat plans", () => {
  it("places a beat at the template's share of the book: by planned target words when every chapter has one, else by chapter order", () => {
    const even = placeBeats([{ id: "a", targetWords: null }, { id: "b", targetWords: 3000 }, { id: "c", targetWords: null }, { id: "d", targetWords: null }], [0, 24.9, 25, 50, 99, 100]);
    expect(even).toEqual({ placedBy: "chapters", chapterIds: ["a", "a", "b", "c", "d", "d"] });
    const weighted = placeBeats([{ id: "a", targetWords: 1000 }, { id: "b", targetWords: 8000 }, { id: "c", targetWords: 1000 }], [0, 10, 50, 89.9, 90, 100]);
    expect(weighted).toEqual({ placedBy: "targets", chapterIds: ["a", "b", "b", "b", "c", "c"] });
    expect(placeBeats([], [0, 50])).toEqual({ placedBy: "chapters", chapterIds: [null, null] });
    expect(plannedLength(null, [500, 700])).toBe(1200);
    expect(plannedLength(null, [500, null])).toBeNull();
    expect(plannedLength(900, [500, null])).toBe(900);
  });

  it("applies a template, moves a beat onto a scene that then moves with its beat, and refuses what the book does not have", async () => {
    const writer = await newWriter("beats-apply");
    const { book, chapters } = await bookWith(writer, ["One", "Two", "Three", "Four"]);
    const [one, two, three, four] = chapters.map((chapter) => ({ id: chapter.id })) as [{ id: string }, { id: string }, { id: string }, { id: string }];
    const other = await bookWith(writer, ["Elsewhere"]);

    await refusal(getBeatPlan({ bookId: book.id }, writer), "not_found");
    await refusal(applyBeatPlan({ bookId: book.id, template: "no-such-template" }, writer), "not_found");
    const noBeats = await refusal(applyBeatPlan({ bookId: book.id, template: "golden-three-chapters" }, writer), "validation_failed");
    expect(noBeats.details).toEqual([expect.objectContaining({ path: "template" })]);
    const empty = await createBook({ title: "Empty", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
    await refusal(applyBeatPlan({ bookId: empty.id, template: "kishotenketsu" }, writer), "validation_failed");
    expect(await sql.selectFrom("BeatPlan").select("id").where("bookId", "in", [book.id, empty.id]).execute()).toEqual([]);

    const plan = await applyBeatPlan({ bookId: book.id, template: "kishotenketsu" }, writer);
    expect(plan).toMatchObject({ templateName: "Kishōtenketsu (起承转合)", placedBy: "chapters", sectionId: "parts", analysis: null });
    expect(plan.beats.map((beat) => [beat.position, beat.target, beat.planned?.chapterNumber, beat.moved, beat.found])).toEqual([
      [1, 12.5, 1, false, null],
      [2, 37.5, 2, false, null],
      [3, 62.5, 3, false, null],
      [4, 87.5, 4, false, null],
    ]);

    // Targets on every chapter: the long third chapter takes the middle beats.
    for (const [chapter, targetWords] of [[one, 1000], [two, 1000], [three, 6000], [four, 2000]] as const) {
      await updatePlan({ bookId: book.id, kind: "chapters", itemId: chapter.id, changes: { targetWords } }, writer);
    }
    const byTargets = await applyBeatPlan({ bookId: book.id, template: "kishotenketsu" }, writer);
    expect(byTargets.placedBy).toBe("targets");
    expect(byTargets.beats.map((beat) => beat.planned?.chapterNumber)).toEqual([2, 3, 3, 4]);

    const [, second] = await scenesIn(writer, book.id, two.id, ["Gate", "Market"]);
    const ten = byTargets.beats[2]!;
    const moved = await moveBeat({ bookId: book.id, beatId: ten.id, place: { sceneId: second!.id } }, writer);
    expect(moved.beats[2]).toMatchObject({ moved: true, planned: { chapterId: two.id, chapterNumber: 2, sceneId: second!.id, sceneTitle: "Market" } });
    // The scene moves to chapter Four and its beat with it.
    await moveScene({ bookId: book.id, sceneId: second!.id, version: (await getChapter({ bookId: book.id, chapterId: two.id }, writer)).version, toChapterId: four.id, toVersion: (await getChapter({ bookId: book.id, chapterId: four.id }, writer)).version }, writer);
    expect((await getBeatPlan({ bookId: book.id }, writer)).beats[2]).toMatchObject({ planned: { chapterId: four.id, chapterNumber: 4, sceneId: second!.id } });


    await refusal(moveBeat({ bookId: book.id, beatId: ten.id, place: { chapterId: other.chapters[0]!.id } }, writer), "validation_failed");
    await refusal(moveBeat({ bookId: book.id, beatId: ten.id, place: { sceneId: "no-such-scene" } }, writer), "validation_failed");
    await refusal(moveBeat({ bookId: other.book.id, beatId: ten.id, place: { chapterId: other.chapters[0]!.id } }, writer), "not_found");
    await moveBeat({ bookId: book.id, beatId: byTargets.beats[0]!.id, place: { chapterId: one.id } }, writer);
    await deleteChapter({ bookId: book.id, chapterId: one.id }, writer);
    await refusal(moveBeat({ bookId: book.id, beatId: ten.id, place: { chapterId: one.id } }, writer), "validation_failed");
    expect((await getBeatPlan({ bookId: book.id }, writer)).beats[2]).toMatchObject({ planned: { chapterId: four.id, sceneId: second!.id } });

    // A beat on a chapter in the trash has no place until it comes back; the numbers follow the reading order.
    const afterTrash = await getBeatPlan({ bookId: book.id }, writer);
    expect(afterTrash.beats.map((beat) => beat.planned?.chapterNumber ?? null)).toEqual([null, 2, 3, 3]);

    const viewer = await member(book.id, "viewer");
    expect((await getBeatPlan({ bookId: book.id }, viewer)).beats).toHaveLength(4);
    await refusal(moveBeat({ bookId: book.id, beatId: ten.id, place: { chapterId: two.id } }, viewer), "forbidden");
    await refusal(getBeatPlan({ bookId: book.id }, await member(book.id, "beta_reader")), "forbidden");

    await deleteBeatPlan({ bookId: book.id }, writer);
    await refusal(getBeatPlan({ bookId: book.id }, writer), "not_found");
    await refusal(deleteBeatPlan({ bookId: book.id }, writer), "not_found");
  });
});
