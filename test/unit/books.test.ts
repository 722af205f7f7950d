// @module-tag postgres
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { deleteBook } from "@/server/books/delete-book";
import { getBook } from "@/server/books/get-book";
import { booksCollection, listBooks } from "@/server/books/list-books";
import { updateBook } from "@/server/books/update-book";
import { defaultCollectionOptions } from "@/server/collections";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { newWriter, withScopes } from "../support/principals";

const options = (overrides: Parameters<typeof defaultCollectionOptions<"title", typeof booksCollection.filters>>[1] = {}) =>
  defaultCollectionOptions(booksCollection, overrides);

describe("books", () => {
  let admin: Principal;
  beforeAll(async () => {
    admin = await newWriter("admin"); // the first sign-up of this database
    expect(admin.scopes.has("admin")).toBe(true);
  });

  it("creates a book with defaults and reads it back", async () => {
    const ada = await newWriter("ada");
    const book = await createBook(
      { title: "The Long Winter", type: "fantasy", description: "", language: "en", status: "drafting", targetWordCount: 90000 },
      ada,
    );
    expect(book).toMatchObject({ title: "The Long Winter", ownerId: ada.userId, wordCount: 0, chapterCount: 0, deleted: false });
    expect(await getBook({ bookId: book.id }, ada)).toEqual(book);
  });

  it("lists only the caller's books, and every writer's for an admin-scoped credential", async () => {
    const ben = await newWriter("ben");
    const cleo = await newWriter("cleo");
    await createBook({ ...base, title: "Ben's" }, ben);
    await createBook({ ...base, title: "Cleo's" }, cleo);

    expect((await listBooks(options(), ben)).items.map((b) => b.title)).toEqual(["Ben's"]);
    expect((await listBooks(options({ filters: { ownerId: cleo.userId } }), ben)).items).toEqual([]);
    const all = await listBooks(options(), admin);
    expect(all.items.map((b) => b.title).sort()).toEqual(expect.arrayContaining(["Ben's", "Cleo's"]));
    // The admin's own credential without the admin scope sees only the admin's books.
    expect((await listBooks(options(), withScopes(admin, ["read:books"]))).items).toEqual([]);
  });

  it("pages, sorts and filters", async () => {
    const dana = await newWriter("dana");
    for (const [title, type] of [["C", "novel"], ["A", "memoir"], ["B", "novel"]] as const) {
      await createBook({ ...base, title, type }, dana);
    }
    const page = await listBooks(options({ sortBy: "title", order: "asc", perPage: 2 }), dana);
    expect(page.items.map((b) => b.title)).toEqual(["A", "B"]);
    expect(page.total).toBe(3);
    const second = await listBooks(options({ sortBy: "title", order: "asc", perPage: 2, page: 2 }), dana);
    expect(second.items.map((b) => b.title)).toEqual(["C"]);
    const novels = await listBooks(options({ sortBy: "title", order: "desc", filters: { type: "novel" } }), dana);
    expect(novels.items.map((b) => b.title)).toEqual(["C", "B"]);
  });

  it("refuses another writer's book with 403 and a credential without the scope with 403", async () => {
    const eve = await newWriter("eve");
    const finn = await newWriter("finn");
    const book = await createBook({ ...base, title: "Eve's" }, eve);
    await expect(getBook({ bookId: book.id }, finn)).rejects.toMatchObject({ code: "forbidden", status: 403 });
    await expect(updateBook({ bookId: book.id, changes: { title: "Mine now" } }, finn)).rejects.toMatchObject({ code: "forbidden" });
    await expect(createBook(base, withScopes(eve, ["read:books"]))).rejects.toMatchObject({ code: "insufficient_scope", status: 403 });
    await expect(getBook({ bookId: book.id }, withScopes(eve, ["write:books"]))).rejects.toMatchObject({ code: "insufficient_scope" });
    expect((await getBook({ bookId: book.id }, eve)).title).toBe("Eve's");
    await expect(getBook({ bookId: "no-such-book" }, eve)).rejects.toMatchObject({ code: "not_found", status: 404 });
  });

  it("moves a book to the trash and back, and answers 404 book_in_trash while it is there", async () => {
    const gia = await newWriter("gia");
    const book = await createBook(base, gia);
    await deleteBook({ bookId: book.id, permanent: false }, gia);
    await expect(getBook({ bookId: book.id }, gia)).rejects.toMatchObject({ code: "book_in_trash", status: 404 });
    expect((await listBooks(options(), gia)).items).toEqual([]);
    expect((await listBooks(options({ filters: { deleted: true } }), gia)).items.map((b) => b.id)).toEqual([book.id]);
    await expect(updateBook({ bookId: book.id, changes: { title: "New" } }, gia)).rejects.toMatchObject({ code: "book_in_trash", status: 404 });
    await expect(uploadChapter({ bookId: book.id, content: "text" }, gia)).rejects.toMatchObject({ code: "book_in_trash" });

    const restored = await updateBook({ bookId: book.id, changes: { deleted: false } }, gia);
    expect(restored).toMatchObject({ deleted: false, deletedAt: null, title: book.title });
  });

  it("deletes a book for good: chapters go and the id answers 410", async () => {
    const hal = await newWriter("hal");
    const book = await createBook(base, hal);
    await uploadChapter({ bookId: book.id, content: "Words that go." }, hal);
    await deleteBook({ bookId: book.id, permanent: true }, hal);
    await expect(getBook({ bookId: book.id }, hal)).rejects.toMatchObject({ code: "gone", status: 410 });
    await expect(deleteBook({ bookId: book.id, permanent: true }, hal)).rejects.toMatchObject({ code: "gone" });
    expect((await listBooks(options({ filters: { deleted: true } }), hal)).items).toEqual([]);
  });

  it("replaces and patches attributes", async () => {
    const ivy = await newWriter("ivy");
    const book = await createBook(base, ivy);
    const patched = await updateBook({ bookId: book.id, changes: { status: "revising", targetWordCount: 80000 } }, ivy);
    expect(patched).toMatchObject({ title: base.title, status: "revising", targetWordCount: 80000 });
    const replaced = await updateBook(
      {
        bookId: book.id,
        changes: { title: "Renamed", type: "memoir", description: "d", language: "zh-Hans", status: "finished", targetWordCount: null },
      },
      ivy,
    );
    expect(replaced).toMatchObject({ title: "Renamed", type: "memoir", language: "zh-Hans", targetWordCount: null });
  });
});

const base = {
  title: "Untitled",
  type: "novel",
  description: "",
  language: "en",
  status: "drafting" as const,
  targetWordCount: null,
};
