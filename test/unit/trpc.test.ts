// @module-tag postgres
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/server/errors";
import { log } from "@/server/log.mjs";
import { createContextInner } from "@/server/trpc/context";
import { operationProcedure, router } from "@/server/trpc/init";
import { createCaller } from "@/server/trpc/root";
import { newWriter, withScopes } from "../support/principals";

async function callerFor(name: string) {
  const principal = await newWriter(name);
  return { principal, caller: createCaller(createContextInner({ principal })) };
}

/** The tRPC code and our business error name that a rejected call carries. */
async function failureOf(call: Promise<unknown>) {
  const error = await call.then(
    () => expect.unreachable("the call succeeded"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const trpc = error as TRPCError;
  return { code: trpc.code, error: trpc.cause instanceof AppError ? trpc.cause.code : null };
}

/** The field problems of a call refused as validation_failed. */
async function problemsOf(call: Promise<unknown>) {
  expect(await failureOf(call)).toEqual({ code: "UNPROCESSABLE_CONTENT", error: "validation_failed" });
  return ((await call.catch((e: unknown) => e)) as TRPCError & { cause: AppError }).cause.details;
}

describe("tRPC procedures call the same use cases", () => {
  it("creates, lists, uploads and saves", async () => {
    const { caller } = await callerFor("ada");
    const book = await caller.books.create({ title: "Winter", type: "novel", description: "Cold." });
    expect(book).toMatchObject({ id: expect.any(String), title: "Winter", type: "novel", description: "Cold." });
    expect((await caller.books.list()).items.map((b) => b.id)).toEqual([book.id]);

    const chapter = await caller.chapters.upload({ bookId: book.id, content: "# Frost\n\nIt was cold." });
    expect(chapter).toMatchObject({ title: "Frost", version: 1, position: 1 });
    const saved = await caller.chapters.save({ bookId: book.id, chapterId: chapter.id, version: 1, content: "Colder." });
    expect(saved.version).toBe(2);
    expect((await caller.chapters.revisions({ bookId: book.id, chapterId: chapter.id })).total).toBe(2);
    expect((await caller.books.get({ bookId: book.id })).wordCount).toBe(1);
  });

  it("maps use-case errors once: stale save, other writer's book, missing scope", async () => {
    const { caller, principal } = await callerFor("ben");
    const { caller: other } = await callerFor("cleo");
    const book = await caller.books.create({ title: "Mine", type: "novel", description: "" });
    const chapter = await caller.chapters.upload({ bookId: book.id, content: "text" });
    await caller.chapters.save({ bookId: book.id, chapterId: chapter.id, version: 1, content: "newer" });

    expect(await failureOf(caller.chapters.save({ bookId: book.id, chapterId: chapter.id, version: 1, content: "stale" }))).toEqual({
      code: "CONFLICT",
      error: "version_conflict",
    });
    expect((await caller.chapters.get({ bookId: book.id, chapterId: chapter.id })).content).toBe("newer");
    expect(await failureOf(other.books.get({ bookId: book.id }))).toEqual({ code: "FORBIDDEN", error: "forbidden" });
    const reader = createCaller(createContextInner({ principal: withScopes(principal, ["read:books"]) }));
    expect(await failureOf(reader.books.create({ title: "No", type: "novel", description: "" }))).toEqual({
      code: "FORBIDDEN",
      error: "insufficient_scope",
    });
  });

  it("answers UNAUTHORIZED without a principal, with the reason a sent token failed", async () => {
    const anonymous = createCaller(createContextInner({ principal: null }));
    expect(await failureOf(anonymous.books.list())).toEqual({ code: "UNAUTHORIZED", error: "unauthenticated" });
    const revoked = createCaller(createContextInner({ principal: null, authError: new AppError("token_revoked", "revoked") }));
    expect(await failureOf(revoked.books.list())).toEqual({ code: "UNAUTHORIZED", error: "token_revoked" });
  });

  it("refuses invalid input as UNPROCESSABLE_CONTENT with field details", async () => {
    const { caller } = await callerFor("dana");
    const error = await caller.books.create({ title: "", type: "novel", description: "" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("UNPROCESSABLE_CONTENT");
    expect(((error as TRPCError).cause as AppError).details).toEqual([{ path: "title", message: "a book needs a title", code: "too_small", origin: "string", minimum: 1, inclusive: true }]);
    expect(await caller.books.list()).toEqual({ items: [], total: 0, page: 1, perPage: 20 });
  });

  it("refuses unknown keys on chapters.save and chapters.upload, and changes nothing", async () => {
    const { caller } = await callerFor("eve");
    const book = await caller.books.create({ title: "Strict", type: "novel", description: "" });
    const chapter = await caller.chapters.upload({ bookId: book.id, content: "# One\n\nFirst." });
    const ref = { bookId: book.id, chapterId: chapter.id };

    // `text` is not a field: before, it was dropped and the old text saved again as version 2.
    // (zod also reports the missing title/content, as REST's PATCH body does.)
    expect(await problemsOf(caller.chapters.save({ ...ref, version: 1, text: "Lost?" } as never))).toEqual(
      expect.arrayContaining([{ path: "(body)", message: expect.stringContaining('"text"'), code: "unrecognized_keys", keys: ["text"] }]),
    );
    const upload = caller.chapters.upload({ bookId: book.id, content: "Two.", chapterId: chapter.id } as never);
    expect(await failureOf(upload)).toEqual({ code: "UNPROCESSABLE_CONTENT", error: "validation_failed" });

    expect(await caller.chapters.get(ref)).toMatchObject({ content: "# One\n\nFirst.", version: 1 });
    expect((await caller.chapters.list({ bookId: book.id })).items).toHaveLength(1);
    expect((await caller.chapters.revisions(ref)).items).toHaveLength(1);
  });

  it("refuses a save naming neither title nor content", async () => {
    const { caller } = await callerFor("finn");
    const book = await caller.books.create({ title: "Empty save", type: "novel", description: "" });
    const chapter = await caller.chapters.upload({ bookId: book.id, content: "Kept." });
    expect(await problemsOf(caller.chapters.save({ bookId: book.id, chapterId: chapter.id, version: 1 }))).toEqual([
      { path: "(body)", message: "name a title or content to save", code: "custom", key: "nothingToChange" },
    ]);
    expect(await caller.chapters.get({ bookId: book.id, chapterId: chapter.id })).toMatchObject({ content: "Kept.", version: 1 });
  });

  it("takes a derived procedure's query flags as JSON booleans and keeps its body's own checks (decision 0463)", async () => {
    const { caller } = await callerFor("derived");
    const book = await caller.books.create({ title: "Flags", type: "novel", description: "" });
    const chapter = await caller.chapters.upload({ bookId: book.id, content: "Some words." });
    // REST's ?permanent=true is a boolean here, and its text is refused as REST refuses a boolean body.
    expect(await problemsOf(caller.chapters.delete({ bookId: book.id, chapterId: chapter.id, permanent: "true" as unknown as boolean }))).toEqual([
      { path: "permanent", message: expect.any(String), code: "invalid_type", expected: "boolean" },
    ]);
    expect(await caller.chapters.delete({ bookId: book.id, chapterId: chapter.id, permanent: true })).toEqual({ deleted: true });
    expect(await failureOf(caller.chapters.get({ bookId: book.id, chapterId: chapter.id }))).toEqual({ code: "NOT_FOUND", error: "not_found" }); // gone for good, not chapter_in_trash
    // PATCH …/release must name releaseDate, releaseTime or released, over tRPC too.
    const next = await caller.chapters.upload({ bookId: book.id, content: "More words." });
    expect(await problemsOf(caller.releases.setChapter({ bookId: book.id, chapterId: next.id }))).toEqual([{ path: "(body)", message: "name releaseDate, releaseTime or released", code: "custom", key: "nothingToChange" }]);
  });

  it("sorts books.list ascending when only sortBy is given, as REST does", async () => {
    const { caller } = await callerFor("gus");
    for (const title of ["Middle", "Zebra", "Apple"]) {
      await caller.books.create({ title });
      // Apart by a clock tick: ids are random UUIDs now, so a tie in updatedAt has no creation order.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect((await caller.books.list({ sortBy: "title" })).items.map((b) => b.title)).toEqual(["Apple", "Middle", "Zebra"]);
    expect((await caller.books.list({ sortBy: "title", order: "desc" })).items.map((b) => b.title)).toEqual(["Zebra", "Middle", "Apple"]);
    // Without sortBy, the collection's default: most recently changed first.
    expect((await caller.books.list()).items.map((b) => b.title)).toEqual(["Apple", "Zebra", "Middle"]);
  });

  it("pages books.list as REST does: 20 a page by default, at most 100, the total, and REST's filters", async () => {
    const { caller } = await callerFor("iris");
    for (let i = 1; i <= 22; i++) await caller.books.create({ title: `Book ${String(i).padStart(2, "0")}`, type: i % 2 ? "novel" : "memoir" });
    const first = await caller.books.list();
    expect({ ...first, items: first.items.length }).toEqual({ items: 20, total: 22, page: 1, perPage: 20 });
    const second = await caller.books.list({ page: 2, sortBy: "title" });
    expect(second).toMatchObject({ total: 22, page: 2, perPage: 20 });
    expect(second.items.map((b) => b.title)).toEqual(["Book 21", "Book 22"]);
    expect(await failureOf(caller.books.list({ perPage: 101 }))).toEqual({ code: "UNPROCESSABLE_CONTENT", error: "validation_failed" });

    const memoirs = await caller.books.list({ type: "memoir", perPage: 100 });
    expect(memoirs.total).toBe(11);
    expect(new Set(memoirs.items.map((b) => b.type))).toEqual(new Set(["memoir"]));
    const trashed = memoirs.items[0]!;
    await caller.books.delete({ bookId: trashed.id });
    // A filter REST reads as "true" from a query string is a boolean in JSON.
    expect((await caller.books.list({ deleted: true })).items.map((b) => b.id)).toEqual([trashed.id]);
    expect((await caller.books.list({ status: "drafting", language: "en", perPage: 100 })).total).toBe(21);
    expect(await failureOf(caller.books.list({ deleted: "true" } as never))).toEqual({ code: "UNPROCESSABLE_CONTENT", error: "validation_failed" });
  });

  it("refuses an unknown key on books.list and on the book procedures", async () => {
    const { caller } = await callerFor("hana");
    const book = await caller.books.create({ title: "Keys" });
    expect(await failureOf(caller.books.list({ sortby: "title" } as never))).toEqual({
      code: "UNPROCESSABLE_CONTENT",
      error: "validation_failed",
    });
    expect(await failureOf(caller.books.get({ bookId: book.id, id: book.id } as never))).toEqual({
      code: "UNPROCESSABLE_CONTENT",
      error: "validation_failed",
    });
    expect(await failureOf(caller.books.delete({ bookId: book.id, forever: true } as never))).toEqual({
      code: "UNPROCESSABLE_CONTENT",
      error: "validation_failed",
    });
    expect((await caller.books.list()).items.map((b) => b.id)).toEqual([book.id]);
  });

  it("keeps a failed output validation a logged 500 with no internals, not a 422", async () => {
    // No real procedure returns what its .output() refuses, so a procedure built on the same
    // base (and so the same error mapping and formatter) returns a deliberately broken value.
    const principal = await newWriter("ivy");
    const broken = router({
      wrong: operationProcedure("books.list").output(z.object({ count: z.int() })).query(() => ({ count: "many" }) as unknown as { count: number }),
      echo: operationProcedure("books.list").input(z.strictObject({ n: z.int() })).query(({ input }) => input),
    });
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      const call = (path: string) =>
        fetchRequestHandler({
          endpoint: "/api/trpc",
          req: new Request(`http://localhost/api/trpc/${path}`),
          router: broken,
          createContext: () => createContextInner({ principal }),
        });

      const response = await call("wrong");
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: { message: string; data: Record<string, unknown> } };
      expect(body.error.message).toBe("Something went wrong on our side.");
      expect(body.error.data).toMatchObject({ code: "INTERNAL_SERVER_ERROR", httpStatus: 500, error: null, details: null });
      expect(JSON.stringify(body)).not.toContain("count");
      expect(logged).toHaveBeenCalledWith({ err: expect.any(z.ZodError) }, "a procedure failed on the server");

      // The same ZodError from input parsing is the caller's: 422 with the field named.
      logged.mockClear();
      const refused = await call(`echo?input=${encodeURIComponent(JSON.stringify({ n: "x" }))}`);
      expect(refused.status).toBe(422);
      const refusedBody = (await refused.json()) as { error: { data: Record<string, unknown> } };
      expect(refusedBody.error.data).toMatchObject({ code: "UNPROCESSABLE_CONTENT", error: "validation_failed", details: [{ path: "n" }] });
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });
});
