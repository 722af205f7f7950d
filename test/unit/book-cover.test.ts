// @module-tag postgres
// Issue 19 item 14: the EPUB's cover, stored on the book (PUT/GET/DELETE …/cover) and carried by
// its EPUB export, inline and queued. Against a real SQLite file; epubcheck reads the EPUB.
import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { deleteBookCover, getBookCover, setBookCover } from "@/server/books/cover";
import { createBook } from "@/server/books/create-book";
import { deleteBook } from "@/server/books/delete-book";
import { getBook } from "@/server/books/get-book";
import { BOOK_COVER_BYTES } from "@/server/books/schemas";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { exportBook } from "@/server/convert/export-book";
import { sql } from "@/server/db";
import { getJob, getJobFile } from "@/server/job-results/get-job";
import { JOB_KINDS } from "@/server/compose/job-kinds";
import { runQueuedJobs } from "@/server/jobs/runner";
import { newWriter, withScopes } from "../support/principals";
import { epubcheck } from "./convert-engine-support";

// A 320 × 512 JPEG drawn for these tests (Chromium's canvas), and a WebP.
const JPEG = new Uint8Array(readFileSync("test/fixtures/covers/the-long-tide.jpg"));
const WEBP = new Uint8Array(readFileSync("test/fixtures/covers/tiny.webp"));
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const pieces = async (bookId: string) => (await sql.selectFrom("BookCoverChunk").select("seq").where("bookId", "=", bookId).execute()).length;

