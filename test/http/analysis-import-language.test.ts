// Issue 20 item 10: a Chinese manuscript imports as Chinese, over HTTP, whatever its file says.
import { readFileSync } from "node:fs";
import path from "node:path";
import { unzipSync, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectFailure, expectSuccess } from "../support/http-client";
import { signUp, type Account } from "../support/http-users";

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const para = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ""}<w:r><w:rPr><w:lang w:val="en-US" w:eastAsia="zh-CN"/></w:rPr><w:t>${text}</w:t></w:r></w:p>`;

/** The convert fixture's DOCX (its core.xml names the language "en", as Word's default does) with Chinese text. */
function chineseDocx(): Uint8Array {
  const files = unzipSync(new Uint8Array(readFileSync(path.resolve("test/fixtures/convert/book.docx"))));
  const body = [para("第一回 宴桃园豪杰三结义", "Heading1"), para("话说天下大势，分久必合，合久必分。"), para("第二回 张翼德怒鞭督邮", "Heading1"), para("且说董卓字仲颖，陇西临洮人也。")].join("");
  files["word/document.xml"] = new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}</w:body></w:document>`);
  expect(new TextDecoder().decode(files["docProps/core.xml"])).toContain("<dc:language>en</dc:language>");
  return zipSync(files);
}

const form = (bytes: Uint8Array | string, name: string, fields: Record<string, string> = {}) => {
  const data = new FormData();
  data.set("file", new Blob([bytes as BlobPart]), name);
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

let writer: Account;
beforeAll(async () => {
  writer = await signUp("import-language");
});

describe("a Chinese manuscript imports as Chinese", () => {
  it("a DOCX whose properties say en but whose text is Chinese makes a zh book, and the preview says so", async () => {
    const preview = expectSuccess(await call("POST", "/api/v1/books/import/preview", { token: writer.token, body: form(chineseDocx(), "三国演义.docx") }), 200);
    expect(preview).toMatchObject({ language: "zh", chapterCount: 2 });
    const imported = expectSuccess(await call("POST", "/api/v1/books/import", { token: writer.token, body: form(chineseDocx(), "三国演义.docx") }), 201);
    expect(imported.book.language).toBe("zh");
    expect(imported.chapters.map((c: { title: string }) => c.title)).toEqual(["第一回 宴桃园豪杰三结义", "第二回 张翼德怒鞭督邮"]);
  });

  it("a Chinese TXT makes a zh book; an English one stays en", async () => {
    const zh = expectSuccess(await call("POST", "/api/v1/books/import", { token: writer.token, body: form("第一章 开始\n他走进了房间。\n第二章 信\n信上只有一句话。\n", "小说.txt") }), 201);
    expect(zh.book.language).toBe("zh");
    const en = expectSuccess(await call("POST", "/api/v1/books/import", { token: writer.token, body: form("Chapter 1\n\nHe walked in.\n\nChapter 2\n\nShe left.\n", "novel.txt") }), 201);
    expect(en.book.language).toBe("en");
  });

  it("the caller's language wins, and a bad one is refused with nothing made", async () => {
    const given = expectSuccess(await call("POST", "/api/v1/books/import", { token: writer.token, body: form(chineseDocx(), "novel.docx", { language: "zh-TW" }) }), 201);
    expect(given.book.language).toBe("zh-TW");
    const books = (await call("GET", "/api/v1/books?per_page=1", { token: writer.token })).headers.get("x-total-count");
    expectFailure(await call("POST", "/api/v1/books/import", { token: writer.token, body: form(chineseDocx(), "novel.docx", { language: "not a tag" }) }), 422, "validation_failed");
    expect((await call("GET", "/api/v1/books?per_page=1", { token: writer.token })).headers.get("x-total-count")).toBe(books);
  });
});
