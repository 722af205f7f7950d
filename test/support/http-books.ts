import { readFileSync } from "node:fs";
import { expectSuccess, get, post, put } from "./http-client";

/** A 320 × 512 JPEG drawn for the tests (Chromium's canvas): a book's cover. */
export const COVER_JPEG = new Uint8Array(readFileSync("test/fixtures/covers/the-long-tide.jpg"));

/** The cover as a multipart `file` (a new one for each request), claiming `type`. */
export function coverForm(type = "image/jpeg"): FormData {
  const form = new FormData();
  form.set("file", new Blob([COVER_JPEG], { type }), "cover.jpg");
  return form;
}

export async function createBook(token: string, attributes: Record<string, unknown> = {}) {
  return expectSuccess(await post("/api/v1/books", token, { title: "A Book", type: "novel", description: "", ...attributes }), 201);
}

export async function uploadChapter(token: string, bookId: string, content: string, title?: string) {
  return expectSuccess(await post(`/api/v1/books/${bookId}/chapters`, token, title === undefined ? { content } : { content, title }), 201);
}

export async function saveChapter(token: string, bookId: string, chapterId: string, version: number, changes: { title?: string; content?: string }) {
  return expectSuccess(
    await put(`/api/v1/books/${bookId}/chapters/${chapterId}`, token, { title: "Chapter", content: "", ...changes, version }),
    201,
  );
}

/** A book with two chapters; the first has been saved once more, so it stands at version 2. */
export async function bookWithChapters(token: string) {
  const book = await createBook(token, { title: "Fixture Book" });
  const first = await uploadChapter(token, book.id, "# Opening\n\nIt was a dark and stormy night.");
  const second = await uploadChapter(token, book.id, "The rain fell.", "Second");
  const saved = await saveChapter(token, book.id, first.id, 1, { title: "Opening", content: "# Opening\n\nIt was a bright cold day." });
  return { book, chapter: saved, other: second };
}

/** The fixture book of bookWithChapters, with a snapshot of all of it for the credential matrices. */
export async function bookFixture(owner: { token: string }) {
  const fixture = await bookWithChapters(owner.token);
  return { ...fixture, snapshot: () => bookState(owner.token, fixture.book.id) };
}

/**
 * Everything a writer could lose in a book: the book, every chapter with its text, and every
 * chapter's revision list. Equal before and after a refused request means the request changed nothing.
 */
export async function bookState(token: string, bookId: string) {
  const book = await get(`/api/v1/books/${bookId}`, token);
  const chapters = await get(`/api/v1/books/${bookId}/chapters?include=content&per_page=100`, token);
  const revisions =
    chapters.status === 200
      ? await Promise.all(
          chapters.body.data.map(async (c: { id: string }) => (await get(`/api/v1/books/${bookId}/chapters/${c.id}/revisions?per_page=100`, token)).body),
        )
      : [];
  return { book: { status: book.status, body: book.body }, chapters: chapters.body, revisions };
}

/** The owner's working tokens, by id, name and scopes (not last-used, which moves on its own). */
export async function tokenState(token: string) {
  const list = expectSuccess(await get("/api/v1/tokens", token), 200) as { id: string; name: string; scopes: string[] }[];
  return list.map(({ id, name, scopes }) => ({ id, name, scopes })).sort((a, b) => a.id.localeCompare(b.id));
}

/** How many books the caller has (in and out of the trash). */
export async function bookCount(token: string) {
  const live = await get("/api/v1/books?per_page=1", token);
  const trash = await get("/api/v1/books?per_page=1&deleted=true", token);
  return { live: live.headers.get("x-total-count"), trash: trash.headers.get("x-total-count") };
}
