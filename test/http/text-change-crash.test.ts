// @module-tag postgres
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { call, expectSuccess } from "../support/http-client";
import { PASSWORD } from "../support/http-users";
import { kyselyFor, POSTGRES } from "../support/database";
import { startServer, type RunningServer } from "../support/server";

// Issue 31 item 2 (decision 0460): a text change and its outbox rows commit together, and the
// outbox's work (the bible's mentions; on SQLite the search index) is done after it. A process
// killed between the two loses none of that work: the next process to start does it.
const servers: RunningServer[] = [];
afterAll(() => servers.forEach((server) => server.stop()));

async function dead(pid: number): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
  throw new Error(`process ${pid} is still running`);
}

async function eventually<T>(check: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("a server killed between a text change and its outbox work", () => {
  it("leaves the work in the outbox, and the next start does it: mentions and search index follow every path", async () => {
    // This process does no outbox work: each change's rows stay as a crash right after its commit
    // would leave them, whatever the timing.
    const first = await startServer({ INKSTONE_OUTBOX_DRAIN: "0" });
    servers.push(first);
    const on = (server: RunningServer, method: string, path: string, token: string | null, json?: unknown) =>
      call(method, path, { baseUrl: server.baseUrl, token, json });
    const account = { email: `text-crash-${Date.now()}@example.test`, password: PASSWORD };
    const user = expectSuccess(await on(first, "POST", "/api/v1/users", null, account), 201);
    const { access_token: token } = expectSuccess(await on(first, "POST", "/auth/login", null, account), 200);
    const book = expectSuccess(await on(first, "POST", "/api/v1/books", token, { title: "Crash", type: "novel", description: "" }), 201);
    const lyra = expectSuccess(await on(first, "POST", `/api/v1/books/${book.id}/bible/entries`, token, { name: "Lyra", kind: "character" }), 201);
    const chapters = `/api/v1/books/${book.id}/chapters`;

    // An upload, a save, and a book-wide replace: each a text change of its own path.
    const uploaded = expectSuccess(await on(first, "POST", chapters, token, { title: "One", content: "Lyra saw a heron." }), 201);
    const other = expectSuccess(await on(first, "POST", chapters, token, { title: "Two", content: "Nobody was there." }), 201);
    expectSuccess(await on(first, "PUT", `${chapters}/${other.id}`, token, { title: "Two", content: "Lyra came back at dawn.", version: 1 }), 201);
    const replaced = expectSuccess(
      await on(first, "POST", `/api/v1/books/${book.id}/replace`, token, { query: "heron", replacement: "kingfisher", chapters: [{ chapterId: uploaded.id, version: 1, skip: [] }] }),
      201,
    );
    expect(replaced.chapters).toEqual([{ chapterId: uploaded.id, version: 2, replaced: 1 }]);

    const db = kyselyFor(first.databaseUrl, first.dataDir);
    try {
      const ids = [uploaded.id, other.id];
      const waiting = (topic: string) => db.selectFrom("Outbox").select("subjectId").distinct().where("topic", "=", topic).where("subjectId", "in", ids).execute();
      const scans = () => db.selectFrom("BibleMentionScan").select(["chapterId", "chapterVersion"]).where("chapterId", "in", ids).orderBy("chapterId").execute();
      const mentions = () => db.selectFrom("BibleMention").select("chapterId").where("entryId", "=", lyra.id).execute();
      expect((await waiting("chapter-mentions")).map((row) => row.subjectId).sort()).toEqual([...ids].sort());
      expect(await mentions()).toEqual([]);
      if (!POSTGRES) expect((await waiting("chapter-search")).map((row) => row.subjectId).sort()).toEqual([...ids].sort());
      // Each revision names who wrote it.
      const authors = await db.selectFrom("ChapterRevision").select("authorId").distinct().where("chapterId", "in", ids).execute();
      expect(authors).toEqual([{ authorId: user.id }]);

      first.stop("SIGKILL");
      await dead(first.pid);
      const second = await startServer({}, first);
      servers.push(second);

      const left = await eventually(
        async () => [...(await waiting("chapter-mentions")), ...(await waiting("chapter-search"))],
        (rows) => rows.length === 0,
      );
      expect(left).toEqual([]);
      expect(await scans()).toEqual(
        [
          { chapterId: uploaded.id, chapterVersion: 2 },
          { chapterId: other.id, chapterVersion: 2 },
        ].sort((a, b) => a.chapterId.localeCompare(b.chapterId)),
      );
      expect((await mentions()).map((row) => row.chapterId).sort()).toEqual([...ids].sort());
      if (!POSTGRES) {
        // The index's own table, outside the schema Prisma keeps (migration 20261205120000).
        const { rows: parts } = await sql<{ chapterId: string; version: number }>`SELECT DISTINCT "chapterId", "version" FROM "ChapterSearchPart" WHERE "chapterId" IN (${sql.join(ids)})`.execute(db);
        expect(parts.sort((a, b) => a.chapterId.localeCompare(b.chapterId))).toEqual(
          [
            { chapterId: uploaded.id, version: 2 },
            { chapterId: other.id, version: 2 },
          ].sort((a, b) => a.chapterId.localeCompare(b.chapterId)),
        );
      }
      const found = expectSuccess(await on(second, "GET", "/api/v1/search?query=kingfisher", token), 200);
      expect(found.items.map((hit: { chapterId: string }) => hit.chapterId)).toEqual([uploaded.id]);
    } finally {
      await db.destroy();
    }
  }, 180_000);
});
