// Issue 34 item 6 (decision 0483): `inkstone users` for the server's admin and `inkstone account`
// for a writer, as child processes against the running server.
import { inject, beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, newHome, ok } from "../support/cli";

let admin: string;

beforeAll(async () => {
  const { email, password } = inject("admin");
  admin = newHome();
  ok(await inkstone(admin, ["login", "--url", inject("baseUrl"), "--email", email, "--password-stdin"], { input: `${password}\n` }));
});

describe("inkstone users", () => {
  it("lists, disables, enables and resets an account by its e-mail; a writer may not", async () => {
    const writer = await loggedIn("cli-managed");
    const listed = json(await inkstone(admin, ["users", "list", "--role", "writer", "--all", "--json"])).items;
    expect(listed).toContainEqual(expect.objectContaining({ email: writer.email, role: "writer", disabledAt: null }));
    expect(fails(await inkstone(writer.home, ["users", "list"]))).toMatch(/missing scope: admin/);

    expect(ok(await inkstone(admin, ["users", "disable", writer.email]))).toBe(`${writer.email} is disabled.\n`);
    expect(fails(await inkstone(writer.home, ["books", "list"]), 4)).toMatch(/^inkstone: not logged in/);
    expect(ok(await inkstone(admin, ["users", "enable", writer.email]))).toBe(`${writer.email} is enabled.\n`);

    const reset = json(await inkstone(admin, ["users", "reset-password", writer.email, "--json"]));
    expect(reset).toEqual({ temporaryPassword: expect.any(String), revokedTokens: 0, endedSessions: 0 });
    ok(await inkstone(writer.home, ["login", "--email", writer.email, "--password-stdin"], { input: `${reset.temporaryPassword}\n` }));
    expect(ok(await inkstone(writer.home, ["account", "password", "--password-stdin"], { input: `${reset.temporaryPassword}\na password of my own\n` }))).toBe(
      "Password changed; 0 other sign-ins ended. This login stays.\n",
    );
    ok(await inkstone(writer.home, ["books", "list"]));
    expect(fails(await inkstone(writer.home, ["account", "password", "--password-stdin"], { input: "wrong\nanother new password\n" }))).toBe(
      "inkstone: invalid input: currentPassword: is not your password",
    );
    expect(json(await inkstone(admin, ["users", "sign-out", writer.email, "--json"]))).toEqual({ revokedTokens: 1, endedSessions: 0 });
  });

  it("deletes an account only with --yes; a writer leaves with account delete once their shared book has another owner", async () => {
    const [leaving, heir] = await Promise.all([loggedIn("cli-leaving"), loggedIn("cli-heir")]);
    const book = json(await inkstone(leaving.home, ["books", "create", "--title", "Handed on", "--json"]));
    json(await inkstone(leaving.home, ["members", "add", book.id, heir.email, "--role", "co_author", "--json"]));
    expect(fails(await inkstone(leaving.home, ["account", "delete", "--password-stdin"], { input: `${leaving.password}\n` }))).toMatch(/add --yes/);
    expect(fails(await inkstone(leaving.home, ["account", "delete", "--yes", "--password-stdin"], { input: `${leaving.password}\n` }))).toMatch(/409 owns_shared_books/);

    expect(ok(await inkstone(leaving.home, ["members", "role", book.id, heir.email, "--role", "owner"]))).toBe(`${heir.email} is now owner.\n`);
    expect(ok(await inkstone(leaving.home, ["account", "delete", "--yes", "--password-stdin"], { input: `${leaving.password}\n` }))).toBe(
      "Your account and everything it owned are deleted; this profile is logged out.\n",
    );
    expect(fails(await inkstone(admin, ["users", "show", leaving.email]))).toBe(`inkstone: no account has the e-mail ${leaving.email}; inkstone users list shows them`);
    expect(json(await inkstone(heir.home, ["books", "show", book.id, "--json"]))).toMatchObject({ id: book.id, role: "owner" });

    expect(fails(await inkstone(admin, ["users", "delete", heir.email]))).toMatch(/add --yes/);
    expect(ok(await inkstone(admin, ["users", "delete", heir.email, "--yes"]))).toBe(`Deleted ${heir.email} and everything it owned.\n`);
  });
});
