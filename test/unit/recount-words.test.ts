// @module-tag postgres
import { describe, expect, it } from "vitest";
import { createBook } from "@/server/books/create-book";
import { getBook } from "@/server/books/get-book";
import { recountOutdatedBooks } from "@/server/books/recount-words";
import { deleteChapter } from "@/server/chapters/delete-chapter";
import { getChapter } from "@/server/chapters/get-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { newWriter } from "../support/principals";

// Issue 17, item 4: the totals stored for chapters written before the one counting rule are
// recounted by it when a server starts.
describe("recounting books counted by an older rule", () => {
  it("recounts chapters (those in the trash too) and the book's total, once, leaving the writer's dates alone", async () => {
    const ada = await newWriter("ada");
    const book = await createBook({ title: "Old counts", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, ada);
    const kept = await uploadChapter({ bookId: book.id, content: "See [the map](#link2HCH0001), a well-known place. <!-- fix -->" }, ada);
    const trashed = await uploadChapter({ bookId: book.id, content: "One two-three." }, ada);
    await deleteChapter({ bookId: book.id, chapterId: trashed.id }, ada);
    // As the old rule stored them: link targets, notes and compounds counted as words.
    await sql.updateTable("Chapter").set({ wordCount: 11 }).where("id", "=", kept.id).execute();
    await sql.updateTable("Chapter").set({ wordCount: 3 }).where("id", "=", trashed.id).execute();
    await sql.updateTable("Book").set({ wordCount: 11, wordCountRule: 0 }).where("id", "=", book.id).execute();
    const before = await sql.selectFrom("Chapter").select("updatedAt").where("id", "=", kept.id).executeTakeFirstOrThrow();

    expect(await recountOutdatedBooks()).toBeGreaterThanOrEqual(1);
    expect(await getChapter({ bookId: book.id, chapterId: kept.id }, ada)).toMatchObject({ wordCount: 6 });
    expect(await getBook({ bookId: book.id }, ada)).toMatchObject({ wordCount: 6 });
    const trashedNow = await sql.selectFrom("Chapter").select(["wordCount"]).where("id", "=", trashed.id).executeTakeFirstOrThrow();
    expect(trashedNow.wordCount).toBe(2);
    expect(await sql.selectFrom("Chapter").select("updatedAt").where("id", "=", kept.id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await recountOutdatedBooks()).toBe(0);
  });
});
