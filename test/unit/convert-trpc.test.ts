// @module-tag postgres
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { JOB_KINDS } from "@/server/compose/job-kinds";
import { runQueuedJobs } from "@/server/jobs/runner";
import { createContextInner } from "@/server/trpc/context";
import { createCaller } from "@/server/trpc/root";
import { newWriter, withScopes } from "../support/principals";

async function callerFor(name: string) {
  return createCaller(createContextInner({ principal: await newWriter(name) }));
}

async function errorOf(call: Promise<unknown>) {
  const error = await call.then(
    () => expect.unreachable("the call succeeded"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const trpc = error as TRPCError;
  return { code: trpc.code, error: trpc.cause instanceof AppError ? trpc.cause.code : null };
}

describe("the convert router", () => {
  it("lists formats and converts text formats, answering base64", async () => {
    const caller = await callerFor("rpc-convert");
    expect((await caller.convert.formats()).length).toBeGreaterThanOrEqual(15);
    const answer = await caller.convert.convert({ from: "md", to: "html", content: "# Hi\n\n*there*" });
    expect("file" in answer && Buffer.from(answer.file.base64, "base64").toString()).toContain("<em>there</em>");
    expect(await errorOf(caller.convert.convert({ from: "md", to: "nope", content: "x" }))).toEqual({ code: "UNPROCESSABLE_CONTENT", error: "unsupported_format" });
    // strict input: an unknown key is refused, nothing converted
    expect((await errorOf(caller.convert.convert({ from: "md", to: "html", content: "x", extra: 1 } as never))).error).toBe("validation_failed");
  });

  it("imports text or base64 into a book, and exports it back, inline or as a job", async () => {
    const caller = await callerFor("rpc-import");
    const imported = await caller.convert.import({ fileName: "book.md", text: "# A\n\nOne.\n\n# B\n\nTwo." });
    expect(imported).toMatchObject({ chapterCount: 2, book: { title: "book" } });
    const more = await caller.convert.importInto({ bookId: imported.book.id, fileName: "more.txt", base64: Buffer.from("Chapter 3\nThree.").toString("base64") });
    expect(more.chapters).toMatchObject([{ title: "Chapter 3", position: 3 }]);
    expect((await errorOf(caller.convert.import({ fileName: "x.md" }))).error).toBe("validation_failed");
    // The dry run (issue 19 item 4): the split, and nothing saved.
    const preview = await caller.convert.importPreview({ fileName: "parts.txt", text: "Part 1\nOne.\nPart 2\nTwo words.", chapterPattern: "Part {n}" });
    expect(preview).toMatchObject({ chapterCount: 2, wordCount: 3, chapters: [{ title: "Part 1", wordCount: 1 }, { title: "Part 2", wordCount: 2 }] });

    const exported = await caller.convert.export({ bookId: imported.book.id, format: "md" });
    const text = "file" in exported ? Buffer.from(exported.file.base64, "base64").toString() : "";
    expect(text.indexOf("One.")).toBeLessThan(text.indexOf("Three."));
    const queued = await caller.convert.export({ bookId: imported.book.id, format: "html", async: true });
    expect("job" in queued && queued.job.status).toBe("queued");
    await runQueuedJobs(JOB_KINDS);
    expect(await errorOf(caller.convert.export({ bookId: imported.book.id, format: "nope" }))).toEqual({ code: "BAD_REQUEST", error: "not_acceptable" });
  });

  it("holds export to read:books, imports to write:books, and a job to its owner", async () => {
    const writer = await newWriter("rpc-scopes");
    const caller = createCaller(createContextInner({ principal: writer }));
    const { book } = await caller.convert.import({ fileName: "book.md", text: "# A\n\nOne." });
    const readOnly = createCaller(createContextInner({ principal: withScopes(writer, ["read:books"]) }));
    const analysisOnly = createCaller(createContextInner({ principal: withScopes(writer, ["read:analysis"]) }));
    const refused = { code: "FORBIDDEN", error: "insufficient_scope" };
    expect(await errorOf(analysisOnly.convert.export({ bookId: book.id, format: "md" }))).toEqual(refused);
    expect(await errorOf(readOnly.convert.import({ fileName: "b.md", text: "# B" }))).toEqual(refused);
    expect(await errorOf(readOnly.convert.importInto({ bookId: book.id, fileName: "b.md", text: "# B" }))).toEqual(refused);
    expect((await caller.books.get({ bookId: book.id })).chapterCount).toBe(1);
    expect(await errorOf(createCaller(createContextInner({ principal: null })).convert.formats())).toMatchObject({ code: "UNAUTHORIZED" });

    const queued = await readOnly.convert.export({ bookId: book.id, format: "html", async: true });
    const jobId = "job" in queued ? queued.job.id : expect.unreachable("queued");
    expect((await readOnly.jobs.get({ jobId })).id).toBe(jobId);
    const stranger = await callerFor("rpc-stranger");
    expect(await errorOf(stranger.jobs.get({ jobId }))).toEqual({ code: "FORBIDDEN", error: "forbidden" });
    await runQueuedJobs(JOB_KINDS);
  });
});
