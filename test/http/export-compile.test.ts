import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uploadChapter } from "../support/http-books";
import { call, expectFailure, expectSuccess, get, waitForJob } from "../support/http-client";
import { expectTrpcError, trpcMutation } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

// Issue 19 item 14: compile options on the export — front matter, the scene break's mark, a
// chapter subset, the manuscript's paper — on REST and tRPC alike, and their errors.

let writer: Account;
let stranger: Account;
let bookId: string;
const chapterIds: string[] = [];
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

beforeAll(async () => {
  writer = await signUp("compile-export");
  stranger = await signUp("compile-stranger");
  bookId = (await createBook(writer.token, { title: "The Long Tide" })).id;
  for (const [title, content] of [
    ["Harbour", "It began at the harbour.\n* * *\nThe tide came back."],
    ["Storm", "The storm broke."],
    ["Calm", "Then it was calm."],
  ]) {
    chapterIds.push((await uploadChapter(writer.token, bookId, content!, title)).id);
  }
});

const exportPath = (query: Record<string, string>) => `/api/v1/books/${bookId}/export?${new URLSearchParams(query)}`;

describe("GET /api/v1/books/{bookId}/export with compile options", () => {
  it("prints the copyright page and dedication after the title, and the scene break as asked", async () => {
    const answer = await get(exportPath({ format: "txt", copyright: "Copyright © 2026 Ann\nAll rights reserved.", dedication: "For Maud", sceneBreak: "asterism" }), writer.token);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.text).toMatch(/^The Long Tide\n\n[^\n]+\n\nCopyright © 2026 Ann\nAll rights reserved\.\n\nFor Maud\n\nHarbour/);
    expect(answer.text).toContain("harbour.\n\n⁂\n\nThe tide");
  });

  it("puts the front matter in its own EPUB files", async () => {
    const answer = await get(exportPath({ format: "epub", dedication: "For Maud" }), writer.token);
    expect(answer.status).toBe(200);
    const files = unzipSync(answer.bytes);
    expect(text(files["OEBPS/dedication.xhtml"]!)).toContain("For Maud");
    expect(files["OEBPS/copyright.xhtml"]).toBeUndefined();
    expect(text(files["OEBPS/nav.xhtml"]!)).toContain('epub:type="landmarks"');
  });

  it("exports only the chapters named, in the book's order whatever the order asked", async () => {
    const answer = await get(exportPath({ format: "md", chapters: `${chapterIds[2]},${chapterIds[0]}` }), writer.token);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("# Harbour");
    expect(answer.text).not.toContain("# Storm");
    expect(answer.text.indexOf("# Harbour")).toBeLessThan(answer.text.indexOf("# Calm"));
  });

  it("refuses chapter ids that are not the book's (422 naming them), including another writer's, and a blank list", async () => {
    const other = (await uploadChapter(stranger.token, (await createBook(stranger.token, { title: "Other" })).id, "Not yours.", "Theirs")).id;
    const unknown = expectFailure(await get(exportPath({ format: "md", chapters: `${chapterIds[0]},nope` }), writer.token), 422, "validation_failed");
    expect(JSON.stringify(unknown)).toContain("nope");
    expectFailure(await get(exportPath({ format: "md", chapters: other }), writer.token), 422, "validation_failed");
    expect((await get(exportPath({ format: "md", chapters: " , " }), writer.token)).status).toBe(400);
    // HEAD checks them too, writing nothing.
    expect((await call("HEAD", exportPath({ format: "md", chapters: "nope" }), { token: writer.token })).status).toBe(422);
  });

  it("refuses a scene break it does not know, front matter too long (400) and paper without a manuscript (406)", async () => {
    expect((await get(exportPath({ format: "txt", sceneBreak: "tilde" }), writer.token)).status).toBe(400);
    expect((await get(exportPath({ format: "txt", copyright: "x".repeat(2001) }), writer.token)).status).toBe(400);
    expect((await get(exportPath({ format: "txt", dedication: "x".repeat(1001) }), writer.token)).status).toBe(400);
    expectFailure(await get(exportPath({ format: "docx", paper: "a4" }), writer.token), 406, "not_acceptable");
    expect((await get(exportPath({ format: "docx", manuscript: "1", paper: "legal" }), writer.token)).status).toBe(400);
  });

  it("sets the manuscript on A4 when asked, US Letter otherwise, in Times when asked, Courier otherwise", async () => {
    const a4 = await get(exportPath({ format: "docx", manuscript: "1", paper: "a4", manuscriptFont: "times" }), writer.token);
    expect(a4.status).toBe(200);
    expect(text(unzipSync(a4.bytes)["word/document.xml"]!)).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
    expect(text(unzipSync(a4.bytes)["word/styles.xml"]!)).toContain('w:ascii="Times New Roman"');
    const letter = await get(exportPath({ format: "docx", manuscript: "1" }), writer.token);
    expect(text(unzipSync(letter.bytes)["word/document.xml"]!)).toMatch(/<w:pgSz w:w="12240" w:h="15840"/);
    expect(text(unzipSync(letter.bytes)["word/styles.xml"]!)).toContain('w:ascii="Courier New"');
    expectFailure(await get(exportPath({ format: "docx", manuscriptFont: "times" }), writer.token), 406, "not_acceptable");
    expect((await get(exportPath({ format: "docx", manuscript: "1", manuscriptFont: "arial" }), writer.token)).status).toBe(400);
  });

  it("holds for a queued export", async () => {
    const job = expectSuccess(await get(exportPath({ format: "txt", async: "1", dedication: "For Maud", sceneBreak: "hash", chapters: chapterIds[0]! }), writer.token), 202);
    expect(await waitForJob(writer.token, job.id)).toMatchObject({ status: "succeeded" });
    const file = await get(`/api/v1/jobs/${job.id}/file`, writer.token);
    expect(file.text).toContain("For Maud");
    expect(file.text).toContain("harbour.\n\n#\n\nThe tide");
    expect(file.text).not.toContain("Storm");
  });

  it("declares the options in the OpenAPI document", async () => {
    const spec = (await get("/api/v1/openapi.json")).body;
    const parameters = (spec.paths["/api/v1/books/{bookId}/export"].get.parameters as { name: string; in: string; schema: { enum?: string[] } }[]).filter((p) => p.in === "query");
    const names = parameters.map((p) => p.name);
    for (const name of ["copyright", "dedication", "sceneBreak", "chapters", "paper", "manuscriptFont"]) expect(names).toContain(name);
    expect(parameters.find((p) => p.name === "sceneBreak")?.schema.enum).toEqual(["stars", "hash", "asterism", "blank"]);
    expect(parameters.find((p) => p.name === "paper")?.schema.enum).toEqual(["letter", "a4"]);
  });
});

