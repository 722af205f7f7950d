// Issue 31 item 1: `inkstone members` as a child process: the owner adds, re-roles and removes;
// a member sees the shared book with their role; a refused write is one line and exit 1.
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let owner: { home: string; email: string };
let member: { home: string; email: string };

beforeAll(async () => {
  [owner, member] = await Promise.all([loggedIn("members-owner"), loggedIn("members-member")]);
});

describe("inkstone members", () => {
  it("adds a member, who finds the shared book with their role; re-roles and removes them", async () => {
    const book = json(await inkstone(owner.home, ["books", "create", "--title", "Shared Tide", "--json"]));
    const added = json(await inkstone(owner.home, ["members", "add", book.id, member.email, "--role", "editor", "--json"]));
    expect(added).toMatchObject({ email: member.email, role: "editor" });
    const table = ok(await inkstone(owner.home, ["members", "list", book.id]));
    expect(table).toMatch(new RegExp(`${owner.email}.*owner`));
    expect(table).toMatch(new RegExp(`${member.email}.*editor`));

    const shared = json(await inkstone(member.home, ["books", "list", "--access", "shared", "--json"])).items;
    expect(shared.map((b: { id: string; role: string }) => [b.id, b.role])).toEqual([[book.id, "editor"]]);
    expect(fails(await inkstone(member.home, ["books", "update", book.id, "--title", "Mine now"]))).toBe("inkstone: As this book's editor you may not change it. (403 forbidden)");

    expect(ok(await inkstone(owner.home, ["members", "role", book.id, member.email, "--role", "co_author"]))).toBe(`${member.email} is now co_author.\n`);
    json(await inkstone(member.home, ["books", "update", book.id, "--title", "Co-written Tide", "--json"]));

    expect(ok(await inkstone(owner.home, ["members", "remove", book.id, member.email]))).toBe(`Removed ${member.email}.\n`);
    expect(fails(await inkstone(member.home, ["books", "show", book.id]))).toBe("inkstone: This book belongs to another writer. (403 forbidden)");
  });

  it("refuses a role that does not exist, an unknown e-mail and the owner's own place, in one line", async () => {
    const book = json(await inkstone(owner.home, ["books", "create", "--title", "Guarded", "--json"]));
    expect(fails(await inkstone(owner.home, ["members", "add", book.id, member.email, "--role", "owner"]), 1)).toMatch(/argument 'owner' is invalid|Allowed choices/);
    expect(fails(await inkstone(owner.home, ["members", "add", book.id, "nobody@example.test", "--role", "viewer"]))).toBe(
      "inkstone: invalid input: email: No account has this e-mail: ask them to sign up first.",
    );
    expect(fails(await inkstone(owner.home, ["members", "remove", book.id, owner.email]))).toBe("inkstone: The owner's place cannot be removed: a book always has its owner. (409 owner_not_member)");
  });

  it("says who did what: each person's words and comments, and who last wrote each chapter", async () => {
    const book = json(await inkstone(owner.home, ["books", "create", "--title", "Two Hands", "--json"]));
    json(await inkstone(owner.home, ["members", "add", book.id, member.email, "--role", "co_author", "--json"]));
    const chapter = json(await inkstone(member.home, ["chapters", "upload", book.id, "--title", "One", "--json"], { input: "Four words right here." }));

    const people = ok(await inkstone(owner.home, ["members", "activity", book.id, "--days", "7"]));
    // piped, a table is tab-separated rows: name, role, written, removed, imported, restored, comments, suggested, accepted, last wrote
    expect(people).toMatch(/^members-owner\towner\t0\t0\t0\t0\t0\t0\t0\t\n/);
    expect(people).toMatch(/\nmembers-member\tco_author\t0\t0\t4\t0\t0\t0\t0\t\d{4}-\d{2}-\d{2}\n$/);
    const hands = ok(await inkstone(owner.home, ["members", "activity", book.id, "--chapters"]));
    expect(hands).toMatch(new RegExp(`^${chapter.id}\\t1\\tmembers-member\\t`));
    expect(json(await inkstone(owner.home, ["members", "activity", book.id, "--json"])).chapters).toEqual([expect.objectContaining({ chapterId: chapter.id })]);
    expect(fails(await inkstone(owner.home, ["members", "activity", book.id, "--days", "0"]))).toMatch(/^inkstone: invalid input: days: /);
  });
});
