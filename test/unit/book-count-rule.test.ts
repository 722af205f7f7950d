// @module-tag postgres
import { describe, expect, it } from "vitest";
import { bookTransaction } from "@/server/books/access";
import { createBook } from "@/server/books/create-book";
import { getBook } from "@/server/books/get-book";
import { recountOutdatedBooks } from "@/server/books/recount-words";
import { updateBook } from "@/server/books/update-book";
import { changeTextIn, nothingRaces } from "@/server/chapters/change-text";
import { deleteChapter } from "@/server/chapters/delete-chapter";
import { getChapter } from "@/server/chapters/get-chapter";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { getToday } from "@/server/goals/get-today";
import { newWriter } from "../support/principals";

// Issue 32 items 2 and 3 (decision 0491): one counting rule per book, everywhere, and the
// paragraph indent a book setting.
const newBook = (language: string, more: object = {}) => ({ title: `Rule ${language}`, type: "novel", description: "", language, status: "drafting" as const, targetWordCount: null, ...more });

// 滚滚长江东逝水 浪花淘尽英雄 (13) and ，。 (2); 是非成败转头空 (7) and 。 (1).
const POEM = "滚滚长江东逝水，浪花淘尽英雄。";
const MORE = "是非成败转头空。";

describe("a book's counting rule", () => {
  it("starts from the book's language, or the writer's choice", async () => {
    const ada = await newWriter("ada");
    expect(await createBook(newBook("zh-CN"), ada)).toMatchObject({ countRule: "characters", paragraphIndent: "fullWidth" });
    expect(await createBook(newBook("ja"), ada)).toMatchObject({ countRule: "characters", paragraphIndent: "typographic" });
    expect(await createBook(newBook("en"), ada)).toMatchObject({ countRule: "words", paragraphIndent: "typographic" });
    expect(await createBook(newBook("zh", { countRule: "charactersWithoutPunctuation", paragraphIndent: "none" }), ada)).toMatchObject({
      countRule: "charactersWithoutPunctuation",
      paragraphIndent: "none",
    });
  });

  it("counts every chapter, the book, and the writer's day by it; switching it recounts the chapters and the total", async () => {
    const ada = await newWriter("ada");
    const book = await createBook(newBook("zh"), ada);
    const chapter = await uploadChapter({ bookId: book.id, content: POEM }, ada);
    const trashed = await uploadChapter({ bookId: book.id, content: MORE }, ada);
    await deleteChapter({ bookId: book.id, chapterId: trashed.id }, ada);
    expect(chapter.wordCount).toBe(15);
    expect(await getBook({ bookId: book.id }, ada)).toMatchObject({ wordCount: 15 });

    // Typed in the editor: 8 字 by the book's rule, the mark included, credited to the day.
    const before = await getToday(ada);
    const saved = await saveChapter({ bookId: book.id, chapterId: chapter.id, version: chapter.version, content: `${POEM}\n${MORE}` }, ada);
    expect(saved.wordCount).toBe(23);
    expect((await getToday(ada)).net - before.net).toBe(8);

    const switched = await updateBook({ bookId: book.id, changes: { countRule: "charactersWithoutPunctuation" } }, ada);
    expect(switched).toMatchObject({ countRule: "charactersWithoutPunctuation", wordCount: 20 });
    expect(await getChapter({ bookId: book.id, chapterId: chapter.id }, ada)).toMatchObject({ wordCount: 20 });
    // The trashed chapter is recounted too, so a restore adds back what the rule says.
    expect((await sql.selectFrom("Chapter").select("wordCount").where("id", "=", trashed.id).executeTakeFirstOrThrow()).wordCount).toBe(7);
    // The writer's day keeps what it credited: it is history.
    expect((await getToday(ada)).net - before.net).toBe(8);

    const back = await updateBook({ bookId: book.id, changes: { countRule: "characters" } }, ada);
    expect(back).toMatchObject({ countRule: "characters", wordCount: 23 });
  });

  it("follows a new language unless the writer chose otherwise", async () => {
    const ada = await newWriter("ada");
    const book = await createBook(newBook("en"), ada);
    await uploadChapter({ bookId: book.id, content: POEM }, ada);
    expect(await getBook({ bookId: book.id }, ada)).toMatchObject({ wordCount: 13 });
    const chinese = await updateBook({ bookId: book.id, changes: { language: "zh-Hans" } }, ada);
    expect(chinese).toMatchObject({ countRule: "characters", paragraphIndent: "fullWidth", wordCount: 15 });

    const chosen = await createBook(newBook("en", { countRule: "charactersWithoutPunctuation", paragraphIndent: "none" }), ada);
    expect(await updateBook({ bookId: chosen.id, changes: { language: "zh" } }, ada)).toMatchObject({ countRule: "charactersWithoutPunctuation", paragraphIndent: "none" });
  });

  it("counts a change by the rule the book has when it commits, even one counted before a switch", async () => {
    const ada = await newWriter("ada");
    const book = await createBook(newBook("zh"), ada);
    // Counted by the old rule (as a save that began before the switch would have been).
    const written = await bookTransaction(book.id, (trx) =>
      changeTextIn(trx, { bookId: book.id, authorId: ada.userId, kind: "upload", countRule: "words", appends: [{ title: "一", content: POEM, wordCount: 13 }] }, nothingRaces),
    );
    expect(written.chapters[0]!.chapter.wordCount).toBe(15);
    expect(await getBook({ bookId: book.id }, ada)).toMatchObject({ wordCount: 15 });
  });

  it("refuses a rule or indent it does not know, changing nothing", async () => {
    const ada = await newWriter("ada");
    const book = await createBook(newBook("zh"), ada);
    const { patchBookInput } = await import("@/server/books/schemas");
    expect(patchBookInput.safeParse({ countRule: "bytes" }).success).toBe(false);
    expect(patchBookInput.safeParse({ paragraphIndent: "tab" }).success).toBe(false);
    expect(await getBook({ bookId: book.id }, ada)).toMatchObject({ countRule: "characters" });
  });
});

describe("books counted before the rules", () => {
  it("are recounted by their own rule when a server starts", async () => {
    const ada = await newWriter("ada");
    const book = await createBook(newBook("zh"), ada);
    const chapter = await uploadChapter({ bookId: book.id, content: POEM }, ada);
    // As COUNT_RULE 1 stored it: no punctuation.
    await sql.updateTable("Chapter").set({ wordCount: 13 }).where("id", "=", chapter.id).execute();
    await sql.updateTable("Book").set({ wordCount: 13, wordCountRule: 1 }).where("id", "=", book.id).execute();
    expect(await recountOutdatedBooks()).toBeGreaterThanOrEqual(1);
    expect(await getBook({ bookId: book.id }, ada)).toMatchObject({ wordCount: 15 });
  });
});
