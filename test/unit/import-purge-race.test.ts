// @module-tag postgres
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { deleteBook } from "@/server/books/delete-book";
import { importChapters } from "@/server/convert/import-chapters";
import { sql } from "@/server/db";
import { newWriter } from "../support/principals";

/** Runs while the manuscript is being read: the moment another request deletes the book. */
const meanwhile = vi.hoisted(() => ({ run: async () => undefined as void }));

vi.mock("@/server/convert/read-manuscript", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/server/convert/read-manuscript")>();
  return {
    ...original,
    readManuscript: async (...args: Parameters<typeof original.readManuscript>) => {
      const manuscript = await original.readManuscript(...args);
      await meanwhile.run();
      return manuscript;
    },
  };
});

const book = { type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null } as const;
const manuscript = { name: "draft.md", bytes: new TextEncoder().encode("# One\n\nFirst words.\n\n# Two\n\nMore words.") };

// Issue 16, item 12: an import racing a permanent delete said "moved to the trash".
describe("an import into a book deleted while the manuscript was read", () => {
  let ada: Principal;
  beforeAll(async () => {
    ada = await newWriter("ada");
  });

  it("answers 410 gone when the book was deleted for good, and saves nothing", async () => {
    const { id: bookId } = await createBook({ ...book, title: "Purged meanwhile" }, ada);
    meanwhile.run = () => deleteBook({ bookId, permanent: true }, ada);
    const refused = await importChapters({ bookId, file: manuscript }, ada).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "gone", message: expect.stringMatching(/deleted for good/) });
    expect(await sql.selectFrom("Chapter").select("id").where("bookId", "=", bookId).execute()).toEqual([]);
  });

  it("answers 404 book_in_trash when the book was moved to the trash, and saves nothing", async () => {
    const { id: bookId } = await createBook({ ...book, title: "Trashed meanwhile" }, ada);
    meanwhile.run = () => deleteBook({ bookId, permanent: false }, ada);
    const refused = await importChapters({ bookId, file: manuscript }, ada).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "book_in_trash", message: expect.stringMatching(/moved to the trash/) });
    expect(await sql.selectFrom("Chapter").select("id").where("bookId", "=", bookId).execute()).toEqual([]);
  });
});
