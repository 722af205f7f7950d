// @module-tag postgres
// Issue 33 item 3: a book says who wrote it, and carries its own front and back matter, on the server.
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uploadChapter } from "../support/http-books";
import { call, expectFailure, expectSuccess, get, patch } from "../support/http-client";
import { manuscriptForm } from "../support/http-convert-cases";
import { addMember } from "../support/http-members-cases";
import { signUp, type Account } from "../support/http-users";

const MATTER = {
  author: "  M. E. Quill ",
  contact: "Mary Quill\n12 Harbour Lane\nPorthcurno TR19 6JX\nmary@example.test\nAgent: Ada Lit, Lit & Co",
  copyright: "Copyright © 2026 M. E. Quill\nAll rights reserved.",
  dedication: "For Maud",
  acknowledgements: "Thanks to *everyone* at the harbour.",
  aboutAuthor: "M. E. Quill lives by the sea.",
};

let writer: Account;
let bookId: string;
beforeAll(async () => {
  writer = await signUp("mary-quill");
  bookId = (await createBook(writer.token, { title: "The Tide" })).id;
  await uploadChapter(writer.token, bookId, "The tide came in.", "One");
});

const exported = async (query: string) => {
  const response = await call("GET", `/api/v1/books/${bookId}/export?${query}`, { token: writer.token });
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return response.bytes;
};

describe("a book's author, contact block and matter", () => {
  it("are null on a new book, set by PATCH (trimmed, blank is null), and refused past their limits with nothing changed", async () => {
    const fresh = expectSuccess(await get(`/api/v1/books/${bookId}`, writer.token), 200);
    expect(fresh).toMatchObject({ author: null, contact: null, copyright: null, dedication: null, acknowledgements: null, aboutAuthor: null });
    const set = expectSuccess(await patch(`/api/v1/books/${bookId}`, writer.token, MATTER), 201);
    expect(set).toMatchObject({ ...MATTER, author: "M. E. Quill" });
    expectSuccess(await patch(`/api/v1/books/${bookId}`, writer.token, { dedication: "  " }), 201);
    expect(expectSuccess(await get(`/api/v1/books/${bookId}`, writer.token), 200).dedication).toBeNull();
    expectSuccess(await patch(`/api/v1/books/${bookId}`, writer.token, { dedication: MATTER.dedication }), 201);
    const before = expectSuccess(await get(`/api/v1/books/${bookId}`, writer.token), 200);
    expectFailure(await patch(`/api/v1/books/${bookId}`, writer.token, { author: "x".repeat(201) }), 422, "validation_failed");
    expectFailure(await patch(`/api/v1/books/${bookId}`, writer.token, { contact: "x".repeat(1001), dedication: "kept?" }), 422, "validation_failed");
    expect(expectSuccess(await get(`/api/v1/books/${bookId}`, writer.token), 200)).toEqual(before);
  });

  it("shows the contact block to those who may write in the book, and to no other member", async () => {
    const coAuthor = await addMember(writer, bookId, "co_author");
    const editor = await addMember(writer, bookId, "editor");
    expect(expectSuccess(await get(`/api/v1/books/${bookId}`, coAuthor.token), 200).contact).toBe(MATTER.contact);
    const asEditor = expectSuccess(await get(`/api/v1/books/${bookId}`, editor.token), 200);
    expect(asEditor).toMatchObject({ contact: null, author: "M. E. Quill", dedication: "For Maud" });
    const listed = expectSuccess(await get(`/api/v1/books`, editor.token), 200) as { id: string; contact: string | null }[];
    expect(listed.find((book) => book.id === bookId)?.contact).toBeNull();
  });

  it("prints the author, the front matter and the back matter in an export, and the contact block on a manuscript's page one", async () => {
    const epub = unzipSync(await exported("format=epub"));
    const opf = strFromU8(Object.entries(epub).find(([name]) => name.endsWith(".opf"))![1]);
    expect(opf).toContain("<dc:creator");
    expect(opf).toContain("M. E. Quill</dc:creator>");
    const text = strFromU8(await exported("format=txt"));
    expect(text).toMatch(/Copyright © 2026 M\. E\. Quill\nAll rights reserved\.\n\nFor Maud\n\nOne\n\nThe tide came in\./);
    expect(text).toMatch(/The tide came in\.[\s\S]*Acknowledgements\n\nThanks to everyone at the harbour\.[\s\S]*About the Author\n\nM\. E\. Quill lives by the sea\.\s*$/);
    // What an export asks for stands over the book's.
    expect(strFromU8(await exported("format=txt&dedication=For%20Tom"))).toContain("For Tom");

    const docx = unzipSync(await exported("format=docx&manuscript=1"));
    const document = strFromU8(docx["word/document.xml"]!);
    const lines = [...document.matchAll(/<w:p\b[\s\S]*?<\/w:p>/g)].map((p) => [...p[0].matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(""));
    expect(lines.slice(0, 5)).toEqual(["Mary Quill\tabout 100 words", "12 Harbour Lane", "Porthcurno TR19 6JX", "mary@example.test", "Agent: Ada Lit, Lit &amp; Co"]);
    expect(lines).toContain("by M. E. Quill");
    expect(document).not.toContain("Acknowledgements");
    expect(strFromU8(docx["docProps/core.xml"]!)).toContain("M. E. Quill</dc:creator>");
  });

  it("keeps the author a manuscript names when it is imported, and the preview says who it is", async () => {
    const text = "Title: The Heron\n\nAuthor: Jane Marsh\n\n*** START OF THE PROJECT GUTENBERG EBOOK THE HERON ***\n\nCHAPTER I.\n\nA heron stood still.\n\n*** END OF THE PROJECT GUTENBERG EBOOK THE HERON ***\n\nThe licence.\n";
    const preview = expectSuccess(await call("POST", "/api/v1/books/import/preview", { token: writer.token, body: manuscriptForm({}, text, "heron.txt") }), 200);
    expect(preview).toMatchObject({ title: "The Heron", author: "Jane Marsh", chapters: [{ title: "CHAPTER I." }] });
    const imported = expectSuccess(await call("POST", "/api/v1/books/import", { token: writer.token, body: manuscriptForm({}, text, "heron.txt") }), 201);
    expect(imported.book).toMatchObject({ title: "The Heron", author: "Jane Marsh" });
  });
});
