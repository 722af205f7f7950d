import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { inkstone, json, loggedIn, ok, readConfig } from "../support/cli";
import { startProxy } from "../support/cli-proxy";
import { expectSuccess, get } from "../support/http-client";

// The second command waits for as long as the holder lives (cli/session.ts has no give-up time
// short of a stale lock's two minutes), so a refresh held two seconds, twenty of the lock's polls,
// shows the wait as well as a longer one would, without making the suite sit out ten seconds.
const SLOW_REFRESH_MS = 2_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Issue 16, item 12: two slow commands refreshed with one token, and the server revoked the login for reuse.
describe("the refresh lock", () => {
  it("makes a second command wait for a slow first refresh and use its pair, so the login survives", async () => {
    const { home, email } = await loggedIn("slow-refresh");
    let first = true;
    const proxy = await startProxy(inject("baseUrl"), {
      hold: (request) => {
        if (request.url !== "/auth/refresh" || !first) return undefined;
        first = false;
        return sleep(SLOW_REFRESH_MS);
      },
    });
    try {
      ok(await inkstone(home, ["config", "set", "api.url", proxy.url]));
      // Both commands are answered 401 at once and both need a new pair.
      ok(await inkstone(home, ["config", "set", "api.token", "not-a-token"]));
      const [one, two] = await Promise.all([inkstone(home, ["whoami", "--json"]), inkstone(home, ["books", "list", "--json"])]);
      expect(json(one).email).toBe(email);
      ok(two);
      expect(proxy.seen.filter((request) => request === "POST /auth/refresh")).toHaveLength(1);

      const { token } = readConfig(home).profiles.default!.api!;
      expect(expectSuccess(await get("/api/v1/users/me", token), 200).email).toBe(email);
      expect(json(await inkstone(home, ["whoami", "--json"])).email).toBe(email);
    } finally {
      await proxy.close();
    }
  });

  it("takes over at once a lock whose holder has died", async () => {
    const { home, email } = await loggedIn("dead-holder");
    const dead = spawnSync(process.execPath, ["-e", "process.pid"]).pid!;
    const lock = path.join(home, ".inkstone", "refresh.lock");
    writeFileSync(lock, JSON.stringify({ pid: dead, host: hostname() }));
    ok(await inkstone(home, ["config", "set", "api.token", "not-a-token"]));

    const started = Date.now();
    expect(json(await inkstone(home, ["whoami", "--json"])).email).toBe(email);
    // Generous: the command does not sit out a wait for a holder that is gone (it used to wait 10 s).
    expect(Date.now() - started).toBeLessThan(7_000);
    expect(existsSync(lock)).toBe(false);
  });
});
