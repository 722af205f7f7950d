import { statSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { decodeJwt } from "jose";
import { describe, expect, inject, it } from "vitest";
import { fails, inkstone, inkstoneOnTerminal, json, loggedIn, newHome, newWriter, ok, readConfig } from "../support/cli";
import { expectFailure, expectSuccess, get } from "../support/http-client";
import { expiredCopy } from "../support/http-users";

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;
/** A port nothing listens on: one the system just handed out and took back. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe("inkstone login", () => {
  it("asks for URL, e-mail and a hidden password on a terminal, and stores the tokens 0600 in a 0700 folder", async () => {
    const writer = await newWriter("pty");
    const home = newHome();
    const run = await inkstoneOnTerminal(home, ["login"], [
      [/Server URL/, inject("baseUrl")],
      [/E-mail/, writer.email],
      [/Password/, writer.password],
    ]);
    expect(run.code, run.transcript).toBe(0);
    expect(run.transcript).toContain(`Logged in to ${inject("baseUrl")} as ${writer.email}`);
    expect(run.transcript).not.toContain(writer.password);

    const folder = path.join(home, ".inkstone");
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(folder, "config.json")).mode & 0o777).toBe(0o600);
    const { api } = readConfig(home).profiles.default!;
    expect(api).toEqual({ url: inject("baseUrl"), token: expect.stringMatching(JWT), refresh_token: expect.any(String) });
    expect((await get("/api/v1/users/me", api!.token)).body.data.email).toBe(writer.email);
  });

  it("takes the password from standard input for scripts, and `config get api.token` prints the token alone", async () => {
    const { home, email } = await loggedIn("stdin");
    const stored = readConfig(home).profiles.default!.api!;
    const printed = ok(await inkstone(home, ["config", "get", "api.token"]));
    expect(printed).toBe(`${stored.token}\n`);
    expect(expectSuccess(await get("/api/v1/users/me", printed.trim()), 200).email).toBe(email);
    expect(ok(await inkstone(home, ["whoami"]))).toContain(email);
    expect(json(await inkstone(home, ["whoami", "--json"]))).toMatchObject({
      email,
      role: "writer",
      scopes: ["read:books", "write:books", "read:analysis", "write:analysis", "webhooks"],
      server: inject("baseUrl"),
      profile: "default",
    });
  });

  it("says so in one line when the password is wrong, and stores no token", async () => {
    const writer = await newWriter("wrong");
    const home = newHome();
    const line = fails(await inkstone(home, ["login", "--url", inject("baseUrl"), "--email", writer.email, "--password-stdin"], { input: "not the password\n" }));
    expect(line).toBe(`inkstone: wrong e-mail or password for ${inject("baseUrl")}`);
    expect(readConfig(home).profiles.default!.api).toEqual({ url: inject("baseUrl") });
  });

  it("refuses to prompt without a terminal", async () => {
    expect(fails(await inkstone(newHome(), ["login", "--url", inject("baseUrl")]))).toContain("use --email and --password-stdin");
  });
});

describe("signed out", () => {
  it("answers any command with 'not logged in' and exit code 4", async () => {
    for (const args of [["whoami"], ["books", "list"], ["tokens", "list"]]) {
      expect(fails(await inkstone(newHome(), args, { env: { INKSTONE_URL: inject("baseUrl") } }), 4)).toBe("inkstone: not logged in — run inkstone login");
    }
  });
});

describe("automatic refresh", () => {
  it("exchanges an expired access token for a new pair, stores it and goes on", async () => {
    const { home, email } = await loggedIn("expiry");
    const before = readConfig(home).profiles.default!.api!;
    // The stored token, signed as the server would but past its expiry: what an hour's wait leaves.
    before.token = await expiredCopy(before.token!);
    ok(await inkstone(home, ["config", "set", "api.token", before.token]));
    expectFailure(await get("/api/v1/users/me", before.token), 401, "token_expired");

    expect(json(await inkstone(home, ["whoami", "--json"])).email).toBe(email);
    const after = readConfig(home).profiles.default!.api!;
    expect(after.token).not.toBe(before.token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(decodeJwt(after.token!).exp! * 1000).toBeGreaterThan(Date.now());
    expect(expectSuccess(await get("/api/v1/users/me", after.token), 200).email).toBe(email);
  });

  it("refreshes once when the server answers 401, and retries", async () => {
    const { home, email } = await loggedIn("on401");
    ok(await inkstone(home, ["config", "set", "api.token", "not-a-token"]));
    expect(json(await inkstone(home, ["whoami", "--json"])).email).toBe(email);
    expect(readConfig(home).profiles.default!.api!.token).toMatch(JWT);
  });

  it("says to log in again when the refresh fails", async () => {
    const { home } = await loggedIn("refresh-fails");
    ok(await inkstone(home, ["config", "set", "api.token", "not-a-token"]));
    ok(await inkstone(home, ["config", "set", "api.refresh_token", "not-a-refresh-token"]));
    expect(fails(await inkstone(home, ["whoami"]), 4)).toBe("inkstone: not logged in — run inkstone login");
  });
});

describe("inkstone logout", () => {
  it("revokes the token on the server (the old token gets 401) and forgets it", async () => {
    const { home, email } = await loggedIn("logout");
    ok(await inkstone(home, ["whoami"])); // refreshed if it was about to expire
    const { token } = readConfig(home).profiles.default!.api!;
    expect(expectSuccess(await get("/api/v1/users/me", token), 200).email).toBe(email);

    expect(ok(await inkstone(home, ["logout"]))).toContain("the token is revoked");
    expectFailure(await get("/api/v1/users/me", token), 401, "token_revoked");
    expect(readConfig(home).profiles.default!.api).toEqual({ url: inject("baseUrl") });
    expect(fails(await inkstone(home, ["logout"]))).toBe("inkstone: not logged in (profile default)");
  });
});

describe("configuration", () => {
  it("keeps one server and token per --profile, and INKSTONE_URL / INKSTONE_TOKEN win over them", async () => {
    const { home, email } = await loggedIn("profiles");
    const other = await newWriter("qa");
    ok(await inkstone(home, ["login", "--profile", "qa", "--url", inject("baseUrl"), "--email", other.email, "--password-stdin"], { input: other.password }));
    expect(json(await inkstone(home, ["whoami", "--json"])).email).toBe(email);
    expect(json(await inkstone(home, ["whoami", "--json", "--profile", "qa"])).email).toBe(other.email);
    expect(Object.keys(readConfig(home).profiles).sort()).toEqual(["default", "qa"]);

    // A stored URL where nothing listens: the environment's URL is the one used.
    const closed = `http://127.0.0.1:${await closedPort()}`;
    ok(await inkstone(home, ["config", "set", "api.url", closed]));
    expect(fails(await inkstone(home, ["whoami"]))).toBe(`inkstone: cannot reach ${closed}: ECONNREFUSED`);
    expect(json(await inkstone(home, ["whoami", "--json"], { env: { INKSTONE_URL: inject("baseUrl") } })).email).toBe(email);

    const qaToken = ok(await inkstone(home, ["config", "get", "api.token", "--profile", "qa"])).trim();
    const run = await inkstone(newHome(), ["whoami", "--json"], { env: { INKSTONE_URL: inject("baseUrl"), INKSTONE_TOKEN: qaToken } });
    expect(json(run).email).toBe(other.email);
  });

  it("lists, sets and gets the known keys, and refuses others", async () => {
    const home = newHome();
    ok(await inkstone(home, ["config", "set", "api.url", "https://ink.example.com/some/path"]));
    expect(ok(await inkstone(home, ["config", "get", "api.url"]))).toBe("https://ink.example.com\n");
    ok(await inkstone(home, ["config", "set", "api.token", "abcdefghijklmnop"]));
    const listed = ok(await inkstone(home, ["config", "list"]));
    expect(listed).toContain("https://ink.example.com");
    expect(listed).toContain("abcdefgh…");
    expect(listed).not.toContain("abcdefghijklmnop");
    expect(json(await inkstone(home, ["config", "list", "--json"]))).toMatchObject({ profile: "default", "api.url": "https://ink.example.com", "api.refresh_token": null });

    expect(fails(await inkstone(home, ["config", "get", "api.refresh_token"]))).toBe("inkstone: api.refresh_token is not set in profile default");
    expect(fails(await inkstone(home, ["config", "set", "colour", "blue"]))).toContain("unknown key colour");
    expect(fails(await inkstone(home, ["config", "set", "api.url", "not a url"]))).toBe("inkstone: not a URL: not a url");
  });

  it("says which file is broken when the config is not JSON", async () => {
    const home = newHome();
    ok(await inkstone(home, ["config", "set", "api.url", "http://localhost:3000"]));
    writeFileSync(path.join(home, ".inkstone", "config.json"), "{ not json");
    expect(fails(await inkstone(home, ["config", "list"]))).toContain("config.json is not valid JSON");
  });
});
