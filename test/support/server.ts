import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { get as httpsGet } from "node:https";
import { createServer } from "node:net";
import type { TestProject } from "vitest/node";
import { buildIsCurrent } from "../../scripts/build-stamp.mjs";
import { readEnv } from "../../server/env-schema.mjs";
import { migratedDatabase } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** the server's INKSTONE_JWT_SECRET, so tests can sign tokens the server would (expired ones) */
    jwtSecret: string;
    /** the first account signed up on this database: the admin */
    admin: { email: string; password: string };
  }
}

/** A port nothing listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Resolves once the server answers anything; over HTTPS, trusting only the server's own certificate. */
function probe(url: string, ca?: Buffer): Promise<unknown> {
  if (!ca) return fetch(url);
  return new Promise((resolve, reject) => httpsGet(url, { ca }, (response) => resolve(response.resume())).on("error", reject));
}

/** Resolves once the server at `baseUrl` answers; fails at once if its process ended first, or after 60 s. */
export async function waitUntilUp(baseUrl: string, server: ChildProcess, ca?: Buffer): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      await probe(`${baseUrl}/api/v1/users/me`, ca);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error("the server did not start within 60 s");
}

/** Signs up the database's first account, which becomes the admin, before any test file runs. */
export async function signUpAdmin(baseUrl: string): Promise<{ email: string; password: string }> {
  const admin = { email: "admin@inkstone.test", password: randomBytes(18).toString("base64url") };
  const response = await fetch(`${baseUrl}/api/v1/users`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...admin, name: "Admin" }),
  });
  if (response.status !== 201) throw new Error(`signing the admin up answered ${response.status}: ${await response.text()}`);
  return admin;
}

export interface RunningServer {
  baseUrl: string;
  databaseUrl: string;
  dataDir: string;
  jwtSecret: string;
  /** the server process (server/entry/main.mjs): its memory and threads are under /proc/<pid> */
  pid: number;
  /** SIGTERM by default; SIGKILL to crash it */
  stop(signal?: NodeJS.Signals): void;
  /** with `captureOutput`: what the server wrote so far, its log (JSON lines on stdout) and stderr */
  output(): string;
  /** with `captureOutput`: resolves once the output holds `count` matches of `pattern`, rejects after `timeoutMs` */
  outputMatching(pattern: RegExp, count: number, timeoutMs?: number): Promise<string>;
}

/**
 * The server entry `npm start` runs (server/entry/main.mjs) on the current build, with these
 * variables set on top: on a fresh database, or on another server's database and secret when
 * `beside` is given (two processes, one file). With INKSTONE_TLS_CERT among them, over HTTPS.
 * Its log shows warnings and errors only (no access lines) unless INKSTONE_LOG_LEVEL says otherwise;
 * with `captureOutput` the test reads it, and only stderr is shown.
 */
export async function startServer(extraEnv: Record<string, string> = {}, beside?: RunningServer, { captureOutput = false } = {}): Promise<RunningServer> {
  // Tests must meet the code on disk: a build of older sources is rebuilt first.
  if (!buildIsCurrent(process.cwd(), readEnv(process.env).NEXT_DIST_DIR)) execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });

  const { dir, url } = beside ? { dir: beside.dataDir, url: beside.databaseUrl } : await migratedDatabase("http");
  const port = await freePort();
  const jwtSecret = beside?.jwtSecret ?? randomBytes(48).toString("base64url");
  const server = spawn(process.execPath, ["server/entry/main.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      INKSTONE_HOST: "127.0.0.1",
      DATABASE_URL: url,
      INKSTONE_DATA_DIR: dir,
      // The tests sign in far more often than a person, all from 127.0.0.1; the limits have
      // their own tests (test/http/sign-in-limits.test.ts).
      INKSTONE_LOGIN_ATTEMPTS: "100000",
      INKSTONE_ADDRESS_ATTEMPTS: "100000",
      INKSTONE_SIGNUP_ATTEMPTS: "100000",
      // Likewise, the credential matrices drive every endpoint with one owner token as fast as the
      // machine answers (hundreds a second): the very pattern the per-credential limit stops. It
      // stays on, so every answer still carries its headers; it has its own test
      // (test/http/token-rate-limit.test.ts).
      INKSTONE_TOKEN_RATE: "1000000",
      INKSTONE_TOKEN_BURST: "100000",
      // The tests stand in for a proxy: the X-Forwarded-For they send is the client's address.
      INKSTONE_TRUSTED_PROXIES: "1",
      INKSTONE_JWT_SECRET: jwtSecret,
      // Webhook receivers in tests listen on 127.0.0.1; refusing private addresses has its own tests.
      INKSTONE_WEBHOOKS_ALLOW_PRIVATE: "1",
      NODE_ENV: "production",
      // An access line a request would bury the test output; tests that read the log ask for more.
      INKSTONE_LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", captureOutput ? "pipe" : "inherit", captureOutput ? "pipe" : "inherit"],
  });
  let output = "";
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(chunk);
  });
  const outputMatching = (pattern: RegExp, count: number, timeoutMs = 10_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if ((output.match(new RegExp(pattern, "g")) ?? []).length < count) return;
        clearTimeout(timer);
        server.stdout?.off("data", check);
        server.stderr?.off("data", check);
        resolve(output);
      };
      const timer = setTimeout(() => {
        server.stdout?.off("data", check);
        server.stderr?.off("data", check);
        reject(new Error(`the server's output did not show ${count} × ${pattern} within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      server.stdout?.on("data", check);
      server.stderr?.on("data", check);
      check();
    });
  const ca = extraEnv.INKSTONE_TLS_CERT ? readFileSync(extraEnv.INKSTONE_TLS_CERT) : undefined;
  const baseUrl = `${ca ? "https" : "http"}://127.0.0.1:${port}`;
  const stop = (signal: NodeJS.Signals = "SIGTERM") => void server.kill(signal);
  try {
    await waitUntilUp(baseUrl, server, ca);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, databaseUrl: url, dataDir: dir, jwtSecret, pid: server.pid!, stop, output: () => output, outputMatching };
}

/**
 * The HTTP tests talk to a real server on a fresh database file, the way a client would.
 * The build is reused when there is one (npm test builds first).
 */
export default async function setup(project: TestProject) {
  const server = await startServer();
  try {
    project.provide("admin", await signUpAdmin(server.baseUrl));
  } catch (error) {
    server.stop();
    throw error;
  }
  project.provide("baseUrl", server.baseUrl);
  project.provide("jwtSecret", server.jwtSecret);
  return () => server.stop();
}
