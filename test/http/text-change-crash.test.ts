// @module-tag postgres
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { call, expectSuccess } from "../support/http-client";
import { PASSWORD } from "../support/http-users";
import { kyselyFor, POSTGRES } from "../support/database";
import { startServer, type RunningServer } from "../support/server";

// Issue 31 item 2 (decision 0460): a text change and its outbox rows commit together, and the
// outbox's work (the bible's mentions; on SQLite the search index) is done after it. A process
// killed between the two loses none of that work: the next process to start does it — the
// webhooks' chapter.saved included (issue 33 item 9, decision 0474).
const servers: RunningServer[] = [];
const receivers: Server[] = [];
afterAll(() => {
  servers.forEach((server) => server.stop());
  receivers.forEach((receiver) => receiver.close());
});

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
    // A receiver of chapter.saved: it hears of each chapter once the second process has started.
    const heard = new Map<string, number>();
    let allHeard!: () => void;
    const everyChapterHeard = new Promise<void>((resolve) => (allHeard = resolve));
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type: string; data: { chapter: { id: string; version: number } } };
        heard.set(event.data.chapter.id, event.data.chapter.version);
        if (heard.size === 4) allHeard();
        response.writeHead(200).end();
      });
    });
    receivers.push(receiver);
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/saved`;
    expectSuccess(await on(first, "POST", "/api/v1/webhooks", token, { url: hookUrl, events: ["chapter.saved"] }), 201);
    const book = expectSuccess(await on(first, "POST", "/api/v1/books", token, { title: "Crash", type: "novel", description: "" }), 201);
    const lyra = expectSuccess(await on(first, "POST", `/api/v1/books/${book.id}/bible/entries`, token, { name: "Lyra", kind: "character" }), 201);
    const chapters = `/api/v1/books/${book.id}/chapters`;

    // Every path of a text change: uploads, saves, a restore, a book-wide replace, its undo, an import.
    const upload = async (title: string, content: string) => expectSuccess(await on(first, "POST", chapters, token, { title, content }), 201);
    const replace = async (query: string, replacement: string, chapterId: string, version: number) =>
      expectSuccess(await on(first, "POST", `/api/v1/books/${book.id}/replace`, token, { query, replacement, chapters: [{ chapterId, version, skip: [] }] }), 201);
    const a = await upload("One", "Lyra saw a heron.");
    await replace("heron", "kingfisher", a.id, 1);
    const b = await upload("Two", "Nobody was there.");
    expectSuccess(await on(first, "PUT", `${chapters}/${b.id}`, token, { title: "Two", content: "Lyra came back at dawn.", version: 1 }), 201);
    expectSuccess(await on(first, "PUT", `${chapters}/${b.id}`, token, { title: "Two", content: "Nobody came.", version: 2 }), 201);
    expectSuccess(await on(first, "POST", `${chapters}/${b.id}/restorations`, token, { revision: 2, version: 3 }), 201);
    const d = await upload("Four", "A heron and Lyra.");
    const replaced = await replace("heron", "crane", d.id, 1);
    expectSuccess(await on(first, "POST", `/api/v1/books/${book.id}/change-sets/${replaced.changeSetId}/undo`, token), 201);
    const form = new FormData();
    form.set("file", new Blob(["# Three\n\nLyra slept by the kingfisher.\n"], { type: "text/markdown" }), "three.md");
    const imported = expectSuccess(await call("POST", `/api/v1/books/${book.id}/import`, { baseUrl: first.baseUrl, token, body: form }), 201);
    const c = { id: imported.chapters[0].id as string };
    const byId = (x: { chapterId: string }, y: { chapterId: string }) => x.chapterId.localeCompare(y.chapterId);
    const final = [
      { chapterId: a.id, version: 2 },
      { chapterId: b.id, version: 4 },
      { chapterId: c.id, version: 1 },
      { chapterId: d.id, version: 3 },
    ].sort(byId);

    const db = kyselyFor(first.databaseUrl, first.dataDir);
    try {
      const ids = final.map((f) => f.chapterId);
      const waiting = async (topic: string) =>
        (await db.selectFrom("Outbox").select("subjectId").distinct().where("topic", "=", topic).where("subjectId", "in", ids).execute()).map((row) => row.subjectId).sort();
      const scans = async () =>
        (await db.selectFrom("BibleMentionScan").select(["chapterId", "chapterVersion as version"]).where("chapterId", "in", ids).execute()).sort(byId);
      const mentions = async () => (await db.selectFrom("BibleMention").select("chapterId").where("entryId", "=", lyra.id).execute()).map((row) => row.chapterId).sort();
      expect(await waiting("chapter-mentions")).toEqual(ids);
      expect(await mentions()).toEqual([]);
      if (!POSTGRES) expect(await waiting("chapter-search")).toEqual(ids);
      expect(await waiting("chapter-webhooks")).toEqual(ids);
      expect(heard.size).toBe(0);
      // Each revision names who wrote it.
      const authors = await db.selectFrom("ChapterRevision").select("authorId").distinct().where("chapterId", "in", ids).execute();
      expect(authors).toEqual([{ authorId: user.id }]);

      first.stop("SIGKILL");
      await dead(first.pid);
      // No rest before chapter.saved, so that the event follows the start at once.
      const second = await startServer({ INKSTONE_WEBHOOKS_CHAPTER_QUIET_SECONDS: "0" }, first);
      servers.push(second);

      const left = await eventually(
        async () => [...(await waiting("chapter-mentions")), ...(await waiting("chapter-search"))],
        (rows) => rows.length === 0,
      );
      expect(left).toEqual([]);
      expect(await scans()).toEqual(final);
      expect(await mentions()).toEqual(ids);
      if (!POSTGRES) {
        // The index's own table, outside the schema Prisma keeps (migration 20261205120000).
        const { rows: parts } = await sql<{ chapterId: string; version: number }>`SELECT DISTINCT "chapterId", "version" FROM "ChapterSearchPart" WHERE "chapterId" IN (${sql.join(ids)})`.execute(db);
        expect(parts.sort(byId)).toEqual(final);
      }
      const found = expectSuccess(await on(second, "GET", "/api/v1/search?query=kingfisher", token), 200);
      expect(found.map((hit: { chapterId: string }) => hit.chapterId).sort()).toEqual([a.id, c.id].sort());
      // Each chapter's saves before the crash are one chapter.saved, for the version it reached.
      await everyChapterHeard;
      expect([...heard].map(([chapterId, version]) => ({ chapterId, version })).sort(byId)).toEqual(final);
    } finally {
      await db.destroy();
    }
  }, 180_000);
});
