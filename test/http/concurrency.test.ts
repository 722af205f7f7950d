// @module-tag postgres
import { beforeAll, describe, expect, it } from "vitest";
import { expectFailure, expectSuccess, get, post, put } from "../support/http-client";
import { createBook, uploadChapter } from "../support/http-books";
import { login, PASSWORD, signUp, uniqueEmail, type Account } from "../support/http-users";

// Requests that race each other: whatever the timing, no acknowledged word is lost and the
// answers stay in the contract (never a 500).
let writer: Account;
beforeAll(async () => {
  writer = await signUp("concurrency");
});

describe("racing requests", () => {
  it("five saves against the same version: exactly one wins, the others get 409 and lose nothing", async () => {
    const book = await createBook(writer.token);
    const chapter = await uploadChapter(writer.token, book.id, "start", "Race");
    const path = `/api/v1/books/${book.id}/chapters/${chapter.id}`;
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => put(path, writer.token, { title: "Race", content: `writer ${n}`, version: 1 })));
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 201)) expectFailure(lost, 409, "version_conflict");
    const saved = expectSuccess(await get(path, writer.token), 200);
    expect(saved).toMatchObject({ version: 2, content: won[0]!.body.data.content });
    const revisions = await get(`${path}/revisions`, writer.token);
    expect(revisions.headers.get("x-total-count")).toBe("2");
  });

  it("five uploads at once get positions 1–5 and the book counts them all", async () => {
    const book = await createBook(writer.token);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => post(`/api/v1/books/${book.id}/chapters`, writer.token, { content: `words ${n}`, title: `C${n}` })));
    for (const answer of answers) expectSuccess(answer, 201);
    const listed = expectSuccess(await get(`/api/v1/books/${book.id}/chapters`, writer.token), 200);
    expect(listed.map((c: { position: number }) => c.position).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200)).toMatchObject({ chapterCount: 5, wordCount: 10 });
  });

  it("two sign-ups with one e-mail at once: one 201, one 409 email_taken (never 500)", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all([1, 2].map(() => post("/api/v1/users", null, { email, password: PASSWORD })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expectFailure(answers.find((a) => a.status === 409)!, 409, "email_taken");
  });

  it("two refreshes of one refresh token at once: one pair, and the other is refused as a reuse (never 500)", async () => {
    const pair = await login(writer.email, PASSWORD);
    const answers = await Promise.all([1, 2].map(() => post("/auth/refresh", null, { refresh_token: pair.refresh_token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    expectFailure(answers.find((a) => a.status === 401)!, 401, "refresh_token_reused");
  });
});
