import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { fails, inkstone, inkstoneOnTerminal, json, loggedIn, newHome, newWriter, ok, readConfig, startInkstone } from "../support/cli";
import { outsideAddress, startProxy } from "../support/cli-proxy";
import { expectSuccess, get } from "../support/http-client";
import { expiredCopy, login, mintToken, revokedToken } from "../support/http-users";

// Issue 17, item 14: a CLI that behaves like gh.

let home: string;
let email: string;
let password: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input });
const ESCAPE = /\u001b\[[\d;]*m/;
const stripEscapes = (text: string) => text.replace(/\u001b\[[\d;?]*[A-Za-z]/g, "");

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  ({ home, email, password } = await loggedIn("gh"));
  for (const title of ["Alpha", "Bravo", "Charlie", "Delta", "Echo"]) ok(await run(["books", "create", "--title", title, "--type", "a fairly long genre name"]));
});

describe("colour", () => {
  it("colours tables on a terminal, and not when NO_COLOR is set", async () => {
    const coloured = await inkstoneOnTerminal(home, ["books", "list"], []);
    expect(coloured.code, coloured.transcript).toBe(0);
    expect(coloured.transcript).toMatch(ESCAPE);
    const plain = await inkstoneOnTerminal(home, ["books", "list"], [], { env: { NO_COLOR: "1" } });
    expect(plain.code, plain.transcript).toBe(0);
    expect(plain.transcript).toContain("Alpha");
    expect(plain.transcript).not.toMatch(ESCAPE);
  });
});

describe("INKSTONE_TOKEN", () => {
  it("names the variable when its token is not valid, expired or revoked, instead of 'run inkstone login'", async () => {
    const env = (token: string) => ({ env: { INKSTONE_URL: inject("baseUrl"), INKSTONE_TOKEN: token } });
    const pair = await login(email, password);
    const expired = await expiredCopy(pair.access_token);
    const revoked = await revokedToken(email, password);
    expect(fails(await inkstone(newHome(), ["whoami"], env("not-a-token")), 4)).toBe(
      "inkstone: the token in INKSTONE_TOKEN is not a token this server accepts — set a valid one, or unset INKSTONE_TOKEN to use the stored login",
    );
    expect(fails(await inkstone(newHome(), ["books", "list"], env(expired)), 4)).toMatch(/^inkstone: the token in INKSTONE_TOKEN has expired — /);
    expect(fails(await inkstone(newHome(), ["books", "list"], env(revoked)), 4)).toMatch(/^inkstone: the token in INKSTONE_TOKEN was revoked — /);
    const personal = await mintToken(pair.access_token, ["read:books"]);
    expect(json(await inkstone(newHome(), ["books", "list", "--json"], env(personal.token))).total).toBe(5);
  });
});

describe("failures in one clear line", () => {
  it("prints the details of the server's 400", async () => {
    expect(fails(await run(["books", "list", "--per-page", "500"]))).toMatch(/^inkstone: The query string .*: per_page: .*100.* \(400 invalid_query\)$/);
  });

  it("says what is wrong with a missing file, a folder, an unwritable output and a bad URL", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-gh-"));
    const bookId = (await get("/api/v1/books", (await login(email, password)).access_token)).body.data[0].id;
    const missing = path.join(folder, "missing.md");
    expect(fails(await run(["chapters", "upload", bookId, missing]))).toBe(`inkstone: cannot read ${missing}: no such file or folder`);
    expect(fails(await run(["chapters", "upload", bookId, folder]))).toBe(`inkstone: cannot read ${folder}: it is a folder, not a file`);
    expect(fails(await run(["import", folder]))).toBe(`inkstone: cannot read ${folder}: it is a folder, not a file`);
    const input = path.join(folder, "in.md");
    writeFileSync(input, "# One\n\nText.\n");
    const nowhere = path.join(folder, "no-such-folder", "out.html");
    expect(fails(await run(["convert", input, "--to", "html", "-o", nowhere]))).toBe(`inkstone: cannot write ${nowhere}: no such file or folder`);
    expect(fails(await run(["export", bookId, "--format", "md", "-o", folder]))).toBe(`inkstone: cannot write ${folder}: it is a folder, not a file`);
    const notFolder = path.join(input, "pulled");
    expect(fails(await run(["chapters", "pull", bookId, "--dir", notFolder]))).toMatch(new RegExp(`^inkstone: cannot create ${notFolder}: `));

    expect(fails(await inkstone(home, ["whoami"], { env: { INKSTONE_URL: "not a url" } }))).toBe("inkstone: INKSTONE_URL is not an http:// or https:// URL: not a url");
    expect(fails(await inkstone(home, ["whoami"], { env: { INKSTONE_URL: "ftp://ink.example.com" } }))).toBe(
      "inkstone: INKSTONE_URL is not an http:// or https:// URL: ftp://ink.example.com",
    );
    expect(fails(await inkstone(newHome(), ["login", "--url", "localhost:3000", "--email", "a@b.c", "--password-stdin"], { input: "x" }))).toBe(
      "inkstone: not an http:// or https:// URL: localhost:3000",
    );
  });

  it("exits 130 on Ctrl-C, while waiting for the server or at a prompt", async () => {
    let arrived!: () => void;
    const waiting = new Promise<void>((resolve) => (arrived = resolve));
    const proxy = await startProxy(inject("baseUrl"), {
      hold: (request) => {
        if (request.url !== "/api/v1/users/me") return undefined;
        arrived();
        return new Promise(() => {}); // the server never answers
      },
    });
    try {
      const { child, done } = startInkstone(home, ["whoami"], { env: { INKSTONE_URL: proxy.url } });
      await waiting;
      child.kill("SIGINT");
      const interrupted = await done;
      expect(interrupted.code).toBe(130);
      expect(interrupted.stderr).not.toContain("unexpected error");
    } finally {
      await proxy.close();
    }

    const atPrompt = await inkstoneOnTerminal(newHome(), ["login"], [[/Server URL/, "\u0003"]]);
    expect(atPrompt.code, atPrompt.transcript).toBe(130);
    expect(atPrompt.transcript).not.toContain("unexpected error");
  });
});

