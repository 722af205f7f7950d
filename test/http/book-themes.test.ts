// @module-tag postgres
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uploadChapter } from "../support/http-books";
import { get, patch } from "../support/http-client";
import { trpcMutation, trpcQuery } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

// Issue 37 items 5 and 7 over HTTP (decision 0494): a book keeps its theme, an export may set
// another (REST, tRPC, the OpenAPI document), an unknown theme is a 422 that changes nothing, and
// the print preview answers the first pages as PNG images. What each theme prints is judged in
// test/unit/book-themes.test.ts.

let writer: Account;
let bookId: string;
const PNG = "iVBORw0KGgo";
/** The EPUB's stylesheet. */
const css = (bytes: Uint8Array) => new TextDecoder().decode(unzipSync(bytes)["OEBPS/style.css"]);

beforeAll(async () => {
  writer = await signUp("book-themes");
  bookId = (await createBook(writer.token, { title: "The Keeper's Light" })).id;
  await uploadChapter(writer.token, bookId, "The lamp was lit at dusk.\n\nShe climbed the stairs.\n\n***\n\nMorning came grey.", "Night");
});

describe("a book's theme and the export's", () => {
  it("a new book is classic; PATCH sets its theme, an unknown one is 422 and changes nothing", async () => {
    expect((await get(`/api/v1/books/${bookId}`, writer.token)).body.data.theme).toBe("classic");
    const bad = await patch(`/api/v1/books/${bookId}`, writer.token, { theme: "baroque" });
    expect(bad.status).toBe(422);
    expect((await get(`/api/v1/books/${bookId}`, writer.token)).body.data.theme).toBe("classic");
    const set = await patch(`/api/v1/books/${bookId}`, writer.token, { theme: "modern" });
    expect(set.status, set.text.slice(0, 300)).toBe(201);
    expect(set.body.data.theme).toBe("modern");
  });

  it("the EPUB is set in the book's theme unless the export names another; a bad name is 422, a theme for plain text 406", async () => {
    const own = await get(`/api/v1/books/${bookId}/export?format=epub`, writer.token);
    expect(own.status).toBe(200);
    expect(css(own.bytes)).toContain('hr::after{content:"⁂"}');
    const chosen = await get(`/api/v1/books/${bookId}/export?format=epub&theme=classic`, writer.token);
    expect(css(chosen.bytes)).toContain('hr::after{content:"* * *"}');
    const bad = await get(`/api/v1/books/${bookId}/export?format=pdf&theme=baroque`, writer.token);
    expect(bad.status).toBe(422);
    expect(bad.body.details).toEqual([{ path: "theme", message: "one of classic, modern, chinese" }]);
    expect((await get(`/api/v1/books/${bookId}/export?format=txt&theme=modern`, writer.token)).status).toBe(406);
    expect((await get(`/api/v1/books/${bookId}/export?format=docx&manuscript=1&theme=modern`, writer.token)).status).toBe(406);
  });

  it("tRPC's export takes the theme too", async () => {
    const rpc = await trpcMutation("convert.export", { bookId, format: "docx", theme: "chinese" }, writer.token);
    expect(rpc.status, rpc.text.slice(0, 300)).toBe(200);
    expect(rpc.body.result.data.file.name).toMatch(/\.docx$/);
    const bad = await trpcMutation("convert.export", { bookId, format: "docx", theme: "baroque" }, writer.token);
    expect(bad.body.error.data.httpStatus).toBe(422);
  });
});

describe("GET /api/v1/books/{bookId}/print-preview", () => {
  it("answers the print PDF's first pages as PNG images, in the theme and trim asked", async () => {
    const preview = await get(`/api/v1/books/${bookId}/print-preview?theme=chinese&trimSize=a5&pages=3`, writer.token);
    expect(preview.status, preview.text.slice(0, 300)).toBe(200);
    expect(preview.body.data.theme).toBe("chinese");
    expect(preview.body.data.trimSize).toBe("a5");
    const pages = preview.body.data.pages as { number: number; mediaType: string; base64: string }[];
    expect(pages.map((page) => page.number)).toEqual([1, 2, 3]);
    for (const page of pages) {
      expect(page.mediaType).toBe("image/png");
      expect(page.base64.startsWith(PNG)).toBe(true);
      // A5 at 80 dpi: 467 × 662 pixels (poppler rounds up), the PNG's header says.
      const bytes = Buffer.from(page.base64, "base64");
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([467, 662]);
    }
  });

  it("the book's theme and four pages unless asked; over tRPC alike; a bad theme is 422, too many pages 400", async () => {
    const preview = await get(`/api/v1/books/${bookId}/print-preview`, writer.token);
    expect(preview.body.data.theme).toBe("modern");
    // A short book: its title page, the blank verso and chapter one's page.
    expect(preview.body.data.pages.length).toBeLessThanOrEqual(4);
    expect(preview.body.data.pages.length).toBeGreaterThanOrEqual(3);
    const rpc = await trpcQuery("convert.printPreview", { bookId, theme: "classic", pages: 1 }, writer.token);
    expect(rpc.status, rpc.text.slice(0, 300)).toBe(200);
    expect(rpc.body.result.data.pages).toHaveLength(1);
    expect((await get(`/api/v1/books/${bookId}/print-preview?theme=baroque`, writer.token)).status).toBe(422);
    expect((await get(`/api/v1/books/${bookId}/print-preview?pages=9`, writer.token)).status).toBe(400);
  });

  it("is in the OpenAPI document with the export's theme option", async () => {
    const spec = (await get("/api/v1/openapi.json")).body;
    expect(spec.paths["/api/v1/books/{bookId}/print-preview"].get).toBeDefined();
    const parameters = spec.paths["/api/v1/books/{bookId}/export"].get.parameters as { name: string; in: string; schema: { enum?: string[] } }[];
    expect(parameters.find((p) => p.name === "theme")?.schema.enum).toEqual(["classic", "modern", "chinese"]);
  });
});
