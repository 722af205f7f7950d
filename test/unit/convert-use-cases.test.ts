// @module-tag postgres
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { getBook } from "@/server/books/get-book";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { chaptersCollection, listChapters } from "@/server/chapters/list-chapters";
import { listRevisions, revisionsCollection } from "@/server/chapters/list-revisions";
import { defaultCollectionOptions } from "@/server/collections";
import { convertDocument } from "@/server/convert/convert-document";
import { exportBook } from "@/server/convert/export-book";
import { importBook } from "@/server/convert/import-book";
import { importChapters } from "@/server/convert/import-chapters";
import { listFormats } from "@/server/convert/list-formats";
import { sql } from "@/server/db";
import { countOf } from "@/server/sql/count";
import { AppError, type ErrorCode } from "@/server/errors";
import { getJob, getJobFile } from "@/server/job-results/get-job";
import { JOB_KINDS } from "@/server/compose/job-kinds";
import { runQueuedJobs } from "@/server/jobs/runner";
import { newWriter, withScopes } from "../support/principals";

const file = (name: string, text: string | Uint8Array) => ({ name, bytes: typeof text === "string" ? new TextEncoder().encode(text) : text });
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function refusal(promise: Promise<unknown>, code: ErrorCode): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

async function chaptersOf(bookId: string, principal: Principal) {
  const options = defaultCollectionOptions(chaptersCollection, { perPage: 100 });
  return (await listChapters({ bookId, includeContent: true, options }, principal)).items;
}

const MANUSCRIPT = "# The Letter\n\nShe read it *twice*.\n\n***\n\nThen she burned it.\n\n# 第二章 雨\n\n雨下了一夜。\n";

describe("formats", () => {
  it("lists at least 15 formats, each readable or writable, to any signed-in caller", async () => {
    const reader = withScopes(await newWriter("formats"), []);
    const formats = listFormats(reader);
    expect(formats.length).toBeGreaterThanOrEqual(15);
    for (const f of formats) expect(f.read || f.write, f.id).toBe(true);
    expect(formats.map((f) => f.id)).toEqual(expect.arrayContaining(["md", "txt", "html", "docx", "epub", "pdf", "odt"]));
  });
});

describe("converting a document", () => {
  let writer: Principal;
  beforeAll(async () => {
    writer = await newWriter("converter");
  });

  it("converts an upload inline, detecting its format from its name", async () => {
    const { file: out } = await convertDocument({ file: file("Brief – 信.md", MANUSCRIPT), to: "html" }, writer);
    expect(out).toMatchObject({ name: "Brief – 信.html", mediaType: expect.stringMatching(/^text\/html/) });
    const html = decode(out!.bytes);
    expect(html).toContain("<em>twice</em>");
    expect(html).toContain("雨下了一夜。");
  });

  it("converts JSON text content, and refuses a binary format as JSON content", async () => {
    const { file: out } = await convertDocument({ content: "<p>Hello <strong>there</strong></p>", from: "html", to: "md" }, writer);
    expect(decode(out!.bytes)).toContain("**there**");
    await refusal(convertDocument({ content: "PK", from: "docx", to: "md" }, writer), "unsupported_format");
    await refusal(convertDocument({ content: "text", to: "md" }, writer), "validation_failed");
  });

  it("refuses an unknown or unwritable format with 422, and a file that is not what its name says", async () => {
    const unknown = await refusal(convertDocument({ file: file("a.md", "# A"), to: "wordperfect" }, writer), "unsupported_format");
    expect(unknown.status).toBe(422);
    await refusal(convertDocument({ file: file("a.md", "# A"), from: "pdf", to: "html" }, writer), "unsupported_format");
    const mismatch = await refusal(convertDocument({ file: file("novel.docx", "just some text"), to: "md" }, writer), "format_mismatch");
    expect(mismatch.status).toBe(422);
    await refusal(convertDocument({ file: file("empty.md", ""), to: "html" }, writer), "validation_failed");
  });

  it("queues a job when asked, whose result downloads until it expires", async () => {
    const { job } = await convertDocument({ file: file("Queued.md", MANUSCRIPT), to: "docx", async: true }, writer);
    expect(job).toMatchObject({ kind: "convert.document", status: "queued" });
    await runQueuedJobs(JOB_KINDS);
    expect(await getJob({ jobId: job!.id }, writer)).toMatchObject({ status: "succeeded", file: { name: "Queued.docx" } });
    const result = await getJobFile({ jobId: job!.id }, writer);
    expect(decode(result.bytes.subarray(0, 2))).toBe("PK");
    await refusal(getJob({ jobId: job!.id }, await newWriter("stranger")), "forbidden");
  });

  it("refuses a broken zip, at once or as the failed job's error, never with a file", async () => {
    const broken = file("broken.epub", new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]));
    const queued = await convertDocument({ file: broken, from: "epub", to: "md", async: true }, writer).then(
      (conversion) => conversion.job,
      (error: AppError) => {
        expect(error.code).toMatch(/corrupt_document|format_mismatch/);
        return null;
      },
    );
    if (queued) {
      await runQueuedJobs(JOB_KINDS);
      const finished = await getJob({ jobId: queued.id }, writer);
      expect(finished.status).toBe("failed");
      expect(finished.error?.code).toMatch(/corrupt_document|format_mismatch/);
    }
  });
});