describe("tables", () => {
  it("print tab-separated rows, no box and no heading, when piped", async () => {
    const piped = await run(["books", "list"]);
    const lines = ok(piped).trimEnd().split("\n");
    expect(lines).toHaveLength(5);
    expect(piped.stdout).not.toMatch(/[─│┌┐└┘├┤┬┴┼]/u);
    for (const line of lines) expect(line.split("\t")).toHaveLength(8);
    expect(lines.map((line) => line.split("\t")[1]).sort()).toEqual(["Alpha", "Bravo", "Charlie", "Delta", "Echo"]);
    expect(piped.stderr).toBe("");
  });

  it("fit the terminal's width", async () => {
    for (const columns of [60, 100]) {
      const shown = await inkstoneOnTerminal(home, ["books", "list"], [], { columns, env: { NO_COLOR: "1" } });
      expect(shown.code, shown.transcript).toBe(0);
      const lines = stripEscapes(shown.transcript).split(/\r?\n/).filter((line) => line.includes("│"));
      expect(lines.length).toBeGreaterThan(5);
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(columns);
    }
  });
});

describe("paging", () => {
  it("gives the total and the next page with --json, and reads pages with --limit and --all", async () => {
    expect(json(await run(["books", "list", "--per-page", "2", "--json"]))).toMatchObject({ total: 5, page: 1, perPage: 2, nextPage: 2, items: [{}, {}] });
    expect(json(await run(["books", "list", "--page", "3", "--per-page", "2", "--json"]))).toMatchObject({ total: 5, page: 3, nextPage: null });

    const all = json(await run(["books", "list", "--all", "--per-page", "2", "--sort", "title", "--json"]));
    expect(all.items.map((b: { title: string }) => b.title)).toEqual(["Alpha", "Bravo", "Charlie", "Delta", "Echo"]);
    expect(all).toMatchObject({ total: 5, nextPage: null });

    const limited = json(await run(["books", "list", "--limit", "3", "--per-page", "2", "--sort", "title", "--json"]));
    expect(limited.items.map((b: { title: string }) => b.title)).toEqual(["Alpha", "Bravo", "Charlie"]);
    expect(limited).toMatchObject({ total: 5, nextPage: 3 });
    expect(json(await run(["books", "list", "--limit", "4", "--json"]))).toMatchObject({ total: 5, perPage: 4, nextPage: 2 });

    // For people: the rows on stdout, and how to see the rest on stderr when piped.
    const page = await run(["books", "list", "--per-page", "2"]);
    expect(ok(page).trimEnd().split("\n")).toHaveLength(2);
    expect(page.stderr).toBe("2 of 5 shown; --page 2 --per-page 2 for more, --all for every one\n");
    const some = await run(["books", "list", "--limit", "3"]);
    expect(ok(some).trimEnd().split("\n")).toHaveLength(3);
    expect(some.stderr).toBe("3 of 5 shown; --all for every one\n");

    expect(fails(await run(["books", "list", "--limit", "0"]))).toBe("inkstone: --limit takes a whole number from 1, not 0");
    expect(fails(await run(["books", "list", "--limit", "2", "--all"]))).toMatch(/cannot be used with option '--all'/);
  });
});

