import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { buildProgram } from "../../cli/program";
import { fails, inkstone, inkstoneOnTerminal, json, loggedIn, newHome, ok } from "../support/cli";
import { expectFailure, get } from "../support/http-client";

let home: string;
const run = (args: string[], input?: string | Uint8Array) => inkstone(home, args, { input });

beforeAll(async () => {
  ({ home } = await loggedIn("commands"));
});

describe("inkstone books", () => {
  it("creates, lists, shows, updates and deletes a book", async () => {
    const created = json(await run(["books", "create", "--title", "The Salt Road", "--type", "fantasy", "--target-words", "90000", "--json"]));
    expect(created).toMatchObject({ title: "The Salt Road", type: "fantasy", targetWordCount: 90000, status: "drafting" });
    expect(ok(await run(["books", "create", "--title", "Second Book"]))).toMatch(/^Created "Second Book" \(\S+\)\.\n$/);

    const table = ok(await run(["books", "list"]));
    expect(table).toContain("The Salt Road");
    expect(table).toContain("Second Book");
    expect(table).not.toMatch(/\u001b\[/); // piped: no colours
    const listed = json(await run(["books", "list", "--json", "--sort", "title", "--order", "asc"])).items;
    expect(listed.map((b: { title: string }) => b.title)).toEqual(["Second Book", "The Salt Road"]);
    const paged = await run(["books", "list", "--per-page", "1"]);
    expect(ok(paged).trimEnd().split("\n")).toHaveLength(1);
    expect(paged.stderr).toBe("1 of 2 shown; --page 2 --per-page 1 for more, --all for every one\n");

    expect(ok(await run(["books", "show", created.id]))).toContain("The Salt Road");
    const updated = json(await run(["books", "update", created.id, "--status", "revising", "--target-words", "none", "--json"]));
    expect(updated).toMatchObject({ id: created.id, status: "revising", targetWordCount: null });

    expect(ok(await run(["books", "delete", created.id]))).toBe(`Moved ${created.id} to the trash.\n`);
    expect(json(await run(["books", "list", "--deleted", "--json"])).items.map((b: { id: string }) => b.id)).toEqual([created.id]);
    expect(fails(await run(["books", "show", created.id]))).toMatch(/^inkstone: .+ \(404 book_in_trash\)$/);
    expect(json(await run(["books", "update", created.id, "--restore", "--json"])).deleted).toBe(false);
  });

  it("reports the field errors of invalid input in one line, and an unknown book", async () => {
    expect(fails(await run(["books", "create", "--title", "  "]))).toBe("inkstone: invalid input: title: a book needs a title");
    expect(fails(await run(["books", "create", "--title", "T", "--target-words", "0", "--language", "not a tag"]))).toBe(
      "inkstone: invalid input: language: must be a language tag such as en, zh-Hans or pt-BR; targetWordCount: a target is at least one word",
    );
    expect(fails(await run(["books", "update", "no-such-book", "--title", "x"]))).toMatch(/\(404 not_found\)$/);
    expect(fails(await run(["books", "update", "no-such-book"]))).toContain("name something to change");
    expect(fails(await run(["books", "create"]))).toContain("required option '--title <title>' not specified");
  });
});

describe("inkstone chapters", () => {
  let bookId: string;
  beforeAll(async () => {
    bookId = json(await run(["books", "create", "--title", "Chapters", "--json"])).id;
  });

  it("uploads a file and standard input, lists, shows and pulls them into files", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-chapters-"));
    const first = path.join(folder, "one.md");
    writeFileSync(first, "# The Storm\n\nRain came over the hills.\n");
    expect(ok(await run(["chapters", "upload", bookId, first]))).toMatch(/^Uploaded chapter 1, "The Storm" \(\S+\), 7 words\.\n$/);
    const second = json(await run(["chapters", "upload", bookId, "--title", "Après la pluie", "--json"], "雨が止んだ。\n"));
    expect(second).toMatchObject({ position: 2, title: "Après la pluie", wordCount: 5 });

    const table = ok(await run(["chapters", "list", bookId]));
    expect(table).toContain("The Storm");
    expect(table).toContain("Après la pluie");
    expect(ok(await run(["chapters", "show", bookId, second.id, "--content"]))).toBe("雨が止んだ。\n");
    expect(ok(await run(["chapters", "show", bookId, second.id]))).toContain("雨が止んだ。");

    const pulled = path.join(folder, "pulled");
    const written = json(await run(["chapters", "pull", bookId, "--dir", pulled, "--json"]));
    expect(written).toHaveLength(2);
    expect(readdirSync(pulled).sort()).toEqual(["01-the-storm.md", "02-apres-la-pluie.md"]);
    expect(readFileSync(path.join(pulled, "01-the-storm.md"), "utf8")).toBe("# The Storm\n\nRain came over the hills.\n");
    expect(readFileSync(path.join(pulled, "02-apres-la-pluie.md"), "utf8")).toBe("雨が止んだ。\n");
  });

  it("pulls every chapter's text whole when they are more than one page of the list carries", async () => {
    const book = json(await run(["books", "create", "--title", "Long chapters", "--json"])).id;
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-long-pull-"));
    // 1.8 MB each: the list's page carries 4 MiB of text, so the third comes without it.
    const texts = [1, 2, 3].map((n) => `# Part ${n}\n\n` + "字".repeat(600_000) + "\n");
    for (const [index, text] of texts.entries()) {
      writeFileSync(path.join(folder, `${index}.md`), text);
      ok(await run(["chapters", "upload", book, path.join(folder, `${index}.md`)]));
    }
    const pulled = path.join(folder, "pulled");
    expect(json(await run(["chapters", "pull", book, "--dir", pulled, "--json"]))).toHaveLength(3);
    const files = ["01-part-1.md", "02-part-2.md", "03-part-3.md"];
    expect(readdirSync(pulled).sort()).toEqual(files);
    // Compared as a boolean: a failure would print 5 MB of text.
    for (const [index, text] of texts.entries()) expect(readFileSync(path.join(pulled, files[index]!), "utf8") === text).toBe(true);
  });

  it("shows a progress bar for an upload on a terminal, and none when piped", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-long-"));
    const long = path.join(folder, "long.md");
    writeFileSync(long, "# Long\n\n" + "All work and no play. ".repeat(50_000));
    const piped = await run(["chapters", "upload", bookId, long]);
    expect(ok(piped)).toContain('"Long"');
    expect(piped.stderr).toBe("");
    const onTerminal = await inkstoneOnTerminal(home, ["chapters", "upload", bookId, long], []);
    expect(onTerminal.code, onTerminal.transcript).toBe(0);
    expect(onTerminal.transcript).toMatch(/uploading \[[█░]+\] \d+%/);
    expect(onTerminal.transcript).toContain('"Long"');
  });

  it("passes the server's 422 for a file that is not text, and refuses a missing file or book", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-binary-"));
    const binary = path.join(folder, "cover.png");
    writeFileSync(binary, Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0xc3]));
    expect(fails(await run(["chapters", "upload", bookId, binary]))).toBe("inkstone: invalid input: file: must be UTF-8 text");
    expect(fails(await run(["chapters", "upload", bookId, path.join(folder, "missing.md")]))).toMatch(/missing\.md: no such file or folder$/);
    expect(fails(await run(["chapters", "list", "no-such-book"]))).toMatch(/\(404 not_found\)$/);
    expect(json(await run(["chapters", "list", bookId, "--json"])).items).toHaveLength(4);
  });
});

