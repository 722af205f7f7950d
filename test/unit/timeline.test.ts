// @module-tag postgres
// The timeline (issue 35 item 3, decision 0505): story order beside reading order, as a pure
// ordering and as the use case on both engines.
import { describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { deleteChapter } from "@/server/chapters/delete-chapter";
import { getChapter } from "@/server/chapters/get-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { AppError } from "@/server/errors";
import { createPart } from "@/server/parts/create-part";
import { getContents } from "@/server/parts/get-contents";
import { reorderContents } from "@/server/parts/reorder-contents";
import { getTimeline } from "@/server/plan/get-timeline";
import { departuresOf, storyOrderOf, type Placeable } from "@/server/plan/timeline-order";
import type { TimelineDto } from "@/server/plan/timeline-schemas";
import { updatePlan } from "@/server/plan/update-plan";
import { createScene } from "@/server/scenes/create-scene";
import { splitChapter } from "@/server/scenes/split-scenes";
import { updateScene } from "@/server/scenes/update-scene";
import { newWriter } from "../support/principals";

const place = (readingOrder: number, storyDate: string | null, storyTime: string | null = null, storyDay: number | null = null): Placeable => ({ readingOrder, storyDate, storyDay, storyTime });

describe("story order (pure)", () => {
  it("orders calendar dates as dates, not as text: negative and long years, then time (none first), then reading order", () => {
    const items = [place(1, "2024-01-02", "09:00"), place(2, "-0044-03-15"), place(3, "10000-01-01"), place(4, "2024-01-02"), place(5, "2024-01-02", "08:30"), place(6, "999-12-31")];
    expect(storyOrderOf(items).map((item) => item.readingOrder)).toEqual([2, 6, 4, 5, 1, 3]);
    expect(storyOrderOf([place(2, null, null, 3), place(1, null, "07:00", 3), place(3, null, null, -1)]).map((item) => item.readingOrder)).toEqual([3, 2, 1]);
  });

  it("marks only the items told out of their time: one flashback marks one item, a prologue set later is a flash-forward", () => {
    // reading 1 2 3 4, the third happens first: a flashback
    const flashback = storyOrderOf([place(1, "2024-05-01"), place(2, "2024-05-02"), place(3, "2020-01-01"), place(4, "2024-05-03")]);
    expect(departuresOf(flashback)).toEqual(["flashback", null, null, null]);
    // the prologue (reading 1) happens after everything else
    const prologue = storyOrderOf([place(1, "2030-01-01"), place(2, "2024-05-01"), place(3, "2024-05-02")]);
    expect(prologue.map((item) => item.readingOrder)).toEqual([2, 3, 1]);
    expect(departuresOf(prologue)).toEqual([null, null, "flashForward"]);
    expect(departuresOf(storyOrderOf([place(1, "2024-01-01"), place(2, "2024-01-01"), place(3, "2024-01-02")]))).toEqual([null, null, null]);
    expect(departuresOf([])).toEqual([]);
  });

  it("stays fast on a long book told backwards (n log n, not n²)", () => {
    const many = Array.from({ length: 50_000 }, (_, i) => place(i + 1, null, null, 50_000 - i));
    const ordered = storyOrderOf(many);
    const departures = departuresOf(ordered);
    expect(departures.filter((departure) => departure === null)).toHaveLength(1);
  });
});

async function scenesIn(writer: Principal, bookId: string, chapterId: string, titles: string[]) {
  const scenes = await splitChapter({ bookId, chapterId }, writer);
  for (let i = 1; i < titles.length; i++) scenes.push(await createScene({ bookId, chapterId, version: (await getChapter({ bookId, chapterId }, writer)).version }, writer));
  for (const [i, scene] of scenes.entries()) await updateScene({ bookId, sceneId: scene.id, title: titles[i]! }, writer);
  return scenes.map((scene) => scene.id);
}

const when = (writer: Principal, bookId: string, kind: "chapters" | "scenes", itemId: string, storyDate: string, storyTime?: string) =>
  updatePlan({ bookId, kind, itemId, changes: { storyDate, ...(storyTime ? { storyTime } : {}) } }, writer);

function storyColumn(timeline: TimelineDto): string[] {
  const byId = new Map(timeline.items.map((item) => [item.id, item]));
  return timeline.storyOrder.map((id) => {
    const item = byId.get(id)!;
    return `${item.readingOrder} ${item.title}${item.departs ? ` (${item.departs})` : ""}`;
  });
}

describe("getTimeline", () => {
  it("lists scenes and scene-less chapters in reading order, with story order by date then time, invented days in their own lane, the unplaced apart", async () => {
    const writer = await newWriter();
    const book = await createBook({ title: "Timeline", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
    const prologue = await uploadChapter({ bookId: book.id, title: "Prologue", content: "Years later." }, writer);
    const one = await uploadChapter({ bookId: book.id, title: "One", content: "It began." }, writer);
    const dream = await uploadChapter({ bookId: book.id, title: "Dream", content: "Elsewhere." }, writer);
    const unplaced = await uploadChapter({ bookId: book.id, title: "Interlude", content: "Whenever." }, writer);
    const part = await createPart({ bookId: book.id, title: "Part One" }, writer);
    const contents = await getContents({ bookId: book.id }, writer);
    await reorderContents({ bookId: book.id, orderVersion: contents.orderVersion, entries: [{ chapterId: prologue.id }, { partId: part.id, chapterIds: [one.id, dream.id, unplaced.id] }] }, writer);
    const [morning, memory, evening] = await scenesIn(writer, book.id, one.id, ["Morning", "Memory", "Evening"]);
    await when(writer, book.id, "chapters", prologue.id, "2030-06-01");
    await when(writer, book.id, "scenes", morning!, "2024-05-01", "08:00");
    await when(writer, book.id, "scenes", memory!, "2010-01-01");
    await when(writer, book.id, "scenes", evening!, "2024-05-01", "20:00");
    await when(writer, book.id, "chapters", dream.id, "day 3");
    // A chapter's own date does not place it once it has scenes: its scenes are the items.
    await when(writer, book.id, "chapters", one.id, "1900-01-01");

    const timeline = await getTimeline({ bookId: book.id }, writer);
    expect(timeline.items.map((item) => `${item.readingOrder} ${item.kind} ${item.title}`)).toEqual(["1 chapter Prologue", "2 scene Morning", "3 scene Memory", "4 scene Evening", "5 chapter Dream", "6 chapter Interlude"]);
    expect(storyColumn(timeline)).toEqual(["3 Memory (flashback)", "2 Morning", "4 Evening", "1 Prologue (flashForward)", "5 Dream"]);
    expect(timeline.items.map((item) => item.lane)).toEqual(["date", "date", "date", "date", "day", null]);
    expect(timeline.unplaced).toEqual([unplaced.id]);
    expect(timeline.items[1]).toMatchObject({ chapterTitle: "One", partTitle: "Part One", storyDate: "2024-05-01", storyTime: "08:00", storyOrder: 2 });
    expect(timeline.items[5]).toMatchObject({ storyOrder: null, departs: null, storyDate: null });

    // A chapter in the trash leaves the timeline.
    await deleteChapter({ bookId: book.id, chapterId: prologue.id }, writer);
    expect(storyColumn(await getTimeline({ bookId: book.id }, writer))).toEqual(["2 Memory (flashback)", "1 Morning", "3 Evening", "4 Dream"]);
  });

  it("is read by whoever reads the plan, and refused to a stranger (403) and for an unknown book (404)", async () => {
    const writer = await newWriter();
    const book = await createBook({ title: "Mine", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
    await uploadChapter({ bookId: book.id, title: "One", content: "Words." }, writer);
    const viewer = await newWriter();
    await sql.insertInto("BookMember").values({ bookId: book.id, userId: viewer.userId, role: "viewer", createdAt: new Date() }).execute();
    expect((await getTimeline({ bookId: book.id }, viewer)).items.map((item) => item.title)).toEqual(["One"]);
    const stranger = await newWriter();
    await expect(getTimeline({ bookId: book.id }, stranger)).rejects.toSatisfy((error) => error instanceof AppError && error.code === "forbidden");
    await expect(getTimeline({ bookId: "no-such-book" }, writer)).rejects.toSatisfy((error) => error instanceof AppError && error.code === "not_found");
  });
});