describe("importing a manuscript", () => {
  let writer: Principal;
  beforeAll(async () => {
    writer = await newWriter("importer");
  });

  it("makes a new book with a chapter per top-level heading, counted and revised like an upload", async () => {
    const result = await importBook({ file: file("The Letter.md", MANUSCRIPT) }, writer);
    expect(result.chapterCount).toBe(2);
    expect(result.chapters.map((c) => [c.title, c.position])).toEqual([
      ["The Letter", 1],
      ["第二章 雨", 2],
    ]);
    expect(result.book).toMatchObject({ title: "The Letter", ownerId: writer.userId, chapterCount: 2 });
    const chapters = await chaptersOf(result.book.id, writer);
    expect(chapters[0]!.content).toContain("*twice*");
    expect(chapters[1]!.content).toContain("雨下了一夜。");
    expect(result.book.wordCount).toBe(chapters.reduce((sum, c) => sum + c.wordCount, 0));
    expect(chapters[1]!.wordCount).toBe(5); // 雨下了一夜 counted per character, as 字数
    const options = defaultCollectionOptions(revisionsCollection, {});
    const revisions = await listRevisions({ bookId: result.book.id, chapterId: chapters[0]!.id, options }, writer);
    expect(revisions.items.map((r) => r.version)).toEqual([1]);
  });

  it("splits plain text at English and Chinese chapter lines, or at the caller's pattern", async () => {
    const text = "My Novel\nby A. Writer.\n\nChapter 1\nIt began.\n\nChapter 2: Onward\nIt went on.\n\n第三章 终\n结束了。\n";
    const result = await importBook({ file: file("novel.txt", text), title: "Given Title" }, writer);
    expect(result.book.title).toBe("Given Title");
    expect(result.chapters.map((c) => c.title)).toEqual(["Front matter", "Chapter 1", "Chapter 2: Onward", "第三章 终"]);
    const parts = await importBook({ file: file("parts.txt", "Part 1\nA.\nPart 2\nB.\nChapter 9\nC.\n"), chapterPattern: "Part {n}" }, writer);
    expect(parts.chapters.map((c) => c.title)).toEqual(["Part 1", "Part 2"]);
  });

  it("appends to an existing book after its last chapter", async () => {
    const book = await createBook({ title: "Growing", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
    await uploadChapter({ bookId: book.id, content: "First." }, writer);
    const result = await importChapters({ bookId: book.id, file: file("more.md", "# Two\n\nSecond.\n\n# Three\n\nThird.\n") }, writer);
    expect(result.chapters.map((c) => [c.title, c.position])).toEqual([
      ["Two", 2],
      ["Three", 3],
    ]);
    expect((await getBook({ bookId: book.id }, writer)).chapterCount).toBe(3);
  });

  it("leaves nothing behind when one chapter breaks the rules", async () => {
    const books = await countOf(sql.selectFrom("Book").where("ownerId", "=", writer.userId));
    const huge = `# Small\n\nfine\n\n# Huge\n\n${"x".repeat(5 * 1024 * 1024 + 10)}\n`;
    const error = await refusal(importBook({ file: file("huge.md", huge) }, writer), "validation_failed");
    expect(error.details).toEqual([expect.objectContaining({ path: "chapters.1" })]);
    expect(await countOf(sql.selectFrom("Book").where("ownerId", "=", writer.userId))).toBe(books);

    const book = await createBook({ title: "Kept", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
    await refusal(importChapters({ bookId: book.id, file: file("huge.md", huge) }, writer), "validation_failed");
    expect(await getBook({ bookId: book.id }, writer)).toMatchObject({ chapterCount: 0, wordCount: 0 });
  });

  it("needs write:books, and the book's owner", async () => {
    await refusal(importBook({ file: file("a.md", "# A\n\nB") }, withScopes(writer, ["read:books"])), "insufficient_scope");
    const book = await createBook({ title: "Mine", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
    await refusal(importChapters({ bookId: book.id, file: file("a.md", "# A\n\nB") }, await newWriter("intruder")), "forbidden");
  });
});

describe("exporting a book", () => {
  let writer: Principal;
  let bookId: string;
  beforeAll(async () => {
    writer = await newWriter("exporter");
    ({
      book: { id: bookId },
    } = await importBook({ file: file("Exported.md", "# One\n\nAlpha words.\n\n# Two\n\nBeta words.\n\n# Three\n\nGamma words.\n") }, writer));
  });

  it("writes every chapter in book order, by format or by Accept", async () => {
    const { file: md } = await exportBook({ bookId, format: "md" }, writer);
    const text = decode(md!.bytes);
    expect(text.indexOf("Alpha")).toBeLessThan(text.indexOf("Beta"));
    expect(text.indexOf("Beta")).toBeLessThan(text.indexOf("Gamma"));
    expect(md!.name).toBe("Exported.md");
    const { file: epub } = await exportBook({ bookId, accept: "text/html;q=0.5, application/epub+zip" }, writer);
    expect(epub).toMatchObject({ name: "Exported.epub", mediaType: "application/epub+zip" });
  });

  it("answers 406 for a format it cannot write, none at all, or a manuscript that is not DOCX", async () => {
    for (const options of [{ format: "wordperfect" }, { accept: "application/json" }, { format: "epub", manuscript: true }, { format: "epub", trimSize: "a5" as const }]) {
      const error = await refusal(exportBook({ bookId, ...options }, writer), "not_acceptable");
      expect(error.status).toBe(406);
    }
  });

  it("queues large exports as a job", async () => {
    const { job } = await exportBook({ bookId, format: "docx", manuscript: true, async: true }, writer);
    await runQueuedJobs(JOB_KINDS);
    expect(await getJob({ jobId: job!.id }, writer)).toMatchObject({ status: "succeeded", file: { name: "Exported.docx" } });
  });

  it("sets a PDF in the trim size asked for, inline and as a job (issue 19 item 12)", async () => {
    const a5 = /\/MediaBox \[\s*0 0 419\.5\d* 595\.2\d*\s*\]/;
    const { file } = await exportBook({ bookId, format: "pdf", trimSize: "a5" }, writer);
    expect(new TextDecoder("latin1").decode(file!.bytes)).toMatch(a5);
    const { job } = await exportBook({ bookId, format: "pdf", trimSize: "a5", async: true }, writer);
    await runQueuedJobs(JOB_KINDS);
    const done = await getJob({ jobId: job!.id }, writer);
    expect(done).toMatchObject({ status: "succeeded", file: { name: "Exported.pdf" } });
  });

  it("needs read:books and the book's owner", async () => {
    await refusal(exportBook({ bookId, format: "md" }, withScopes(writer, ["write:books"])), "insufficient_scope");
    await refusal(exportBook({ bookId, format: "md" }, await newWriter("peeker")), "forbidden");
  });
});