describe("logout and login", () => {
  it("logout forgets the credentials even when the server cannot be reached, and says the token was not revoked", async () => {
    const user = await loggedIn("offline-logout");
    ok(await inkstone(user.home, ["whoami"]));
    const { token } = readConfig(user.home).profiles.default!.api!;
    const closed = `http://127.0.0.1:${await closedPort()}`;
    ok(await inkstone(user.home, ["config", "set", "api.url", closed]));

    const out = await inkstone(user.home, ["logout"]);
    expect(ok(out)).toContain("the server was not told");
    expect(out.stderr).toBe(`inkstone: warning: could not revoke the login on the server (cannot reach ${closed}: ECONNREFUSED); it stays valid there until it expires\n`);
    expect(readConfig(user.home).profiles.default!.api).toEqual({ url: closed });
    expect(expectSuccess(await get("/api/v1/users/me", token), 200).email).toBe(user.email);
  });

  it("a failed login keeps the URL just typed, and the next login offers it", async () => {
    const writer = await newWriter("retry");
    const fresh = newHome();
    const wrong = await inkstoneOnTerminal(fresh, ["login"], [
      [/Server URL/, inject("baseUrl")],
      [/E-mail/, writer.email],
      [/Password/, "not the password"],
    ]);
    expect(wrong.code, wrong.transcript).toBe(1);
    expect(ok(await inkstone(fresh, ["config", "get", "api.url"]))).toBe(`${inject("baseUrl")}\n`);
    expect(readConfig(fresh).profiles.default!.api!.token).toBeUndefined();

    // Enter takes the offered URL.
    const again = await inkstoneOnTerminal(fresh, ["login"], [
      [/Server URL/, ""],
      [/E-mail/, writer.email],
      [/Password/, writer.password],
    ]);
    expect(again.code, again.transcript).toBe(0);
    expect(again.transcript).toContain(`Logged in to ${inject("baseUrl")} as ${writer.email}`);
  });
});

describe("help", () => {
  it("prints help to stdout with exit 0 when run with no arguments, or with a command group alone", async () => {
    for (const args of [[], ["books"]]) {
      const help = await inkstone(newHome(), args);
      expect(help.code).toBe(0);
      expect(help.stderr).toBe("");
      expect(help.stdout).toMatch(/^Usage: inkstone/);
    }
  });
});

describe("plain http", () => {
  const address = outsideAddress();

  it.skipIf(!address)("warns on stderr before a token goes to a remote http:// server, and not for this machine", async () => {
    const proxy = await startProxy(inject("baseUrl"), { listen: "0.0.0.0", host: address });
    try {
      const remote = await inkstone(home, ["whoami", "--json"], { env: { INKSTONE_URL: proxy.url } });
      expect(json(remote).email).toBe(email);
      expect(remote.stderr).toBe(`inkstone: warning: ${proxy.url} is plain http, so your token or password crosses the network unencrypted; use https://\n`);
    } finally {
      await proxy.close();
    }
    const local = await run(["whoami"]);
    ok(local);
    expect(local.stderr).toBe("");
  });
});

describe("shell completion", () => {
  const commands = ["login", "logout", "whoami", "account", "config", "books", "members", "share", "snapshots", "readers", "chapters", "parts", "scenes", "outline", "plotlines", "labels", "timeline", "foreshadowing", "plot-grid", "beats", "comments", "suggestions", "inbox", "import", "export", "search", "replace", "change-sets", "undo-replace", "convert", "formats", "analysis", "stats", "goals", "releases", "bible", "series", "tokens", "jobs", "api", "webhooks", "users", "completion"];
  const has = (shell: string) => spawnSync("sh", ["-c", `command -v ${shell}`]).status === 0;

  it("completes commands, subcommands, options and their values in bash", async () => {
    const script = ok(await inkstone(newHome(), ["completion", "bash"]));
    expect(script).toMatch(/^_inkstone\(\) \{$/m);
    expect(script).toMatch(/^complete -o default -F _inkstone inkstone$/m);
    const complete = (line: string) => {
      const words = line.split(" ");
      const program = `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _inkstone; printf '%s\\n' "\${COMPREPLY[@]}"`;
      return execFileSync("bash", ["-c", program], { encoding: "utf8" }).trim().split("\n").filter(Boolean);
    };
    expect(complete("inkstone ")).toEqual(commands);
    expect(complete("inkstone bo")).toEqual(["books"]);
    expect(complete("inkstone books ")).toEqual(["list", "show", "create", "update", "delete", "cover", "preview"]);
    expect(complete("inkstone books cover ")).toEqual(["set", "get", "template", "remove"]);
    expect(complete("inkstone --profile qa books list --l")).toEqual(["--limit"]);
    expect(complete("inkstone books list --status ")).toEqual(["planning", "drafting", "revising", "finished"]);
    expect(complete("inkstone completion ")).toEqual(["bash", "zsh", "fish", "powershell"]);
  });

  it("prints zsh and fish scripts of the same tree", async () => {
    const zsh = ok(await inkstone(newHome(), ["completion", "zsh"]));
    const fish = ok(await inkstone(newHome(), ["completion", "fish"]));
    expect(zsh).toMatch(/^#compdef inkstone$/m);
    for (const command of commands) {
      expect(zsh).toContain(`'${command}:`);
      expect(fish).toContain(`-a '${command}'`);
    }
    if (has("zsh")) expect(spawnSync("zsh", ["-n"], { input: zsh }).status).toBe(0);
    if (has("fish")) {
      const completed = execFileSync("fish", ["-c", `${fish}\ncomplete -C 'inkstone books '`], { encoding: "utf8" });
      expect(completed.split("\n").map((line) => line.split("\t")[0]).filter(Boolean).sort()).toEqual(["cover", "create", "delete", "list", "show", "update"]);
    }
    expect(fails(await inkstone(newHome(), ["completion", "tcsh"]))).toMatch(/'tcsh' is invalid/);
  });
});
