// Issue 36 item 1 (decision 0487): `inkstone share` as a child process: the owner invites with a
// link and lists and withdraws invitations; the invited person accepts with the link and finds the
// book with the role; a used or withdrawn link is refused in one line.
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let owner: { home: string; email: string };
let guest: { home: string; email: string };

beforeAll(async () => {
  [owner, guest] = await Promise.all([loggedIn("share-owner"), loggedIn("share-guest")]);
});

describe("inkstone share", () => {
  it("invites with a link the guest accepts once, and lists only what is pending", async () => {
    const book = json(await inkstone(owner.home, ["books", "create", "--title", "Open Door", "--json"]));
    const printed = ok(await inkstone(owner.home, ["share", "invite", book.id, "--role", "viewer", "--days", "3"]));
    const link = /^(http\S+\/invite\/[\w-]+)$/m.exec(printed)?.[1];
    expect(link, printed).toBeDefined();
    expect(printed).toContain("No e-mail was sent");

    const listed = ok(await inkstone(owner.home, ["share", "list", book.id]));
    expect(listed).toMatch(/\(link\)\s+viewer/);

    expect(ok(await inkstone(guest.home, ["share", "accept", link!]))).toBe(`You joined “Open Door” (${book.id}) as viewer.\n`);
    const shared = json(await inkstone(guest.home, ["books", "list", "--access", "shared", "--json"])).items;
    expect(shared.map((b: { id: string; role: string }) => [b.id, b.role])).toEqual([[book.id, "viewer"]]);
    expect(json(await inkstone(owner.home, ["share", "list", book.id, "--json"]))).toEqual([]);
    expect(fails(await inkstone(guest.home, ["share", "accept", link!]))).toMatch(/^inkstone: This invitation was already accepted.*\(410 invitation_gone\)$/);
  });

  it("withdraws an e-mail invitation, whose link is then refused; a bad --days is refused before sending", async () => {
    const book = json(await inkstone(owner.home, ["books", "create", "--title", "Closed Door", "--json"]));
    const created = json(await inkstone(owner.home, ["share", "invite", book.id, "--role", "editor", "--email", guest.email, "--json"]));
    expect(created).toMatchObject({ email: guest.email, role: "editor", emailed: false });
    expect(ok(await inkstone(owner.home, ["share", "withdraw", book.id, created.id]))).toBe("Withdrawn.\n");
    expect(fails(await inkstone(guest.home, ["share", "accept", created.secret]))).toBe("inkstone: This invitation was withdrawn by the book's owner. (410 invitation_gone)");
    expect(fails(await inkstone(owner.home, ["share", "invite", book.id, "--role", "editor", "--days", "31"]))).toBe("inkstone: --days must be a whole number from 1 to 30");
  });
});
