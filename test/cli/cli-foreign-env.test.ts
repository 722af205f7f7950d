import { beforeAll, describe, expect, it } from "vitest";
import { inkstone, json, loggedIn, ok } from "../support/cli";

/**
 * The CLI is a client (issue 29 item 3): it runs in a shell whose environment belongs to other
 * programs, whose settings share the server's names but not its rules. It bundled the server's
 * configuration once, and then refused to start with "Invalid configuration".
 */
const OTHER_PROGRAMS = {
  DATABASE_URL: "mysql://shop:secret@127.0.0.1:3306/shop",
  AUTH_SECRET: "short",
  PORT: "not-a-port",
};

let home: string;
const run = (args: string[]) => inkstone(home, args, { env: OTHER_PROGRAMS });

beforeAll(async () => {
  ({ home } = await loggedIn("foreign-env"));
});

describe("inkstone beside another program's environment", () => {
  it("prints its version", async () => {
    expect(ok(await run(["--version"]))).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("works against the server: creates, lists and analyses a book", async () => {
    const book = json(await run(["books", "create", "--title", "Beside a Shop", "--json"]));
    expect(json(await run(["books", "list", "--json"])).items.map((b: { id: string }) => b.id)).toContain(book.id);
    expect(json(await run(["whoami", "--json"]))).toHaveProperty("email");
    expect(json(await run(["analysis", "results", "--book", book.id, "--json"])).items).toEqual([]);
  });
});
