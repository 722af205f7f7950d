// @module-tag postgres
// Issue 35 items 3 and 4 over HTTP: the plot grid's and the beat plan's bad input (refused with a
// clear 4xx, nothing changed) on both transports, and a beat plan checked by an analysis: a
// template applied to a fixture book, its analysis run, and each beat's planned chapter read
// against the chapter where the analysis finds it. The credential and role matrices cover every
// endpoint and procedure (test/support/http-plot-grid-cases.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { builtInTemplate, install } from "../support/http-analysis";
import { uploadChapter } from "../support/http-books";
import { expectFailure, expectSuccess, get, patch, post, put, waitForJob } from "../support/http-client";
import { plotGridFixture } from "../support/http-plot-grid-cases";
import { expectTrpcError, trpcMutation } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

let owner: Account;

beforeAll(async () => {
  owner = await signUp("plot-grid-owner");
});

describe("the plot grid over HTTP", () => {
  it("refuses bad input with a clear 4xx and changes nothing", async () => {
    const f = await plotGridFixture(owner);
    const elsewhere = await plotGridFixture(owner);
    const before = await f.snapshot();
    const cell = (plotlineId: string, chapterId: string) => `/api/v1/books/${f.book.id}/plot-grid/${plotlineId}/${chapterId}`;

    const tooLong = expectFailure(await put(cell(f.main.id, f.chapter.id), owner.token, { note: "x".repeat(2001) }), 422, "validation_failed") as { path: string }[];
    expect(tooLong).toEqual([expect.objectContaining({ path: "note" })]);
    expectFailure(await put(cell(f.main.id, f.chapter.id), owner.token, {}), 422, "validation_failed");
    expectFailure(await put(cell(f.main.id, f.chapter.id), owner.token, { note: 7 }), 422, "validation_failed");
    expectFailure(await put(cell(f.main.id, f.chapter.id), owner.token, { note: "x", colour: "#ff0000" }), 422, "validation_failed");
    expectFailure(await put(cell(elsewhere.main.id, f.chapter.id), owner.token, { note: "x" }), 404, "not_found");
    expectFailure(await put(cell(f.main.id, elsewhere.chapter.id), owner.token, { note: "x" }), 404, "not_found");
    expectFailure(await put(cell("no-such-plotline", f.chapter.id), owner.token, { note: "x" }), 404, "not_found");
    expectTrpcError(await trpcMutation("plotGrid.setCell", { bookId: f.book.id, plotlineId: f.main.id, chapterId: f.chapter.id, note: "x".repeat(2001) }, owner.token), 422, "validation_failed");
    expectTrpcError(await trpcMutation("plotGrid.setCell", { bookId: f.book.id, plotlineId: elsewhere.main.id, chapterId: f.chapter.id, note: "x" }, owner.token), 404, "not_found");
    expect(await f.snapshot()).toEqual(before);
  });
});

