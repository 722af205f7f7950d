// Issue 21 over HTTP: the story bible through REST and tRPC, bad input and pictures.
import { beforeAll, describe, expect, it } from "vitest";
import { bibleFixture, PNG } from "../support/http-bible-cases";
import { call, expectFailure, expectSuccess, get, patch, post } from "../support/http-client";
import { expectTrpcError, trpcMutation, trpcQuery } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

let ada: Account;
beforeAll(async () => {
  ada = await signUp("bible-ada");
});

const form = (bytes: Uint8Array<ArrayBuffer>, type: string) => {
  const body = new FormData();
  body.set("file", new Blob([bytes], { type }), "picture");
  return body;
};

describe("the story bible over REST and tRPC (issue 21)", () => {
  it("finds names in a saved chapter, answers the same over both transports, and exports Markdown", async () => {
    const f = await bibleFixture(ada);
    const saved = expectSuccess(await patch(`/api/v1/books/${f.bookId}/chapters/${f.chapter.id}`, ada.token, { content: "Lyra Belacqua left Oxford. Lyra wept.", version: f.chapter.version }), 201);
    expect(saved.version).toBe(f.chapter.version + 1);
    const rest = expectSuccess(await get(`/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}/mentions`, ada.token), 200);
    expect(rest).toMatchObject({ total: 2, chapters: [{ chapterId: f.chapter.id, count: 2 }], first: { start: 0 } });
    expect(rest.mentions.items[0]).toMatchObject({ text: "Lyra Belacqua", sentence: "Lyra Belacqua left Oxford." });
    const rpc = await trpcQuery("bible.mentions", { bookId: f.bookId, entryId: f.lyra.id }, ada.token);
    expect(rpc.body.result.data).toEqual(rest);
    const panel = expectSuccess(await get(`/api/v1/books/${f.bookId}/chapters/${f.chapter.id}/bible`, ada.token), 200);
    expect(panel.entries.map((e: { name: string }) => e.name)).toEqual(["Lyra", "Oxford"]);
    const markdown = await get(`/api/v1/books/${f.bookId}/bible/export`, ada.token);
    expect(markdown.status).toBe(200);
    expect(markdown.text).toContain("- lives in Oxford");
  });

  it("refuses a taken name with 409 naming the other entry, flags a common word, and 422s past a limit", async () => {
    const f = await bibleFixture(ada);
    const taken = expectFailure(await post(`/api/v1/books/${f.bookId}/bible/entries`, ada.token, { name: "Pan", aliases: ["lyra belacqua"] }), 409, "name_taken");
    expect(taken).toMatchObject({ entryId: f.lyra.id, entryName: "Lyra" });
    const rpc = await trpcMutation("bible.createEntry", { bookId: f.bookId, name: "Lyra" }, ada.token);
    expectTrpcError(rpc, 409, "name_taken");
    const may = expectSuccess(await post(`/api/v1/books/${f.bookId}/bible/entries`, ada.token, { name: "May Coulter", aliases: ["May"] }), 201);
    expect(may.warnings).toMatchObject([{ name: "May", code: "common_word" }]);
    const aliases = Array.from({ length: 31 }, (_, i) => `Alias ${i}`);
    expectFailure(await post(`/api/v1/books/${f.bookId}/bible/entries`, ada.token, { name: "Many", aliases }), 422, "validation_failed");
    expectFailure(await post(`/api/v1/books/${f.bookId}/bible/relations`, ada.token, { fromId: f.lyra.id, toId: "nobody", label: "knows" }), 422, "validation_failed");
    expect(await f.snapshot()).toEqual(await f.snapshot());
  });

  it("keeps a picture by its bytes: 413 over 2 MiB, 415 for what is not an image", async () => {
    const f = await bibleFixture(ada);
    const path = `/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}/picture`;
    // Claimed a PNG, but its bytes are text.
    expectFailure(await call("PUT", path, { token: ada.token, body: form(new TextEncoder().encode("not an image"), "image/png") }), 415, "unsupported_media_type");
    const big = new Uint8Array(2 * 1024 * 1024 + 100 * 1024);
    big.set(PNG);
    expect((await call("PUT", path, { token: ada.token, body: form(big, "image/png") })).status).toBe(413);
    expect((await get(`/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}`, ada.token)).body.data.picture).toBeNull();
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]);
    const entry = expectSuccess(await call("PUT", path, { token: ada.token, body: form(gif, "application/octet-stream") }), 201);
    expect(entry.picture).toMatchObject({ mediaType: "image/gif", size: gif.byteLength, url: path });
    const bytes = await get(path, ada.token);
    expect(bytes.headers.get("content-type")).toBe("image/gif");
  });
});
