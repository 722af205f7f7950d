// @module-tag postgres
// Issue 35 item 5 and item 3 (decision 0508) as a caller meets them over HTTP: the export's parts,
// chapters and scenes and content=outline on REST and tRPC alike with their errors, and an overdue
// foreshadowing's one inbox item.
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, saveChapter, uploadChapter } from "../support/http-books";
import { call, expectFailure, expectSuccess, get, patch, post, put } from "../support/http-client";
import { expectTrpcError, trpcMutation } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

let writer: Account;
let stranger: Account;
let bookId: string;
const ids: Record<string, string> = {};
let scenes: { id: string }[];

beforeAll(async () => {
  [writer, stranger] = await Promise.all([signUp("selection-export"), signUp("selection-stranger")]);
  bookId = (await createBook(writer.token, { title: "The Long Tide" })).id;
  for (const [title, content] of [
    ["Prologue", "The sea was grey."],
    ["Harbour", "Ann walked.\n\n* * *\n\nThe boats were gone.\n\n* * *\n\nShe waited."],
    ["Storm", "The storm broke."],
  ] as const) {
    ids[title] = (await uploadChapter(writer.token, bookId, content, title)).id;
  }
  ids.part = expectSuccess(await post(`/api/v1/books/${bookId}/parts`, writer.token, { title: "Part One" }), 201).id;
  const { orderVersion } = expectSuccess(await get(`/api/v1/books/${bookId}/contents`, writer.token), 200);
  expectSuccess(await put(`/api/v1/books/${bookId}/contents`, writer.token, { orderVersion, entries: [{ chapterId: ids.Prologue }, { chapterId: ids.Harbour }, { partId: ids.part, chapterIds: [ids.Storm] }] }), 201);
  scenes = expectSuccess(await post(`/api/v1/books/${bookId}/chapters/${ids.Harbour}/scenes/split`, writer.token, {}), 201);
  expectSuccess(await patch(`/api/v1/books/${bookId}/plan/chapters/${ids.Harbour}`, writer.token, { synopsis: "Ann finds the harbour empty.", status: "draft", targetWords: 2000 }), 201);
});

const exportPath = (query: Record<string, string>) => `/api/v1/books/${bookId}/export?${new URLSearchParams(query)}`;

describe("GET /api/v1/books/{bookId}/export?parts=&chapters=&scenes=&content=", () => {
  it("prints only a part, or chosen scenes with a chapter, in reading order; REST and tRPC alike", async () => {
    const part = await get(exportPath({ format: "md", parts: ids.part! }), writer.token);
    expect(part.status, part.text.slice(0, 300)).toBe(200);
    expect(part.text).toContain("The storm broke.");
    expect(part.text).not.toContain("The sea was grey.");
    const chosen = await get(exportPath({ format: "md", scenes: `${scenes[2]!.id},${scenes[0]!.id}`, chapters: ids.Prologue! }), writer.token);
    expect(chosen.status).toBe(200);
    expect(chosen.text).toContain("The sea was grey.");
    expect(chosen.text).toContain("Ann walked.");
    expect(chosen.text).toContain("She waited.");
    expect(chosen.text).not.toContain("The boats were gone.");
    const rpc = await trpcMutation("convert.export", { bookId, format: "md", scenes: [scenes[1]!.id] }, writer.token);
    expect(rpc.status).toBe(200);
    const text = Buffer.from(rpc.body.result.data.file.base64, "base64").toString("utf8");
    expect(text).toContain("The boats were gone.");
    expect(text).not.toContain("Ann walked.");
  });

  it("content=outline prints the plan, not the text; in DOCX over tRPC too", async () => {
    const outline = await get(exportPath({ format: "md", content: "outline" }), writer.token);
    expect(outline.status).toBe(200);
    expect(outline.text).toContain("Ann finds the harbour empty.");
    expect(outline.text).toContain("**Status:** draft");
    expect(outline.text).toContain("**Target:** 2000");
    expect(outline.text).not.toContain("The boats were gone.");
    const rpc = await trpcMutation("convert.export", { bookId, format: "docx", content: "outline" }, writer.token);
    expect(rpc.status).toBe(200);
    expect(rpc.body.result.data.file.name).toContain("Outline");
  });

  it("refuses another book's ids (422), a trashed chapter (404 chapter_in_trash), an outline in manuscript (422) and a stranger (403), changing nothing", async () => {
    const other = (await createBook(stranger.token, { title: "Other" })).id;
    const theirs = (await uploadChapter(stranger.token, other, "x\n\n* * *\n\ny", "Theirs")).id;
    const [theirScene] = expectSuccess(await post(`/api/v1/books/${other}/chapters/${theirs}/scenes/split`, stranger.token, {}), 201);
    const theirPart = expectSuccess(await post(`/api/v1/books/${other}/parts`, stranger.token, { title: "Elsewhere" }), 201).id;
    expect(JSON.stringify(expectFailure(await get(exportPath({ format: "md", scenes: theirScene.id }), writer.token), 422, "validation_failed"))).toContain('"path":"scenes"');
    expect(JSON.stringify(expectFailure(await get(exportPath({ format: "md", parts: theirPart }), writer.token), 422, "validation_failed"))).toContain('"path":"parts"');
    expect((await call("HEAD", exportPath({ format: "md", parts: theirPart }), { token: writer.token })).status).toBe(422);
    expectTrpcError(await trpcMutation("convert.export", { bookId, format: "md", scenes: [theirScene.id] }, writer.token), 422, "validation_failed");
    expectFailure(await get(exportPath({ format: "md", scenes: "" }), writer.token), 400, "invalid_query");
    expectFailure(await get(exportPath({ format: "docx", content: "outline", manuscript: "1" }), writer.token), 422, "validation_failed");
    expectFailure(await get(exportPath({ format: "md", content: "synopses" }), writer.token), 400, "invalid_query");
    expectFailure(await get(exportPath({ format: "md", parts: ids.part! }), stranger.token), 403, "forbidden");
    const trashed = (await uploadChapter(writer.token, bookId, "Cut.", "Cut")).id;
    expect((await call("DELETE", `/api/v1/books/${bookId}/chapters/${trashed}`, { token: writer.token })).status).toBe(204);
    expectFailure(await get(exportPath({ format: "md", chapters: trashed }), writer.token), 404, "chapter_in_trash");
  });
});

describe("an overdue foreshadowing in the inbox", () => {
  it("is one item for the writer when the pay-off-by chapter gets its first words, linking to the board", async () => {
    const book = (await createBook(writer.token, { title: "伏笔" })).id;
    const one = await uploadChapter(writer.token, book, "The sword in black cloth.", "One");
    const two = await uploadChapter(writer.token, book, "", "Two");
    const sword = expectSuccess(await post(`/api/v1/books/${book}/foreshadowings`, writer.token, { title: "The sword", setup: { chapterId: one.id }, deadline: { chapterId: two.id } }), 201);
    const overdue = async () => (expectSuccess(await get("/api/v1/inbox?per_page=100", writer.token), 200) as { kind: string; book: { id: string } }[]).filter((n) => n.kind === "foreshadowing_overdue" && n.book.id === book);
    expect(await overdue()).toEqual([]);
    const saved = await saveChapter(writer.token, book, two.id, two.version, { content: "The storm came." });
    await saveChapter(writer.token, book, two.id, saved.version, { content: "The storm came and went." });
    expect(await overdue()).toEqual([expect.objectContaining({ foreshadowing: { id: sword.id, title: "The sword", state: "planted" }, href: `/books/${book}/foreshadowing#foreshadowing-${sword.id}` })]);
  });
});
