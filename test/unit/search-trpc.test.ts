// @module-tag postgres
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { createContextInner } from "@/server/trpc/context";
import { createCaller } from "@/server/trpc/root";
import { newWriter, withScopes } from "../support/principals";

/** The tRPC code and business error a rejected call carries. */
async function failureOf(call: Promise<unknown>) {
  const error = await call.then(
    () => expect.unreachable("the call succeeded"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const trpc = error as TRPCError;
  return { code: trpc.code, error: trpc.cause instanceof AppError ? trpc.cause.code : null, details: trpc.cause instanceof AppError ? trpc.cause.details : null };
}

describe("search tRPC router (issue 23 item 4, per the search contract)", () => {
  it("serves search.book, previewReplace, applyReplace, changeSets and undoChangeSet with the contract's defaults and shapes", async () => {
    const principal = await newWriter("tia");
    const caller = createCaller(createContextInner({ principal }));
    const book = await caller.books.create({ title: "Winter", type: "novel", description: "" });
    const chapter = await caller.chapters.upload({ bookId: book.id, content: "Kathryn walked. Kathryn ran.", title: "One" });

    const found = await caller.search.book({ bookId: book.id, query: "kathryn" });
    expect(found).toMatchObject({ total: 2, page: 1, perPage: 50, chapters: [{ chapterId: chapter.id, title: "One", position: 1, hitCount: 2 }] });
    expect(found.items[1]).toEqual({ chapterId: chapter.id, chapterTitle: "One", field: "content", start: 16, end: 23, before: "", match: "Kathryn", after: " ran." });
    expect((await caller.search.library({ query: "kathryn" })).perPage).toBe(20);

    const preview = await caller.search.previewReplace({ bookId: book.id, query: "Kathryn", replacement: "Katherine" });
    expect(preview.chapters[0]).toMatchObject({ chapterId: chapter.id, title: "One", version: 1 });
    expect(preview.chapters[0]!.hits.map((h) => h.hitId)).toEqual(["content:0", "content:16"]);
    const applied = await caller.search.applyReplace({
      bookId: book.id,
      query: "Kathryn",
      replacement: "Katherine",
      chapters: [{ chapterId: chapter.id, version: 1, skip: ["content:16"] }],
    });
    expect(applied).toEqual({ changeSetId: expect.any(String), replaced: 1, chapters: [{ chapterId: chapter.id, version: 2, replaced: 1 }] });
    expect((await caller.chapters.revisions({ bookId: book.id, chapterId: chapter.id })).items[0]).toMatchObject({ kind: "replace", changeSetId: applied.changeSetId });
    expect((await caller.search.changeSets({ bookId: book.id })).items).toHaveLength(1);
    expect(await caller.search.undoChangeSet({ bookId: book.id, changeSetId: applied.changeSetId })).toEqual({
      changeSetId: applied.changeSetId,
      chapters: [{ chapterId: chapter.id, version: 3 }],
    });
  });

  it("maps bad input and scopes to the business errors: empty query, invalid pattern, perPage over 200, read-only apply", async () => {
    const principal = await newWriter("uma");
    const caller = createCaller(createContextInner({ principal }));
    const book = await caller.books.create({ title: "Winter", type: "novel", description: "" });
    expect(await failureOf(caller.search.book({ bookId: book.id, query: "" }))).toMatchObject({ code: "UNPROCESSABLE_CONTENT", error: "validation_failed" });
    expect(await failureOf(caller.search.book({ bookId: book.id, query: "a)", regex: true }))).toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      error: "invalid_pattern",
      details: { position: 1 },
    });
    expect(await failureOf(caller.search.book({ bookId: book.id, query: "a", perPage: 201 }))).toMatchObject({ error: "validation_failed" });
    const reader = createCaller(createContextInner({ principal: withScopes(principal, ["read:books"]) }));
    expect((await reader.search.previewReplace({ bookId: book.id, query: "a", replacement: "b" })).total).toBe(0);
    expect(await failureOf(reader.search.applyReplace({ bookId: book.id, query: "a", replacement: "b", chapters: [] }))).toMatchObject({
      code: "FORBIDDEN",
      error: "insufficient_scope",
    });
  });
});
