// @module-tag postgres
import { describe, expect, it } from "vitest";
import { createBook } from "@/server/books/create-book";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { updateMe } from "@/server/users/update-me";
import { newWriter } from "../support/principals";

// Issue 32 item 1, decision 0510: a new book's language follows the interface the account chose,
// and its untitled chapters are named as that language names them.
describe("a new book's language", () => {
  it("is the language of the interface the account chose, when the caller names none", async () => {
    const lin = await newWriter("lin-xiao");
    await updateMe({ locale: "zh-CN" }, lin);
    const book = await createBook({ title: "青云志", type: "novel", description: "", status: "drafting", targetWordCount: null }, lin);
    expect(book).toMatchObject({ language: "zh-CN", countRule: "characters", paragraphIndent: "fullWidth" });
    const chapter = await uploadChapter({ bookId: book.id, content: "" }, lin);
    expect(chapter.title).toBe("第1章");
  });

  it("is English for an account that chose no language (the browser's is not the API's to know)", async () => {
    const ada = await newWriter("ada-lang");
    const book = await createBook({ title: "The Long Winter", type: "novel", description: "", status: "drafting", targetWordCount: null }, ada);
    expect(book).toMatchObject({ language: "en", countRule: "words" });
    expect((await uploadChapter({ bookId: book.id, content: "" }, ada)).title).toBe("Chapter 1");
  });

  it("is the caller's when named, whatever the interface", async () => {
    const lin = await newWriter("lin-en");
    await updateMe({ locale: "zh-CN" }, lin);
    expect((await createBook({ title: "Letters", type: "novel", description: "", status: "drafting", targetWordCount: null, language: "en" }, lin)).language).toBe("en");
  });
});
