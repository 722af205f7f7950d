import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { createContextInner } from "@/server/trpc/context";
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

describe("tRPC procedures call the same use cases", () => {
  it("creates, lists, uploads and saves", async () => {
    const { caller } = await callerFor("ada");
    const book = await caller.books.create({ title: "Winter", type: "novel", description: "Cold." });
    expect(book).toMatchObject({ id: expect.any(String), title: "Winter", type: "novel", description: "Cold." });
    expect((await caller.books.list()).map((b) => b.id)).toEqual([book.id]);

    const chapter = await caller.chapters.upload({ bookId: book.id, content: "# Frost\n\nIt was cold." });
    expect(chapter).toMatchObject({ title: "Frost", version: 1, position: 1 });
    const saved = await caller.chapters.save({ bookId: book.id, chapterId: chapter.id, version: 1, content: "Colder." });
    expect(saved.version).toBe(2);
    expect(await caller.chapters.revisions({ bookId: book.id, chapterId: chapter.id })).toHaveLength(2);
    expect((await caller.books.get({ id: book.id })).wordCount).toBe(1);
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
    expect(await failureOf(other.books.get({ id: book.id }))).toEqual({ code: "FORBIDDEN", error: "forbidden" });
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
    expect(((error as TRPCError).cause as AppError).details).toEqual([{ path: "title", message: "a book needs a title" }]);
    expect(await caller.books.list()).toEqual([]);
  });
});
