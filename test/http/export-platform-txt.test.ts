import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uploadChapter } from "../support/http-books";
import { call, expectFailure, expectSuccess, get, waitForJob } from "../support/http-client";
import { expectTrpcError, trpcMutation } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

// Issue 32 item 4: a book exported as the plain text web-novel platforms (起点, 番茄) take, on
// REST, tRPC and a queued job alike, read back (GB18030 decoded with TextDecoder).

const gb18030 = (bytes: Uint8Array) => new TextDecoder("gb18030", { fatal: true }).decode(bytes);
const utf8 = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

let writer: Account;
beforeAll(async () => {
  writer = await signUp("zh-platform-txt");
});

describe("the platform-ready TXT export", () => {
  let bookId: string;
  const chapterIds: string[] = [];
  beforeAll(async () => {
    bookId = (await createBook(writer.token, { title: "三国演义", language: "zh" })).id;
    // The staircase of issue 32 item 3, Markdown marks, a heading and a scene break.
    chapterIds.push((await uploadChapter(writer.token, bookId, "　　第一段，*有强调*。\n  　　第二段。\n    　　第三段。\n\n* * *\n\n## 小标题\n\n第四段没有缩进。", "第一回 宴桃园豪杰三结义")).id);
    chapterIds.push((await uploadChapter(writer.token, bookId, "　　**张飞**大喝一声。", "第二回 张翼德怒鞭督邮")).id);
  });
  const exportPath = (query: Record<string, string>) => `/api/v1/books/${bookId}/export?${new URLSearchParams({ format: "txt", ...query })}`;

  it("indents every paragraph with exactly two ideographic spaces, titles alone, no Markdown left, a blank line apart", async () => {
    const answer = await get(exportPath({ layout: "platform" }), writer.token);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(answer.text).toContain(
      "第一回 宴桃园豪杰三结义\n\n　　第一段，有强调。\n\n　　第二段。\n\n　　第三段。\n\n\n\n小标题\n\n　　第四段没有缩进。\n\n第二回 张翼德怒鞭督邮\n\n　　张飞大喝一声。\n",
    );
    expect(answer.text).not.toMatch(/[*#]/);
    expect(answer.text).not.toContain("\r");
  });

  it("leaves the blank lines out, ends lines with CRLF and writes GB18030 when asked", async () => {
    const answer = await get(exportPath({ layout: "platform", paragraphSpacing: "none", lineEndings: "crlf", encoding: "gb18030", sceneBreak: "asterism" }), writer.token);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=gb18030");
    expect(() => utf8(answer.bytes)).toThrow();
    const text = gb18030(answer.bytes);
    expect(text).toContain("第一回 宴桃园豪杰三结义\r\n　　第一段，有强调。\r\n　　第二段。\r\n　　第三段。\r\n⁂\r\n小标题\r\n　　第四段没有缩进。\r\n\r\n第二回 张翼德怒鞭督邮\r\n　　张飞大喝一声。\r\n");
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
  });

  it("writes one file per chapter in a zip, numbered in the book's order", async () => {
    const head = await call("HEAD", exportPath({ layout: "platform", split: "chapters" }), { token: writer.token });
    expect([head.status, head.headers.get("content-type")]).toEqual([200, "application/zip"]);
    const answer = await get(exportPath({ layout: "platform", split: "chapters", encoding: "gb18030" }), writer.token);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/zip");
    expect(answer.headers.get("content-disposition")).toContain(".zip");
    const files = unzipSync(answer.bytes);
    expect(Object.keys(files)).toEqual(["001 第一回 宴桃园豪杰三结义.txt", "002 第二回 张翼德怒鞭督邮.txt"]);
    expect(gb18030(files["002 第二回 张翼德怒鞭督邮.txt"]!)).toBe("第二回 张翼德怒鞭督邮\n\n　　张飞大喝一声。\n");
  });

  it("holds for a queued export and over tRPC", async () => {
    const job = expectSuccess(await get(exportPath({ layout: "platform", lineEndings: "crlf", async: "1" }), writer.token), 202);
    expect(await waitForJob(writer.token, job.id)).toMatchObject({ status: "succeeded" });
    expect((await get(`/api/v1/jobs/${job.id}/file`, writer.token)).text).toContain("\r\n\r\n　　张飞大喝一声。\r\n");

    const answer = await trpcMutation("convert.export", { bookId, format: "txt", layout: "platform", paragraphSpacing: "none", chapters: [chapterIds[1]] }, writer.token);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    const written = Buffer.from(answer.body.result.data.file.base64, "base64").toString("utf8");
    expect(written.startsWith("三国演义\n\n")).toBe(true);
    expect(written.endsWith("\n\n第二回 张翼德怒鞭督邮\n　　张飞大喝一声。\n")).toBe(true);
  });

  it("refuses unknown values (400; 422 over tRPC) and the options with another format (406)", async () => {
    for (const [name, value] of [["layout", "qidian"], ["paragraphSpacing", "double"], ["lineEndings", "cr"], ["encoding", "big5"], ["split", "volumes"]] as const) {
      expectFailure(await get(exportPath({ [name]: value }), writer.token), 400, "invalid_query");
      expectTrpcError(await trpcMutation("convert.export", { bookId, format: "txt", [name]: value }, writer.token), 422, "validation_failed");
    }
    expectFailure(await get(exportPath({ format: "epub", layout: "platform" }), writer.token), 406, "not_acceptable");
    expect((await call("HEAD", exportPath({ format: "docx", encoding: "gb18030" }), { token: writer.token })).status).toBe(406);
    expectTrpcError(await trpcMutation("convert.export", { bookId, format: "md", split: "chapters" }, writer.token), 400, "not_acceptable");
  });

  it("declares the options in the OpenAPI document", async () => {
    const spec = (await get("/api/v1/openapi.json")).body;
    const parameters = (spec.paths["/api/v1/books/{bookId}/export"].get.parameters as { name: string; in: string; schema: { enum?: string[] } }[]).filter((p) => p.in === "query");
    const enumOf = (name: string) => parameters.find((p) => p.name === name)?.schema.enum;
    expect([enumOf("layout"), enumOf("paragraphSpacing"), enumOf("lineEndings"), enumOf("encoding"), enumOf("split")]).toEqual([
      ["plain", "platform"],
      ["blank", "none"],
      ["lf", "crlf"],
      ["utf-8", "gb18030"],
      ["book", "chapters"],
    ]);
  });
});
