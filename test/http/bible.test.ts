// @module-tag postgres
// Issue 21 over HTTP: the story bible through REST and tRPC, bad input and pictures.
import { beforeAll, describe, expect, it } from "vitest";
import { bibleFixture, PNG } from "../support/http-bible-cases";
import { manuscriptForm } from "../support/http-convert-cases";
import { unzipSync } from "fflate";
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

  it("warns of a one-character alias (single_character) when the entry is made and whenever it is read (decision 0503)", async () => {
    const f = await bibleFixture(ada);
    const warning = { name: "飞", code: "single_character", message: expect.stringContaining("single Chinese character") };
    const zhang = expectSuccess(await post(`/api/v1/books/${f.bookId}/bible/entries`, ada.token, { name: "张飞", aliases: ["翼德", "飞"] }), 201);
    expect(zhang.warnings).toEqual([warning]);
    expect(expectSuccess(await get(`/api/v1/books/${f.bookId}/bible/entries/${zhang.id}`, ada.token), 200).warnings).toEqual([warning]);
    const rpc = await trpcQuery("bible.getEntry", { bookId: f.bookId, entryId: zhang.id }, ada.token);
    expect(rpc.body.result.data.warnings).toEqual([warning]);
    // A one-character common word (一) is said once, as a single character, not twice.
    const one = expectSuccess(await post(`/api/v1/books/${f.bookId}/bible/entries`, ada.token, { name: "一号", aliases: ["一"] }), 201);
    expect(one.warnings.map((w: { code: string }) => w.code)).toEqual(["single_character"]);
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
    const gif = new Uint8Array(Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));
    const entry = expectSuccess(await call("PUT", path, { token: ada.token, body: form(gif, "application/octet-stream") }), 201);
    expect(entry.picture).toMatchObject({ mediaType: "image/gif", size: gif.byteLength, url: path });
    // As the page asks for it: `v` is the picture's time, so a new picture has a new address.
    const bytes = await get(`${path}?v=${encodeURIComponent(entry.picture.updatedAt)}`, ada.token);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get("content-type")).toBe("image/gif");
  });

  it("appends the bible to an export when asked (bibleAppendix), over REST, tRPC and in the OpenAPI document", async () => {
    const f = await bibleFixture(ada);
    const epub = await get(`/api/v1/books/${f.bookId}/export?format=epub&bibleAppendix=1`, ada.token);
    expect(epub.status, epub.text.slice(0, 300)).toBe(200);
    const documents = Object.entries(unzipSync(epub.bytes))
      .filter(([name]) => name.endsWith(".xhtml"))
      .map(([, bytes]) => new TextDecoder().decode(bytes))
      .join("\n");
    expect(documents).toMatch(/Story Bible[\s\S]*Characters[\s\S]*Lyra Belacqua[\s\S]*Places[\s\S]*Oxford/);
    const plain = await get(`/api/v1/books/${f.bookId}/export?format=md`, ada.token);
    expect(plain.text).not.toContain("Story Bible");
    expectFailure(await get(`/api/v1/books/${f.bookId}/export?format=md&bibleAppendix=yes`, ada.token), 400, "invalid_query");

    const rpc = await trpcMutation("convert.export", { bookId: f.bookId, format: "md", bibleAppendix: true }, ada.token);
    const markdown = Buffer.from(rpc.body.result.data.file.base64, "base64").toString("utf8");
    expect(markdown).toMatch(/# Story Bible[\s\S]*### Lyra\n\n\*Also:\* Lyra Belacqua/);

    const spec = (await get("/api/v1/openapi.json")).body;
    const parameters = spec.paths["/api/v1/books/{bookId}/export"].get.parameters as { name: string; in: string }[];
    expect(parameters.some((p) => p.in === "query" && p.name === "bibleAppendix")).toBe(true);
  });

  it("proposes an imported manuscript's characters, adds one only when asked (POST …/bible/cast), over REST and tRPC", async () => {
    const text = "# One\n\nThe boat left at dawn. Then Marguerite rowed hard, and Tobias watched. At noon Marguerite sang.\n\n# Two\n\nLater Tobias laughed, and Marguerite smiled. Even Tobias slept.\n";
    const imported = expectSuccess(await call("POST", "/api/v1/books/import", { token: ada.token, body: manuscriptForm({}, text, "boat.md") }), 201);
    const bookId = imported.book.id;
    const proposals = expectSuccess(await get(`/api/v1/books/${bookId}/bible/proposals`, ada.token), 200);
    expect(proposals).toEqual({
      items: [
        { name: "Marguerite", kind: "character", mentions: 3, chapters: 2 },
        { name: "Tobias", kind: "character", mentions: 3, chapters: 2 },
      ],
    });
    expect((await trpcQuery("bible.proposals", { bookId }, ada.token)).body.result.data).toEqual(proposals);
    expect(expectSuccess(await get(`/api/v1/books/${bookId}/bible/entries`, ada.token), 200)).toEqual([]);

    expectSuccess(await post(`/api/v1/books/${bookId}/bible/cast`, ada.token, { name: "Tobias" }), 201);
    expect(expectSuccess(await get(`/api/v1/books/${bookId}/bible/proposals`, ada.token), 200).items.map((p: { name: string }) => p.name)).toEqual(["Marguerite"]);
    expectFailure(await get(`/api/v1/books/no-such-book/bible/proposals`, ada.token), 404, "not_found");
  });
});
