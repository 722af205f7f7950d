// The body of bench/roles.mjs, bundled by bench/in-process.mjs and run on a fresh SQLite database.
// What the one policy (issue 31) adds to a request: loadBook reads the book with the caller's
// membership and asks the policy; before, it read the book and compared its owner. Both are
// measured here, interleaved, over a library with many members.
import type { Principal } from "@/server/auth/principal";
import { scopesForRole } from "@/server/auth/scopes";
import { loadBook } from "@/server/books/access";
import { bookColumns } from "@/server/books/schemas";
import { sql } from "@/server/db";
import { AppError } from "@/server/errors";
import { newId } from "@/server/sql/values";

const WRITERS = 300;
const BOOKS_PER_WRITER = 5;
const MEMBERS_PER_BOOK = 4;
const ROLES = ["co_author", "editor", "viewer", "beta_reader"];

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The access check as it stood before members: the book, and its owner compared. */
async function loadBookBefore(principal: Principal, bookId: string) {
  const book = await sql.selectFrom("Book").select(bookColumns).where("id", "=", bookId).executeTakeFirst();
  if (!book) throw new AppError("not_found", "No book has this id.");
  if (book.ownerId !== principal.userId) throw new AppError("forbidden", "This book belongs to another writer.");
  return book;
}

export async function run(calls: number, rounds: number): Promise<Record<string, number>> {
  const now = new Date();
  const users = Array.from({ length: WRITERS }, (_, i) => ({ id: newId(), email: `w${i}@bench.test`, name: `w${i}`, passwordHash: "x", role: "writer", createdAt: now, updatedAt: now }));
  for (let i = 0; i < users.length; i += 100) await sql.insertInto("User").values(users.slice(i, i + 100)).execute();
  const books = users.flatMap((user) => Array.from({ length: BOOKS_PER_WRITER }, (_, k) => ({ id: newId(), ownerId: user.id, title: `Book ${k}`, createdAt: now, updatedAt: now })));
  for (let i = 0; i < books.length; i += 100) await sql.insertInto("Book").values(books.slice(i, i + 100)).execute();
  const members = books.flatMap((book, b) =>
    Array.from({ length: MEMBERS_PER_BOOK }, (_, k) => ({ bookId: book.id, userId: users[(b + 7 * (k + 1)) % users.length]!.id, role: ROLES[k]!, createdAt: now })),
  ).filter((m, i, all) => all.findIndex((o) => o.bookId === m.bookId && o.userId === m.userId) === i && books.find((b) => b.id === m.bookId)!.ownerId !== m.userId);
  for (let i = 0; i < members.length; i += 100) await sql.insertInto("BookMember").values(members.slice(i, i + 100)).execute();

  const principal = (userId: string): Principal => ({ userId, scopes: new Set(scopesForRole("writer")), tokenId: null });
  const owned = books.map((book) => ({ principal: principal(book.ownerId), bookId: book.id }));
  const shared = members.filter((m) => m.role === "viewer").map((m) => ({ principal: principal(m.userId), bookId: m.bookId }));
  const pick = <T>(list: T[], i: number) => list[(i * 7919) % list.length]!;

  const measure = async (work: (i: number) => Promise<unknown>) => {
    const start = cpuMs();
    for (let i = 0; i < calls; i++) await work(i);
    return ((cpuMs() - start) / calls) * 1000;
  };
  const before = [];
  const owner = [];
  const member = [];
  for (let round = 0; round < rounds + 1; round++) {
    const b = await measure((i) => loadBookBefore(pick(owned, i).principal, pick(owned, i).bookId));
    const o = await measure((i) => loadBook(pick(owned, i).principal, pick(owned, i).bookId, "books.get"));
    const m = await measure((i) => loadBook(pick(shared, i).principal, pick(shared, i).bookId, "books.get"));
    // the first round warms the JIT and the statement caches
    if (round === 0) continue;
    before.push(b);
    owner.push(o);
    member.push(m);
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  return { beforeUs: median(before), ownerUs: median(owner), memberUs: median(member), books: books.length, members: members.length, users: users.length };
}
