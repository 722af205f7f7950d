import { beforeAll, describe, expect, it } from "vitest";
import { pdfxAvailable } from "@/server/convert/engine/writers/pdfx";
import { createBook, uploadChapter } from "../support/http-books";
import { get } from "../support/http-client";
import { trpcMutation, trpcQuery } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

// Issue 37 items 1 and 2 over HTTP (decision 0490): the print PDF's new options on REST, tRPC and
// in the OpenAPI document, each refused with another format; the cover template, its spine
// measured from the page count given or from the print PDF's own. The PDFs' pages are judged by
// poppler in test/unit/print-pdf.test.ts.

let writer: Account;
let bookId: string;
const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);
const mediaBox = (bytes: Uint8Array) => /\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(latin1(bytes))?.slice(1).map(Number);
/** The pages of a PDF Typst wrote: its page tree's count. */
const pageCount = (bytes: Uint8Array) => Number(/\/Type\s*\/Pages[^>]*?\/Count\s+(\d+)/.exec(latin1(bytes))?.[1] ?? /\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages/.exec(latin1(bytes))?.[1]);

beforeAll(async () => {
  writer = await signUp("print-ready");
  bookId = (await createBook(writer.token, { title: "The Keeper's Light" })).id;
  await uploadChapter(writer.token, bookId, "The lamp was lit at dusk.\n\nShe climbed the stairs.", "Night");
  await uploadChapter(writer.token, bookId, "Morning came grey.", "Morning");
  await uploadChapter(writer.token, bookId, "The boat was late.", "Noon");
});

describe("the print PDF's options (issue 37 item 1)", () => {
  it("sets 16开 pages with chapters on right-hand pages over REST and tRPC alike", async () => {
    const rest = await get(`/api/v1/books/${bookId}/export?format=pdf&trimSize=185x260mm&rightHandChapters=1`, writer.token);
    expect(rest.status, rest.text.slice(0, 300)).toBe(200);
    expect(mediaBox(rest.bytes)?.map(Math.round)).toEqual([524, 737]);
    const loose = await get(`/api/v1/books/${bookId}/export?format=pdf&trimSize=185x260mm`, writer.token);
    // Title page, blank, then chapters on pages 3, 5, 7 against 3, 4, 5.
    expect(pageCount(rest.bytes)).toBe(7);
    expect(pageCount(loose.bytes)).toBe(5);
    const rpc = await trpcMutation("convert.export", { bookId, format: "pdf", trimSize: "5.25x8", rightHandChapters: true }, writer.token);
    expect(rpc.status, rpc.text.slice(0, 300)).toBe(200);
    const bytes = Buffer.from(rpc.body.result.data.file.base64, "base64");
    expect(mediaBox(bytes)).toEqual([378, 576]);
  });

  it.runIf(pdfxAvailable())("makes PDF/X-3 when asked: version 1.3 and an output intent in the catalog", async () => {
    const reply = await get(`/api/v1/books/${bookId}/export?format=pdf&pdfx=1&trimSize=140x203mm`, writer.token);
    expect(reply.status, reply.text.slice(0, 300)).toBe(200);
    expect(reply.headers.get("content-type")).toBe("application/pdf");
    const raw = latin1(reply.bytes);
    expect(raw.startsWith("%PDF-1.3")).toBe(true);
    expect(raw).toMatch(/\/OutputIntents\s*\[/);
    expect(raw).toMatch(/\/S\s*\/GTS_PDFX/);
    expect(raw).toMatch(/\/GTS_PDFXVersion\s*\(PDF\/X-3:2002\)/);
  });

  it("refuses the print choices with another format (406), and a value it does not know (400)", async () => {
    for (const query of ["format=epub&pdfx=1", "format=docx&rightHandChapters=1", "format=md&rightHandChapters=0"]) {
      const reply = await get(`/api/v1/books/${bookId}/export?${query}`, writer.token);
      expect(reply.status, query).toBe(406);
      expect(reply.body.details).toEqual({ available: ["pdf"] });
    }
    expect((await get(`/api/v1/books/${bookId}/export?format=pdf&pdfx=yes`, writer.token)).status).toBe(400);
    expect((await get(`/api/v1/books/${bookId}/export?format=pdf&trimSize=32k`, writer.token)).status).toBe(400);
  });

  it("declares them, and the cover template, in the OpenAPI document", async () => {
    const spec = (await get("/api/v1/openapi.json")).body;
    const names = (path: string) => (spec.paths[path].get.parameters as { name: string; in: string }[]).filter((p) => p.in === "query").map((p) => p.name);
    expect(names("/api/v1/books/{bookId}/export")).toEqual(expect.arrayContaining(["trimSize", "rightHandChapters", "pdfx"]));
    expect(names("/api/v1/books/{bookId}/cover-template")).toEqual(["trimSize", "paper", "pageCount", "rightHandChapters"]);
  });
});

describe("GET /api/v1/books/{bookId}/cover-template (issue 37 item 2)", () => {
  it("draws the cover for the page count given: back, spine and front with 0.125 in of bleed", async () => {
    const reply = await get(`/api/v1/books/${bookId}/cover-template?trimSize=6x9&paper=cream&pageCount=200`, writer.token);
    expect(reply.status, reply.text.slice(0, 300)).toBe(200);
    expect(reply.headers.get("content-type")).toBe("application/pdf");
    expect(reply.headers.get("content-disposition")).toContain(".pdf");
    // 0.125 + 6 + 200 × 0.0025 + 6 + 0.125 = 12.75 in across, 9.25 in high.
    expect(mediaBox(reply.bytes)?.map((n) => Math.round(n * 10) / 10)).toEqual([918, 666]);
  });

  it("counts the pages of the book's print PDF at the trim size when none is given, as the export sets them", async () => {
    for (const rightHandChapters of [false, true]) {
      const exported = await get(`/api/v1/books/${bookId}/export?format=pdf&trimSize=5x8${rightHandChapters ? "&rightHandChapters=1" : ""}`, writer.token);
      const cover = await trpcQuery("convert.coverTemplate", { bookId, trimSize: "5x8", ...(rightHandChapters && { rightHandChapters }) }, writer.token);
      expect(cover.status, cover.text.slice(0, 300)).toBe(200);
      const { dimensions, file } = cover.body.result.data;
      expect(dimensions).toMatchObject({ trimSize: "5x8", paper: "white", pageCount: pageCount(exported.bytes), spineText: false });
      expect(mediaBox(Buffer.from(file.base64, "base64"))?.[0]).toBeCloseTo(dimensions.coverWidth * 72, 0);
    }
  });

  it("refuses a page count out of range, an unknown paper, and rightHandChapters beside a page count", async () => {
    for (const query of ["pageCount=0", "pageCount=2001", "pageCount=12.5", "pageCount=many", "paper=blue", "trimSize=a4"]) {
      expect((await get(`/api/v1/books/${bookId}/cover-template?${query}`, writer.token)).status, query).toBe(400);
    }
    const both = await get(`/api/v1/books/${bookId}/cover-template?pageCount=100&rightHandChapters=1`, writer.token);
    expect(both.status).toBe(422);
  });
});
