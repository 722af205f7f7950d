import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uploadChapter } from "../support/http-books";
import { call, expectSuccess, get, url } from "../support/http-client";
import { trpcQuery } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

// Issue 17, items 1, 3 and 4: what the editor shows, what is stored, counted and exported agree.

let writer: Account;
beforeAll(async () => {
  writer = await signUp("prose");
});

async function download(path: string, init: RequestInit = {}): Promise<Uint8Array> {
  const response = await fetch(url(path), { ...init, headers: { authorization: `Bearer ${writer.token}`, ...init.headers } });
  expect(response.status, await response.clone().text().catch(() => "")).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** The text of each element named `tag`, its runs joined, in order. */
const elementsText = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}[ >][\\s\\S]*?</${tag}>`, "g"))].map((m) => m[0].replace(/<[^>]+>/g, ""));
const docxParagraphs = (bytes: Uint8Array) => elementsText(strFromU8(unzipSync(bytes)["word/document.xml"]!), "w:p");
function epubParagraphs(bytes: Uint8Array): string[] {
  const files = unzipSync(bytes);
  return Object.keys(files)
    .filter((name) => /\.xhtml$/.test(name))
    .sort()
    .flatMap((name) => elementsText(strFromU8(files[name]!), "p"));
}

describe("one Enter is a paragraph", () => {
  it("exports the issue's chapter as two paragraphs in DOCX and EPUB, and reads the DOCX back the same", async () => {
    const book = await createBook(writer.token, { title: "Enter" });
    await uploadChapter(writer.token, book.id, "# One\n\nFirst.\nSecond.");
    const docx = await download(`/api/v1/books/${book.id}/export?format=docx`);
    expect(docxParagraphs(docx)).toEqual(expect.arrayContaining(["First.", "Second."]));
    expect(docxParagraphs(docx).some((p) => p.includes("First.") && p.includes("Second."))).toBe(false);
    const manuscript = await download(`/api/v1/books/${book.id}/export?format=docx&manuscript=1`);
    expect(docxParagraphs(manuscript)).toEqual(expect.arrayContaining(["First.", "Second."]));
    expect(epubParagraphs(await download(`/api/v1/books/${book.id}/export?format=epub`))).toEqual(expect.arrayContaining(["First.", "Second."]));

    const body = new FormData();
    body.set("file", new Blob([docx as BlobPart]), "enter.docx");
    const imported = expectSuccess(await call("POST", "/api/v1/books/import", { token: writer.token, body }), 201);
    const chapters = expectSuccess(await get(`/api/v1/books/${imported.book.id}/chapters?include=content`, writer.token), 200);
    expect(chapters[0].content.split("\n").filter((line: string) => line.trim() !== "")).toEqual(["First.", "Second."]);
  });

  it("converts Markdown lines to paragraphs too", async () => {
    const bytes = await download("/api/v1/convert", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ from: "md", to: "docx", content: "# One\n\nFirst.\nSecond." }) });
    expect(docxParagraphs(bytes)).toEqual(expect.arrayContaining(["First.", "Second."]));
  });
});

describe("private notes", () => {
  const content = "She left. <!-- check the date -->\n<!-- move this scene\nto chapter two -->\nHe stayed.";

  it("are not counted in the chapter, the book or over tRPC, and stay out of every export", async () => {
    const book = await createBook(writer.token, { title: "Notes" });
    const chapter = await uploadChapter(writer.token, book.id, content, "One");
    expect(chapter.wordCount).toBe(4);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200).wordCount).toBe(4);
    expect((await trpcQuery("books.get", { bookId: book.id }, writer.token)).body.result.data).toMatchObject({ wordCount: 4 });

    for (const format of ["docx", "epub", "html", "txt", "md", "pdf", "odt"]) {
      const bytes = await download(`/api/v1/books/${book.id}/export?format=${format}`);
      const text = format === "docx" || format === "epub" || format === "odt" ? Object.values(unzipSync(bytes)).map((f) => strFromU8(f)).join("") : strFromU8(bytes);
      expect(text, format).not.toMatch(/check the date|move this scene|&lt;!--/);
    }
    const manuscript = await download(`/api/v1/books/${book.id}/export?format=docx&manuscript=1`);
    expect(docxParagraphs(manuscript).join("\n")).not.toContain("check the date");
  });

  it("come out, as bracketed text, when the export or conversion asks for notes", async () => {
    const book = await createBook(writer.token, { title: "Notes shown" });
    await uploadChapter(writer.token, book.id, content, "One");
    expect(docxParagraphs(await download(`/api/v1/books/${book.id}/export?format=docx&notes=1`))).toEqual(expect.arrayContaining(["She left. [check the date]"]));
    const epub = epubParagraphs(await download(`/api/v1/books/${book.id}/export?format=epub&notes=1`));
    expect(epub).toEqual(expect.arrayContaining(["She left. [check the date]"]));
    const converted = await call("POST", "/api/v1/convert?notes=1", { token: writer.token, json: { from: "md", to: "html", content } });
    expect(converted.text).toContain("[check the date]");
    expect(converted.text).not.toContain("&lt;!--");
  });

  it("are an export and conversion option the OpenAPI document declares", async () => {
    const document = (await get("/api/v1/openapi.json")).body;
    const names = (path: string, method: string) => (document.paths[path][method].parameters as { name: string }[]).map((p) => p.name);
    expect(names("/api/v1/books/{bookId}/export", "get")).toContain("notes");
    expect(names("/api/v1/convert", "post")).toContain("notes");
  });
});

describe("one counting rule", () => {
  it("counts no link target or Markdown mark, and a hyphenated compound once, in the chapter and the book", async () => {
    const book = await createBook(writer.token, { title: "Counts" });
    const chapter = await uploadChapter(writer.token, book.id, "## A well-known place\n\nSee [the next chapter](#link2HCH0001) now.\n\n1. One\n\n***", "One");
    expect(chapter.wordCount).toBe(9);
    const listed = expectSuccess(await get(`/api/v1/books/${book.id}/chapters`, writer.token), 200);
    expect(listed[0].wordCount).toBe(9);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200).wordCount).toBe(9);
  });
});
