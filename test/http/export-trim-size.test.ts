import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uploadChapter } from "../support/http-books";
import { get } from "../support/http-client";
import { signUp, type Account } from "../support/http-users";

// Issue 19 item 12: the PDF's trim size is an export option (trimSize), for PDF only.

let writer: Account;
let bookId: string;
const mediaBox = (bytes: Uint8Array) => /\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(new TextDecoder("latin1").decode(bytes))?.slice(1).map(Number);

beforeAll(async () => {
  writer = await signUp("trim-export");
  bookId = (await createBook(writer.token, { title: "The Keeper's Light" })).id;
  await uploadChapter(writer.token, bookId, "The lamp was lit at dusk.\nShe climbed the stairs.", "Night");
});

describe("GET /api/v1/books/{bookId}/export?format=pdf&trimSize=…", () => {
  it("sets the pages in the trim size asked for, 6 × 9 in unless asked", async () => {
    const a5 = await get(`/api/v1/books/${bookId}/export?format=pdf&trimSize=a5`, writer.token);
    expect(a5.status, a5.text.slice(0, 300)).toBe(200);
    expect(mediaBox(a5.bytes)?.map(Math.round)).toEqual([420, 595]);
    const standard = await get(`/api/v1/books/${bookId}/export?format=pdf`, writer.token);
    expect(mediaBox(standard.bytes)).toEqual([432, 648]);
  });

  it("refuses a trim size for another format (406) and one it does not know (400, as every bad query parameter)", async () => {
    expect((await get(`/api/v1/books/${bookId}/export?format=epub&trimSize=a5`, writer.token)).status).toBe(406);
    expect((await get(`/api/v1/books/${bookId}/export?format=pdf&trimSize=a4`, writer.token)).status).toBe(400);
  });

  it("is declared in the OpenAPI document", async () => {
    const spec = (await get("/api/v1/openapi.json")).body;
    const parameters = (spec.paths["/api/v1/books/{bookId}/export"].get.parameters as { name: string; in: string; schema: { enum?: string[] } }[]).filter((p) => p.in === "query");
    expect(parameters.find((p) => p.name === "trimSize")?.schema.enum).toEqual(["5x8", "5.25x8", "5.5x8.5", "6x9", "a5", "140x203mm", "185x260mm"]);
  });
});
