// @module-tag postgres
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uploadChapter } from "../support/http-books";
import { call, expectFailure, expectSuccess, get, patch } from "../support/http-client";
import { expectTrpcError, trpcMutation } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

// Issue 32 items 2 and 3 (decision 0491) over HTTP: a book's counting rule and paragraph indent
// through REST and tRPC, the counts that follow them, and the exports and imports that apply the
// indent whatever the stored text holds.

const POEM = "滚滚长江东逝水，浪花淘尽英雄。"; // 13 characters, 2 marks
const STAIRCASE = "　　第一段。\n  　　第二段。\n    　　第三段。";
const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

let writer: Account;
beforeAll(async () => {
  writer = await signUp("zh-count-rule");
});

describe("a book's counting rule over REST and tRPC", () => {
  it("starts a Chinese book on 字数 with punctuation, recounts on a switch, and refuses an unknown rule with nothing changed", async () => {
    const book = await createBook(writer.token, { title: "三国演义", language: "zh" });
    expect(book).toMatchObject({ countRule: "characters", paragraphIndent: "fullWidth", wordCount: 0 });
    const chapter = await uploadChapter(writer.token, book.id, POEM, "第一回");
    expect(chapter.wordCount).toBe(15);

    const switched = expectSuccess(await patch(`/api/v1/books/${book.id}`, writer.token, { countRule: "charactersWithoutPunctuation" }), 201);
    expect(switched).toMatchObject({ countRule: "charactersWithoutPunctuation", wordCount: 13 });
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token), 200)).toMatchObject({ wordCount: 13 });

    expectFailure(await patch(`/api/v1/books/${book.id}`, writer.token, { countRule: "bytes" }), 422, "validation_failed");
    expectFailure(await patch(`/api/v1/books/${book.id}`, writer.token, { paragraphIndent: 4 }), 422, "validation_failed");
    expect(expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200)).toMatchObject({ countRule: "charactersWithoutPunctuation", paragraphIndent: "fullWidth" });

    const back = await trpcMutation("books.update", { bookId: book.id, changes: { countRule: "characters", paragraphIndent: "none" } }, writer.token);
    expect(back.status, back.text.slice(0, 300)).toBe(200);
    expect(back.body.result.data).toMatchObject({ countRule: "characters", paragraphIndent: "none", wordCount: 15 });
    expectTrpcError(await trpcMutation("books.update", { bookId: book.id, changes: { countRule: "bytes" } }, writer.token), 422, "validation_failed");
  });

  it("names both among the attributes a writer may change, and in the OpenAPI document", async () => {
    const book = await createBook(writer.token, { title: "Tide" });
    expect(book).toMatchObject({ countRule: "words", paragraphIndent: "typographic" });
    expect(expectSuccess(await call("OPTIONS", `/api/v1/books/${book.id}`, { token: writer.token }), 200).attributes).toEqual(expect.arrayContaining(["countRule", "paragraphIndent"]));
    const spec = (await get("/api/v1/openapi.json")).body;
    const schemas = spec.components.schemas;
    expect(schemas.Book.properties.countRule.enum).toEqual(["words", "characters", "charactersWithoutPunctuation"]);
    const patchBody = spec.components.requestBodies.PatchBook.content["application/json"].schema;
    expect(patchBody.properties.paragraphIndent.enum).toEqual(["none", "fullWidth", "typographic"]);
  });
});

describe("the paragraph indent in exports and imports", () => {
  let bookId: string;
  beforeAll(async () => {
    bookId = (await createBook(writer.token, { title: "楼梯", language: "zh" })).id;
    // The editor's old staircase, stored as it was.
    await uploadChapter(writer.token, bookId, STAIRCASE, "第一回");
  });
  const exported = async (format: string) => {
    const answer = await get(`/api/v1/books/${bookId}/export?format=${format}`, writer.token);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    return answer.bytes;
  };

  it("indents every paragraph two characters, whatever the text holds: TXT, EPUB, DOCX", async () => {
    expect(utf8(await exported("txt"))).toContain("第一回\n\n　　第一段。\n\n　　第二段。\n\n　　第三段。\n");
    const epub = unzipSync(await exported("epub"));
    expect(utf8(epub["OEBPS/style.css"]!)).toMatch(/^p\{text-indent:2em\}/);
    const chapter = utf8(Object.entries(epub).find(([name]) => /chapter.*\.xhtml$/.test(name))![1]);
    expect(chapter).toContain("<p>第三段。</p>");
    expect(chapter).not.toContain("<pre");
    const document = utf8(unzipSync(await exported("docx"))["word/document.xml"]!);
    expect(document).toContain('w:firstLineChars="200"');
    expect(document).not.toContain("　　");
  });

  it("sets none when the book says none", async () => {
    expectSuccess(await patch(`/api/v1/books/${bookId}`, writer.token, { paragraphIndent: "none" }), 201);
    expect(utf8(await exported("txt"))).toContain("第一回\n\n第一段。\n\n第二段。\n\n第三段。\n");
    expect(utf8(unzipSync(await exported("epub"))["OEBPS/style.css"]!)).toMatch(/^p\{text-indent:0\}/);
    expect(utf8(unzipSync(await exported("docx"))["word/document.xml"]!)).not.toContain("firstLine");
  });

  it("imports a manuscript without its hand-made indents, counted by the language's rule", async () => {
    const form = new FormData();
    form.set("file", new Blob([new TextEncoder().encode(`第一回 开篇\n${STAIRCASE}\n\t第四段，完。\n`)]), "楼梯.txt");
    const imported = expectSuccess(await call("POST", "/api/v1/books/import", { token: writer.token, body: form }), 201);
    expect(imported.book).toMatchObject({ language: "zh", countRule: "characters", paragraphIndent: "fullWidth" });
    const [chapter] = expectSuccess(await get(`/api/v1/books/${imported.book.id}/chapters?include=content`, writer.token), 200);
    // The text reader sets paragraphs a blank line apart; none opens with a blank.
    expect(chapter.content).toBe("第一段。\n\n第二段。\n\n第三段。\n\n第四段，完。");
    // 第一段 第二段 第三段 第四段完: 13 characters; 。。。，。: 5 marks.
    expect(chapter.wordCount).toBe(18);
  });
});