describe("inkstone tokens", () => {
  it("creates a scoped token that scripts can use, lists it, and revokes it", async () => {
    // A token minted over a login never outlives it, and this server's logins last 15 s: a login of
    // its own, so an older login running out cannot pass for the revocation checked last.
    const { home: own } = await loggedIn("tokens");
    const run = (args: string[]) => inkstone(own, args);
    const created = json(await run(["tokens", "create", "--name", "ci", "--scopes", "read:books", "--json"]));
    expect(created.token).toMatchObject({ name: "ci", kind: "personal", scopes: ["read:books"] });
    const listed = ok(await run(["tokens", "list"]));
    expect(listed).toContain("ci");
    expect(listed).toContain("read:books");

    const script = { INKSTONE_TOKEN: created.access_token, INKSTONE_URL: inject("baseUrl") };
    expect(json(await inkstone(newHome(), ["books", "list", "--json"], { env: script })).items).toBeInstanceOf(Array);
    // 403: the one line names the scope the token lacks
    expect(fails(await inkstone(newHome(), ["books", "create", "--title", "x"], { env: script }))).toBe(
      "inkstone: missing scope: write:books — log in again or use a token that has it",
    );

    expect(ok(await run(["tokens", "revoke", created.token.id]))).toBe(`Revoked ${created.token.id}.\n`);
    expectFailure(await get("/api/v1/users/me", created.access_token), 401, "token_revoked");
    expect(fails(await inkstone(newHome(), ["books", "list"], { env: script }), 4)).toMatch(/^inkstone: the token in INKSTONE_TOKEN was revoked — /);
  });

  it("refuses a scope the writer does not hold, and an unknown scope", async () => {
    expect(fails(await run(["tokens", "create", "--name", "too much", "--scopes", "admin"]))).toBe(
      "inkstone: missing scope: admin — log in again or use a token that has it",
    );
    expect(fails(await run(["tokens", "create", "--name", "typo", "--scopes", "read:bookz"]))).toMatch(/^inkstone: invalid input: scopes/);
    expect(fails(await run(["tokens", "revoke", "no-such-token"]))).toMatch(/\(404 not_found\)$/);
  });
});

