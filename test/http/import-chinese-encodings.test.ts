import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectFailure, expectSuccess, get } from "../support/http-client";
import { signUp, type Account } from "../support/http-users";

// Issue 32 item 5: Chinese manuscripts in GB18030 and Big5 import and convert as their UTF-8
// originals do (fixtures made with Debian's iconv: see test/unit/convert-chinese-encodings.test.ts).

const zh = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/convert/zh/${name}`, import.meta.url)));

function upload(bytes: Uint8Array<ArrayBuffer>, name: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set("file", new Blob([bytes]), name);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

let writer: Account;
beforeAll(async () => {
  writer = await signUp("zh-text");
});

type ChapterDto = { title: string; content: string };

async function importedChapters(bytes: Uint8Array<ArrayBuffer>, name: string): Promise<ChapterDto[]> {
  const imported = expectSuccess(await call("POST", "/api/v1/books/import", { token: writer.token, body: upload(bytes, name) }), 201);
  const chapters = expectSuccess(await get(`/api/v1/books/${imported.book.id}/chapters?include=content`, writer.token), 200) as ChapterDto[];
  return chapters.map(({ title, content }) => ({ title, content }));
}

describe("importing GB18030 and Big5 manuscripts", () => {
  it("gives the same chapters and text as the UTF-8 original, plain text and Markdown alike", async () => {
    const original = await importedChapters(zh("sanguo.utf8.txt"), "三国.txt");
    expect(original.map((c) => c.title)).toEqual(["第1章 宴桃园豪杰三结义 斩黄巾英雄首立功", "第2章 张翼德怒鞭督邮 何国舅谋诛宦竖", "第3章 议温明董卓叱丁原 馈金珠李肃说吕布"]);
    expect(original[1]!.content).toContain("且说董卓字仲颖");
    expect(await importedChapters(zh("sanguo.gb18030.txt"), "三国.txt")).toEqual(original);
    expect(await importedChapters(zh("sanguo.gb18030.md"), "三国.md")).toEqual(await importedChapters(zh("sanguo.utf8.md"), "三国.md"));

    const traditional = await importedChapters(zh("sanguo-hant.big5.txt"), "三國.txt");
    expect(traditional).toEqual(await importedChapters(zh("sanguo-hant.utf8.txt"), "三國.txt"));
    expect(traditional[0]!.title).toBe("第1章 宴桃園豪傑三結義 斬黃巾英雄首立功");
  });

  it("previews and converts them too", async () => {
    const preview = expectSuccess(await call("POST", "/api/v1/books/import/preview", { token: writer.token, body: upload(zh("sanguo.gb18030.txt"), "三国.txt") }), 200);
    expect(preview).toMatchObject({ language: "zh", chapterCount: 3 });
    const converted = await call("POST", "/api/v1/convert", { token: writer.token, body: upload(zh("sanguo-hant.big5.txt"), "三國.txt", { to: "md" }) });
    const fromUtf8 = await call("POST", "/api/v1/convert", { token: writer.token, body: upload(zh("sanguo-hant.utf8.txt"), "三國.txt", { to: "md" }) });
    expect(converted.status, converted.text.slice(0, 300)).toBe(200);
    expect(converted.text).toBe(fromUtf8.text);
    // 豎 is not in Big5: `iconv -c` left it out of the fixture and its UTF-8 twin alike.
    expect(converted.text).toContain("# 第2章 張翼德怒鞭督郵 何國舅謀誅宦\n");
  });

  it("refuses a file in another 8-bit encoding once, clearly, and makes no book", async () => {
    // KOI8-R Russian: every byte of it decodes as GB18030 too.
    const koi8 = new Uint8Array([0xf7, 0xd3, 0xc5, 0x20, 0xd3, 0xde, 0xc1, 0xd3, 0xd4, 0xcc, 0xc9, 0xd7, 0xd9, 0xc5, 0x20, 0xd3, 0xc5, 0xcd, 0xd8, 0xc9, 0x2e, 0x0a]);
    const before = (expectSuccess(await get("/api/v1/books?per_page=100", writer.token), 200) as unknown[]).length;
    const refused = await call("POST", "/api/v1/books/import", { token: writer.token, body: upload(koi8, "роман.txt") });
    expectFailure(refused, 422, "invalid_encoding");
    expect(refused.body.msg).toBe("The text is in none of the encodings Inkstone reads (UTF-8, UTF-16 with a byte-order mark, GB18030/GBK, Big5); save it as UTF-8 and try again.");
    expect(refused.body.error).toBe("invalid_encoding");
    expect((expectSuccess(await get("/api/v1/books?per_page=100", writer.token), 200) as unknown[]).length).toBe(before);
  });
});