async function newBook(writer: Principal, title = "The Long Tide") {
  const book = await createBook({ title, type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
  await uploadChapter({ bookId: book.id, title: "Harbour", content: "It began at the harbour." }, writer);
  return book;
}

describe("a book's cover", () => {
  let ann: Principal;
  beforeAll(async () => {
    ann = await newWriter("ann");
  });

  it("kept before its size was (issue 37 item 4), is told nothing until it is replaced", async () => {
    const book = await newBook(ann);
    await setBookCover({ bookId: book.id, bytes: JPEG }, ann);
    await sql.updateTable("Book").set({ coverWidth: null, coverHeight: null }).where("id", "=", book.id).execute();
    expect((await getBook({ bookId: book.id }, ann)).cover).toMatchObject({ mediaType: "image/jpeg", width: null, height: null, warnings: [] });
  });

  it("is stored as sent, named on the book, and moves its updatedAt", async () => {
    const book = await newBook(ann);
    expect(book.cover).toBeNull();
    const saved = await setBookCover({ bookId: book.id, bytes: JPEG }, ann);
    expect(saved.cover).toMatchObject({ mediaType: "image/jpeg", size: JPEG.byteLength, updatedAt: saved.updatedAt, url: `/api/v1/books/${book.id}/cover` });
    // Its size, read by the worker that checked it, and what the stores would say of 320 × 512 (issue 37 item 4).
    expect(saved.cover).toMatchObject({ width: 320, height: 512, warnings: [{ code: "cover_too_small" }] });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(book.updatedAt));
    expect(await getBook({ bookId: book.id }, ann)).toEqual(saved);
    const image = await getBookCover({ bookId: book.id }, ann);
    expect(image).toMatchObject({ mediaType: "image/jpeg", name: "The Long Tide cover.jpg" });
    expect(Buffer.from(image.bytes).equals(Buffer.from(JPEG))).toBe(true);
  });

  it("keeps a cover of several pieces whole, and a new one replaces every piece", async () => {
    const book = await newBook(ann);
    // A JPEG's first bytes, then 1.2 MB: five pieces of 256 KiB.
    const large = new Uint8Array(1_200_000).map((_, i) => (i < JPEG.byteLength ? JPEG[i]! : i % 251));
    await setBookCover({ bookId: book.id, bytes: large }, ann);
    expect(await pieces(book.id)).toBe(5);
    expect(Buffer.from((await getBookCover({ bookId: book.id }, ann)).bytes).equals(Buffer.from(large))).toBe(true);
    await setBookCover({ bookId: book.id, bytes: JPEG }, ann);
    expect(await pieces(book.id)).toBe(1);
    expect((await getBookCover({ bookId: book.id }, ann)).bytes.byteLength).toBe(JPEG.byteLength);
  });

  it("refuses what is not a JPEG, PNG or GIF (WebP too) with 415, and over 5 MiB with 413, keeping the cover it had", async () => {
    const book = await newBook(ann);
    const before = await setBookCover({ bookId: book.id, bytes: JPEG }, ann);
    await expect(setBookCover({ bookId: book.id, bytes: WEBP }, ann)).rejects.toMatchObject({
      code: "unsupported_media_type",
      message: "A cover is a JPEG, PNG or GIF image; this is a WebP image.",
    });
    await expect(setBookCover({ bookId: book.id, bytes: new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>") }, ann)).rejects.toMatchObject({
      code: "unsupported_media_type",
      message: "A cover is a JPEG, PNG or GIF image; these bytes are none of them.",
    });
    const tooLarge = new Uint8Array(BOOK_COVER_BYTES + 1);
    tooLarge.set(JPEG.subarray(0, 16));
    await expect(setBookCover({ bookId: book.id, bytes: tooLarge }, ann)).rejects.toMatchObject({ code: "payload_too_large", message: "A cover can be at most 5 MiB." });
    expect(await getBook({ bookId: book.id }, ann)).toEqual(before);
    expect(await pieces(book.id)).toBe(1);
  });

  it("is removed (and removing none changes nothing); then GET is 404", async () => {
    const book = await newBook(ann);
    await setBookCover({ bookId: book.id, bytes: JPEG }, ann);
    const removed = await deleteBookCover({ bookId: book.id }, ann);
    expect(removed.cover).toBeNull();
    expect(await pieces(book.id)).toBe(0);
    expect(await deleteBookCover({ bookId: book.id }, ann)).toEqual(removed);
    await expect(getBookCover({ bookId: book.id }, ann)).rejects.toMatchObject({ code: "not_found", message: "This book has no cover." });
  });

  it("is the owner's: another writer is refused, a read-only credential reads but cannot set, a book in the trash refuses", async () => {
    const book = await newBook(ann);
    await setBookCover({ bookId: book.id, bytes: JPEG }, ann);
    const bo = await newWriter("bo");
    await expect(getBookCover({ bookId: book.id }, bo)).rejects.toMatchObject({ code: "forbidden" });
    await expect(setBookCover({ bookId: book.id, bytes: JPEG }, bo)).rejects.toMatchObject({ code: "forbidden" });
    await expect(deleteBookCover({ bookId: book.id }, bo)).rejects.toMatchObject({ code: "forbidden" });
    const reader = withScopes(ann, ["read:books"]);
    expect((await getBookCover({ bookId: book.id }, reader)).bytes.byteLength).toBe(JPEG.byteLength);
    await expect(setBookCover({ bookId: book.id, bytes: JPEG }, reader)).rejects.toMatchObject({ code: "insufficient_scope" });
    await expect(deleteBookCover({ bookId: book.id }, reader)).rejects.toMatchObject({ code: "insufficient_scope" });
    await deleteBook({ bookId: book.id, permanent: false }, ann);
    await expect(setBookCover({ bookId: book.id, bytes: JPEG }, ann)).rejects.toMatchObject({ code: "book_in_trash" });
  });

  it("goes with its book when the book is deleted for good", async () => {
    const book = await newBook(ann);
    await setBookCover({ bookId: book.id, bytes: JPEG }, ann);
    await deleteBook({ bookId: book.id, permanent: true }, ann);
    expect(await pieces(book.id)).toBe(0);
    const tombstone = await sql.selectFrom("Book").select(["coverMediaType", "coverSize"]).where("id", "=", book.id).executeTakeFirstOrThrow();
    expect(tombstone).toEqual({ coverMediaType: null, coverSize: null });
  });
});

describe("the EPUB export carries the cover", () => {
  let ann: Principal;
  let bookId: string;
  beforeAll(async () => {
    ann = await newWriter("ann");
    bookId = (await newBook(ann)).id;
    await setBookCover({ bookId, bytes: JPEG }, ann);
  });

  it("as its cover image and first page, and epubcheck passes", async () => {
    const epub = (await exportBook({ bookId, format: "epub" }, ann)).file!;
    const files = unzipSync(epub.bytes);
    expect(Buffer.from(files["OEBPS/cover.jpg"]!).equals(Buffer.from(JPEG))).toBe(true);
    const opf = decode(files["OEBPS/content.opf"]!);
    expect(opf).toContain('<item id="cover-image" href="cover.jpg" media-type="image/jpeg" properties="cover-image"/>');
    expect([...opf.matchAll(/<itemref idref="([^"]+)"/g)][0]![1]).toBe("cover");
    const check = await epubcheck(epub.bytes);
    expect(check.ok, check.report).toBe(true);
  });

  it("from a queued export too, with the cover it had when asked", async () => {
    const { job } = await exportBook({ bookId, format: "epub", async: true }, ann);
    // The cover changes before the job runs: the export keeps the one it was asked with.
    await deleteBookCover({ bookId }, ann);
    await runQueuedJobs(JOB_KINDS);
    expect(await getJob({ jobId: job!.id }, ann)).toMatchObject({ status: "succeeded" });
    const files = unzipSync((await getJobFile({ jobId: job!.id }, ann)).bytes);
    expect(files["OEBPS/cover.jpg"]?.byteLength).toBe(JPEG.byteLength);
    await setBookCover({ bookId, bytes: JPEG }, ann);
  });

  it("unless cover is false; cover true on a book without one is 422, and cover with another format 406", async () => {
    const files = unzipSync((await exportBook({ bookId, format: "epub", cover: false }, ann)).file!.bytes);
    expect(Object.keys(files).filter((name) => name.includes("cover"))).toEqual([]);
    const bare = await newBook(ann, "Bare");
    await expect(exportBook({ bookId: bare.id, format: "epub", cover: true }, ann)).rejects.toMatchObject({ code: "validation_failed", details: [{ path: "cover" }] });
    await expect(exportBook({ bookId, format: "pdf", cover: true }, ann)).rejects.toMatchObject({ code: "not_acceptable" });
    await expect(exportBook({ bookId, format: "docx", cover: false }, ann)).rejects.toMatchObject({ code: "not_acceptable" });
    // Other formats open on their title page, cover or not.
    expect(decode((await exportBook({ bookId, format: "md" }, ann)).file!.bytes)).not.toContain("cover");
  });
});