describe("the beat plan over HTTP", () => {
  it("refuses bad input with a clear 4xx and changes nothing", async () => {
    const f = await plotGridFixture(owner);
    const elsewhere = await plotGridFixture(owner);
    const before = await f.snapshot();
    const plan = `/api/v1/books/${f.book.id}/beat-plan`;
    const beat = `${plan}/beats/${f.beats.beats[0]!.id}`;

    expectFailure(await put(plan, owner.token, {}), 422, "validation_failed");
    expectFailure(await put(plan, owner.token, { template: "" }), 422, "validation_failed");
    expectFailure(await put(plan, owner.token, { template: "no-such-template" }), 404, "not_found");
    const noBeatSheet = expectFailure(await put(plan, owner.token, { template: "golden-three-chapters" }), 422, "validation_failed") as { path: string }[];
    expect(noBeatSheet).toEqual([expect.objectContaining({ path: "template" })]);
    expectFailure(await patch(beat, owner.token, {}), 422, "validation_failed");
    expectFailure(await patch(beat, owner.token, { chapterId: f.chapter.id, sceneId: "x" }), 422, "validation_failed");
    expectFailure(await patch(beat, owner.token, { chapterId: elsewhere.chapter.id }), 422, "validation_failed");
    expectFailure(await patch(`${plan}/beats/${elsewhere.beats.beats[0]!.id}`, owner.token, { chapterId: f.chapter.id }), 404, "not_found");
    expectTrpcError(await trpcMutation("beats.move", { bookId: f.book.id, beatId: f.beats.beats[0]!.id, place: { sceneId: "no-such-scene" } }, owner.token), 422, "validation_failed");
    expect(await f.snapshot()).toEqual(before);
  });

  it("is checked by an analysis: each beat's planned chapter beside the chapter where the structure analysis finds it", async () => {
    // Five chapters of 10, 10, 60, 10 and 10 words: by chapter order each holds a fifth of the
    // book; by words the third holds 20–80 % of it.
    const book = expectSuccess(await post("/api/v1/books", owner.token, { title: "Planned and Found", type: "novel", description: "" }), 201) as { id: string };
    const words = (n: number, word: string) => Array(n).fill(word).join(" ") + ".";
    const chapters: { id: string }[] = [];
    for (const [title, length] of [["One", 10], ["Two", 10], ["Three", 60], ["Four", 10], ["Five", 10]] as const) chapters.push(await uploadChapter(owner.token, book.id, words(length, "rain"), title));

    const applied = expectSuccess(await put(`/api/v1/books/${book.id}/beat-plan`, owner.token, { template: "three-act-structure" }), 201) as BeatPlan;
    expect(applied).toMatchObject({ templateName: "Three-Act Structure", placedBy: "chapters", analysis: null });
    expect(applied.beats.map((beat) => beat.planned?.chapterNumber)).toEqual([1, 1, 2, 2, 3, 4, 4, 5, 5]);
    expect(applied.beats.every((beat) => beat.found === null && beat.chaptersApart === null)).toBe(true);

    const template = await builtInTemplate(owner.token, "Three-Act Structure");
    expect(template.id).toBe(applied.templateId);
    const analysis = await runOn(owner.token, book.id, template.id);
    const chart = analysis.report.sections.find((section: { id: string }) => section.id === "beats").chart as { beats: { name: string; chapterId: string }[] };

    const compared = expectSuccess(await get(`/api/v1/books/${book.id}/beat-plan`, owner.token), 200) as BeatPlan;
    expect(compared.analysis).toMatchObject({ id: analysis.id });
    // Found is the analysis' own place for each beat, by the words of the text.
    expect(compared.beats.map((beat) => beat.found?.chapterId)).toEqual(chart.beats.map((beat) => beat.chapterId));
    expect(compared.beats.map((beat) => beat.found?.chapterNumber)).toEqual([1, 2, 3, 3, 3, 3, 3, 4, 5]);
    expect(compared.beats.map((beat) => [beat.name, beat.planned?.chapterNumber, beat.found?.chapterNumber, beat.chaptersApart])).toEqual([
      ["Opening", 1, 1, 0],
      ["Inciting incident", 1, 2, 1],
      ["Plot point one", 2, 3, 1],
      ["First pinch point", 2, 3, 1],
      ["Midpoint", 3, 3, 0],
      ["Second pinch point", 4, 3, -1],
      ["Plot point two", 4, 3, -1],
      ["Climax", 5, 4, -1],
      ["Resolution", 5, 5, 0],
    ]);

    // The writer moves the climax to where the text has it: on plan.
    const climax = compared.beats.find((beat) => beat.name === "Climax")!;
    const moved = expectSuccess(await patch(`/api/v1/books/${book.id}/beat-plan/beats/${climax.id}`, owner.token, { chapterId: chapters[3]!.id }), 201) as BeatPlan;
    expect(moved.beats.find((beat) => beat.id === climax.id)).toMatchObject({ moved: true, planned: { chapterNumber: 4 }, found: { chapterNumber: 4 }, chaptersApart: 0 });
  });
});

type BeatPlan = {
  templateId: string;
  analysis: { id: string } | null;
  beats: { id: string; name: string; planned: { chapterNumber: number } | null; found: { chapterId: string; chapterNumber: number } | null; chaptersApart: number | null }[];
};

/** Runs an installed template and answers the stored analysis: at once (201), or through its job (202). */
async function runOn(token: string, bookId: string, templateId: string) {
  await install(token, templateId);
  const response = await post(`/api/v1/books/${bookId}/analyses`, token, { templateId });
  if (response.status === 201) return expectSuccess(response, 201);
  const job = await waitForJob(token, expectSuccess(response, 202).id);
  expect(job.status, JSON.stringify(job.error)).toBe("succeeded");
  return expectSuccess(await get(`/api/v1/books/${bookId}/analyses/${job.result.analysisId}`, token), 200);
}
