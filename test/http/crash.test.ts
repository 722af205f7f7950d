// @module-tag postgres
import { afterAll, describe, expect, it } from "vitest";
import { call, expectSuccess } from "../support/http-client";
import { PASSWORD } from "../support/http-users";
import { startServer, type RunningServer } from "../support/server";

// A save is acknowledged only once it is on disk: killing the server in the middle of a stream of
// saves may lose the saves in flight, never one that was answered 201.
const servers: RunningServer[] = [];
afterAll(() => servers.forEach((server) => server.stop()));

describe("a server killed in the middle of saves", () => {
  it("comes back with every save it acknowledged", async () => {
    const first = await startServer();
    servers.push(first);
    const on = (server: RunningServer, method: string, path: string, token: string | null, json?: unknown) =>
      call(method, path, { baseUrl: server.baseUrl, token, json });
    const account = { email: `crash-${Date.now()}@example.test`, password: PASSWORD };
    expectSuccess(await on(first, "POST", "/api/v1/users", null, account), 201);
    const { access_token: token } = expectSuccess(await on(first, "POST", "/auth/login", null, account), 200);
    const book = expectSuccess(await on(first, "POST", "/api/v1/books", token, { title: "Crash", type: "novel", description: "" }), 201);
    const chapters = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (n) => expectSuccess(await on(first, "POST", `/api/v1/books/${book.id}/chapters`, token, { title: `C${n}`, content: "draft" }), 201)),
    );

    const acknowledged = new Map<string, { version: number; content: string }>();
    let killed = false;
    const writer = async (chapterId: string) => {
      for (let version = 1; !killed; version++) {
        const content = `${chapterId} saved over version ${version}. `.repeat(50);
        const answer = await on(first, "PUT", `/api/v1/books/${book.id}/chapters/${chapterId}`, token, { title: "C", content, version }).catch(() => null);
        if (answer?.status !== 201) return;
        acknowledged.set(chapterId, { version: answer.body.data.version, content });
      }
    };
    const writing = chapters.map((chapter) => writer(chapter.id));
    while ([...acknowledged.values()].reduce((sum, saved) => sum + saved.version, 0) < 120) await new Promise((r) => setTimeout(r, 20));
    first.stop("SIGKILL");
    killed = true;
    await Promise.all(writing);

    const second = await startServer({}, first);
    servers.push(second);
    for (const [chapterId, saved] of acknowledged) {
      const path = `/api/v1/books/${book.id}/chapters/${chapterId}`;
      const chapter = expectSuccess(await on(second, "GET", path, token), 200);
      expect(chapter.version).toBeGreaterThanOrEqual(saved.version);
      const revision = expectSuccess(await on(second, "GET", `${path}/revisions/${saved.version}`, token), 200);
      expect(revision.content).toBe(saved.content);
    }
    const totals = expectSuccess(await on(second, "GET", `/api/v1/books/${book.id}`, token), 200);
    const chapterList = expectSuccess(await on(second, "GET", `/api/v1/books/${book.id}/chapters`, token), 200);
    expect(totals.wordCount).toBe(chapterList.reduce((sum: number, c: { wordCount: number }) => sum + c.wordCount, 0));
  }, 120_000);
});