describe("help", () => {
  it("documents every command and subcommand", async () => {
    const listed = (help: string) => [...(help.split("\nCommands:\n")[1] ?? "").split("\n\n")[0]!.matchAll(/^ {2}([a-z-]+)(?= )/gm)].map((m) => m[1]!).filter((c) => c !== "help");
    const commands = listed(ok(await inkstone(newHome(), ["--help"])));
    expect(commands).toEqual(["login", "logout", "whoami", "account", "config", "books", "members", "share", "snapshots", "readers", "chapters", "parts", "scenes", "outline", "plotlines", "labels", "timeline", "foreshadowing", "plot-grid", "beats", "comments", "suggestions", "inbox", "import", "export", "search", "replace", "change-sets", "undo-replace", "convert", "formats", "analysis", "stats", "goals", "releases", "bible", "series", "tokens", "jobs", "api", "webhooks", "users", "completion"]);
    // Every command's and subcommand's help, from the program the CLI parses (cli/program.ts), read
    // in this process: about 180 processes, one per help, cost some 35 s of CPU for the same text.
    // One of each kind is asked of the CLI as a process below.
    const program = await buildProgram("test");
    const helpOf = (...names: string[]) => names.reduce((command, name) => command.commands.find((c) => c.name() === name)!, program).helpInformation();
    let subcommandCount = 0;
    for (const command of commands) {
      const help = helpOf(command);
      expect(help).toContain(`Usage: inkstone ${command}`);
      expect(help).toContain("--profile <name>");
      for (const sub of listed(help)) {
        expect(helpOf(command, sub)).toContain(`Usage: inkstone ${command} ${sub}`);
        subcommandCount++;
      }
    }
    expect(subcommandCount).toBeGreaterThan(100);
    expect(ok(await inkstone(newHome(), ["chapters", "--help"]))).toContain(helpOf("chapters"));
    expect(ok(await inkstone(newHome(), ["chapters", "pull", "--help"]))).toContain(helpOf("chapters", "pull"));
    expect(fails(await inkstone(newHome(), ["bookz"]))).toContain("unknown command 'bookz'");
    expect(existsSync(path.join(newHome(), ".inkstone"))).toBe(false);
  });
});