describe("tRPC convert.export with compile options", () => {
  it("takes the same options, chapters as a list", async () => {
    const answer = await trpcMutation("convert.export", { bookId, format: "txt", copyright: "© Ann", sceneBreak: "blank", chapters: [chapterIds[0]] }, writer.token);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    const written = Buffer.from(answer.body.result.data.file.base64, "base64").toString("utf8");
    expect(written).toContain("© Ann");
    expect(written).toContain("harbour.\n\n\n\nThe tide");
    expect(written).not.toContain("Storm");
  });

  it("answers the same errors", async () => {
    expectTrpcError(await trpcMutation("convert.export", { bookId, format: "txt", chapters: ["nope"] }, writer.token), 422, "validation_failed");
    expectTrpcError(await trpcMutation("convert.export", { bookId, format: "txt", chapters: [] }, writer.token), 422, "validation_failed");
    expectTrpcError(await trpcMutation("convert.export", { bookId, format: "txt", sceneBreak: "tilde" }, writer.token), 422, "validation_failed");
    // tRPC spells not_acceptable as BAD_REQUEST (400), its business code the same as REST's 406.
    expectTrpcError(await trpcMutation("convert.export", { bookId, format: "pdf", paper: "a4" }, writer.token), 400, "not_acceptable");
  });
});
