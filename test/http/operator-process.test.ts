// Issue 34 items 4 and 5: a supervisor can trust `npm start`'s exit status, and the signing secrets
// are never silently replaced. Each case runs the real entry (and `npm start`'s script) as a child.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migratedDatabase } from "../support/database";
import { freePort, waitUntilUp } from "../support/server";

interface Run {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `script` as a child on a database of its own and the data folder `dir`, its output kept. */
async function run(script: string, dir: string, url: string, secrets: Record<string, string> = {}): Promise<Run & { port: number }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), INKSTONE_HOST: "127.0.0.1", DATABASE_URL: url, INKSTONE_DATA_DIR: dir };
  // The secrets come from the data folder here, as on an operator's machine, unless given.
  delete env.INKSTONE_JWT_SECRET;
  delete env.AUTH_SECRET;
  Object.assign(env, secrets);
  const child = spawn(process.execPath, [script], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return { child, port, output: () => output, exit };
}

/** Resolves once the server answers; fails at once if the process ended first. */
async function serving(started: Run & { port: number }): Promise<void> {
  await waitUntilUp(`http://127.0.0.1:${started.port}`, started.child).catch((error: Error) => {
    throw new Error(`${error.message} before serving:\n${started.output()}`);
  });
}

/** The server process `npm start` runs under it (server/entry/main.mjs). */
function serverUnder(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).map(Number);
  expect(children).toHaveLength(1);
  return children[0]!;
}

describe("npm start under a supervisor (item 4)", () => {
  it("exits 137 when its server is killed (as by the OOM killer), and 0 when asked to stop", async () => {
    const { dir, url } = await migratedDatabase("supervised");
    const first = await run("scripts/start.mjs", dir, url);
    await serving(first);
    process.kill(serverUnder(first.child.pid!), "SIGKILL");
    expect(await first.exit).toEqual({ code: 137, signal: null });

    const second = await run("scripts/start.mjs", dir, url);
    await serving(second);
    second.child.kill("SIGTERM");
    expect(await second.exit).toEqual({ code: 0, signal: null });
  }, 120_000);
});

describe("the signing secrets (item 5)", () => {
  it("are written on a first start for the owner alone, and read again on the next", async () => {
    const { dir, url } = await migratedDatabase("secrets-first");
    const file = path.join(dir, "secrets.json");
    const first = await run("server/entry/main.mjs", dir, url);
    await serving(first);
    first.child.kill("SIGTERM");
    await first.exit;
    const written = readFileSync(file, "utf8");
    expect(Object.keys(JSON.parse(written)).sort()).toEqual(["authSecret", "jwtSecret"]);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const again = await run("server/entry/main.mjs", dir, url);
    await serving(again);
    again.child.kill("SIGTERM");
    await again.exit;
    expect(readFileSync(file, "utf8")).toBe(written);
  }, 120_000);

  // Each refusal is a server start (about 5 s): a write cut short by a crash, and a file an
  // operator edited; the other ways (empty, not an object) take the same path in server/env.ts.
  const damaged = {
    "cut short": '{"jwtSecret": "',
    "missing a secret": JSON.stringify({ jwtSecret: "j".repeat(64) }),
  };
  it.each(Object.entries(damaged))("refuse to start when the file is damaged (%s), naming it and leaving it as it was", async (_, content) => {
    const { dir, url } = await migratedDatabase("secrets-damaged");
    const file = path.join(dir, "secrets.json");
    writeFileSync(file, content, { mode: 0o600 });
    const started = await run("server/entry/main.mjs", dir, url);
    const { code } = await started.exit;
    expect(code).toBe(1);
    expect(started.output()).toContain(`${file} is damaged`);
    expect(started.output()).not.toContain("Inkstone is serving");
    expect(readFileSync(file, "utf8")).toBe(content);
  }, 60_000);

  it("are not read at all when both are given in the environment, so a damaged file there stops nothing", async () => {
    const { dir, url } = await migratedDatabase("secrets-given");
    const file = path.join(dir, "secrets.json");
    writeFileSync(file, '{"jwtSecret": "', { mode: 0o600 });
    const given = { INKSTONE_JWT_SECRET: "j".repeat(48), AUTH_SECRET: "a".repeat(48) };
    const started = await run("server/entry/main.mjs", dir, url, given);
    await serving(started);
    started.child.kill("SIGTERM");
    expect((await started.exit).code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe('{"jwtSecret": "');
  }, 60_000);
});
