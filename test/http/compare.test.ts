// Issue 20 §3: Compare over REST and tRPC against the running server.
import { beforeAll, describe, expect, it } from "vitest";
import { expectFailure, expectSuccess, get } from "../support/http-client";
import { createBook, saveChapter, uploadChapter } from "../support/http-books";
import { expectTrpcError, trpcQuery } from "../support/http-trpc";
import { mintToken, signUp, type Account } from "../support/http-users";

let writer: Account;
let stranger: Account;
beforeAll(async () => {
  [writer, stranger] = await Promise.all([signUp("compare"), signUp("compare-stranger")]);
});

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("Compare over HTTP (issue 20 §3)", () => {
  it("compares two books over REST and tRPC alike; read:analysis suffices", async () => {
    const draft = await createBook(writer.token, { title: "My Draft" });
    await uploadChapter(writer.token, draft.id, 'She ran. "Stop!" he said. The door shut.', "One");
    await uploadChapter(writer.token, draft.id, "Night fell over the town and nobody slept at all.", "Two");
    const model = await createBook(writer.token, { title: "The Model" });
    await uploadChapter(writer.token, model.id, "A happy day began.", "Start");
    const analyst = (await mintToken(writer.token, ["read:analysis"])).token;

    const rest = expectSuccess(await get(`/api/v1/books/${draft.id}/comparison?${q({ otherBookId: model.id })}`, analyst), 200);
    expect(rest.series.map((s: { key: string }) => s.key)).toEqual([
      "chapter-words",
      "dialogue-share",
      "pacing-action",
      "pacing-introspection",
      "pacing-narration",
      "speakers",
      "lead-speaker",
      "sentence-length",
      "readability",
      "emotion",
      "hook-type",
      "beats",
    ]);
    // how each chapter ends: "The door shut." (3 words) and a 10-word statement; the category series lists its kinds
    expect(rest.left.values["hook-type"]).toEqual(["short sentence", "statement"]);
    expect(rest.series.find((s: { key: string }) => s.key === "hook-type").categories).toEqual(["suspense line", "question", "exclamation", "ellipsis", "dialogue", "short sentence", "statement"]);
    // "he said" names no character: no lead speaker, and the note says so
    expect(rest.left.values["lead-speaker"]).toEqual([null, null]);
    expect(rest.left.notes).toEqual({ "lead-speaker": "No character is named in a dialogue tag" });
    expect(rest.left).toMatchObject({ bookId: draft.id, title: "My Draft", words: 18, language: "en" });
    expect(rest.left.chapters.map((c: { title: string; position: number }) => [c.title, c.position])).toEqual([
      ["One", 22.22],
      ["Two", 72.22],
    ]);
    // "Stop!" is one of chapter one's 8 words
    expect(rest.left.values["dialogue-share"]).toEqual([12.5, 0]);
    // happy +3 over 4 words
    expect(rest.right.values.emotion).toEqual([75]);
    expect(rest.beats).toHaveLength(9);

    const rpc = await trpcQuery("analysis.compare", { bookId: draft.id, otherBookId: model.id }, analyst);
    expect(rpc.status).toBe(200);
    expect(rpc.body.result.data).toEqual(rest);
  });

  it("compares a book with itself as it stood at an earlier time", async () => {
    const book = await createBook(writer.token, { title: "Growing" });
    const chapter = await uploadChapter(writer.token, book.id, "Three words here.", "First");
    await pause(50);
    const between = new Date().toISOString();
    await pause(50);
    await saveChapter(writer.token, book.id, chapter.id, 1, { title: "First", content: "Now there are six words here." });
    await uploadChapter(writer.token, book.id, "Another chapter.", "Second");

    const compared = expectSuccess(await get(`/api/v1/books/${book.id}/comparison?${q({ asOf: between, series: "chapter-words" })}`, writer.token), 200);
    expect(compared.series).toEqual([{ key: "chapter-words", label: "Chapter length", unit: "words" }]);
    expect(compared.left.values["chapter-words"]).toEqual([6, 2]);
    expect(compared.right).toMatchObject({ bookId: book.id, asOf: between, values: { "chapter-words": [3] } });
    const rpc = await trpcQuery("analysis.compare", { bookId: book.id, asOf: between, series: ["chapter-words"] }, writer.token);
    expect(rpc.body.result.data).toEqual(compared);
  });

  it("refuses bad input with a clear status, over both transports", async () => {
    const book = await createBook(writer.token, { title: "Alone" });
    await uploadChapter(writer.token, book.id, "Some words.", "One");
    const theirs = await createBook(stranger.token, { title: "Not Yours" });
    const path = (params: Record<string, string>) => `/api/v1/books/${book.id}/comparison?${q(params)}`;

    // nothing to compare with
    expectFailure(await get(path({}), writer.token), 422, "validation_failed");
    expectFailure(await get(path({ otherBookId: book.id }), writer.token), 422, "validation_failed");
    // a time before the book existed, in the future, or no time at all
    const before = expectFailure(await get(path({ asOf: "2001-01-01T00:00:00Z" }), writer.token), 422, "validation_failed");
    expect(JSON.stringify(before)).toMatch(/did not exist yet/);
    expectFailure(await get(path({ asOf: "2999-01-01" }), writer.token), 422, "validation_failed");
    // a query string REST cannot read is 400, as on every endpoint: a time that is none, an unknown series or parameter
    expectFailure(await get(path({ asOf: "yesterday" }), writer.token), 400, "invalid_query");
    expectFailure(await get(path({ otherBookId: theirs.id, series: "chapter-words,hooks" }), writer.token), 400, "invalid_query");
    expectFailure(await get(path({ with: theirs.id }), writer.token), 400, "invalid_query");
    // another writer's book as the other book: 404, exactly as an id that names nothing
    const foreign = await get(path({ otherBookId: theirs.id }), writer.token);
    const unknown = await get(path({ otherBookId: "no-such-book" }), writer.token);
    expectFailure(foreign, 404, "not_found");
    expectFailure(unknown, 404, "not_found");
    expect(foreign.body.msg).toBe(unknown.body.msg);
    expectTrpcError(await trpcQuery("analysis.compare", { bookId: book.id, otherBookId: theirs.id }, writer.token), 404, "not_found");
    expectTrpcError(await trpcQuery("analysis.compare", { bookId: book.id, series: ["hooks"], asOf: "2026-01-01" }, writer.token), 422, "validation_failed");
  });

  it("is in the OpenAPI document with its query parameters", async () => {
    const document = (await get("/api/v1/openapi.json")).body;
    const operation = document.paths["/api/v1/books/{bookId}/comparison"].get;
    expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["asOf", "bookId", "otherBookId", "series"]);
  });
});
