import { expect, it } from "vitest";
import { createBook } from "@/server/books/create-book";
import { db } from "@/server/db";
import { POSTGRES } from "../support/database";
import { newWriter } from "../support/principals";

const book = { title: "Acknowledged", type: "novel", description: "", language: "en", status: "drafting" as const, targetWordCount: null };

it("keeps a write acknowledged while another request's transaction was open and then rolled back", async () => {
  const writer = await newWriter("ada");
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const inside = new Promise<void>((resolve) => (started = resolve));

  // Request A: a transaction that waits, then fails (as a stale save does).
  const failing = db
    .$transaction(async (tx) => {
      await tx.user.count();
      started();
      await gate;
      throw new Error("request A fails and rolls back");
    })
    .catch(() => "rolled back");

  await inside;
  // Request B: acknowledged while A's transaction is still open.
  const created = createBook(book, writer);
  await new Promise((resolve) => setTimeout(resolve, 50));
  release();
  expect(await failing).toBe("rolled back");
  const acknowledged = await created;

  expect(await db.book.findUnique({ where: { id: acknowledged.id } })).not.toBeNull();
});

// PRAGMAs are SQLite's; PostgreSQL's durability is its server's configuration (docs/operations.md).
it.skipIf(POSTGRES)("runs in WAL mode with synchronous=FULL, so an acknowledged commit is on disk", async () => {
  const [journal] = await db.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
  const [sync] = await db.$queryRawUnsafe<{ synchronous: bigint | number }[]>("PRAGMA synchronous");
  expect(journal?.journal_mode).toBe("wal");
  expect(Number(sync?.synchronous)).toBe(2); // FULL
});
