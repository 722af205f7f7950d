import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, inject } from "vitest";
import { expectSuccess, post } from "./http-client";
import { PASSWORD, uniqueEmail } from "./http-users";

export const BIN = path.resolve("cli/dist/inkstone.mjs");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** written to standard input, which is then closed */
  input?: string | Uint8Array;
  env?: Record<string, string>;
  cwd?: string;
}

/** A home folder of its own: the CLI keeps its config in $HOME/.inkstone. */
export function newHome(): string {
  return mkdtempSync(path.join(tmpdir(), "inkstone-cli-"));
}

/** The environment of a user with this home, and none of the caller's INKSTONE_* settings. */
export function userEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // NODE_ENV only because Next's types require it; the CLI does not read it.
  return { PATH: process.env.PATH, HOME: home, LANG: "C.UTF-8", NODE_ENV: "production", ...extra };
}

/**
 * Starts the built CLI as a child process, output piped (so: no progress bars, no colours), and
 * leaves its standard input open. `done` gives exit code -1 for a process killed by a signal.
 */
export function startInkstone(home: string, args: string[], options: Omit<RunOptions, "input"> = {}): { child: ChildProcessWithoutNullStreams; done: Promise<CliRun> } {
  const child = spawn(process.execPath, [BIN, ...args], { env: userEnv(home, options.env), cwd: options.cwd, stdio: "pipe" });
  const done = new Promise<CliRun>((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    // Decoding the stream, not each chunk, keeps a character split across two chunks whole.
    child.stdout.setEncoding("utf8").on("data", (part: string) => (stdout += part));
    child.stderr.setEncoding("utf8").on("data", (part: string) => (stderr += part));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
  return { child, done };
}

/** Runs the built CLI as a child process, output piped (so: no progress bars, no colours). */
export function inkstone(home: string, args: string[], options: RunOptions = {}): Promise<CliRun> {
  const { child, done } = startInkstone(home, args, options);
  child.stdin.end(options.input ?? "");
  return done;
}

/** Asserts success and returns stdout. */
export function ok(run: CliRun): string {
  expect(run.code, `exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`).toBe(0);
  return run.stdout;
}

/** Asserts a failure with exactly one line on stderr and nothing on stdout; returns that line. */
export function fails(run: CliRun, exitCode = 1): string {
  expect(run.code, `stdout: ${run.stdout}\nstderr: ${run.stderr}`).toBe(exitCode);
  expect(run.stdout).toBe("");
  const lines = run.stderr.trimEnd().split("\n");
  expect(lines, run.stderr).toHaveLength(1);
  return lines[0]!;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
export function json<T = any>(run: CliRun): T {
  return JSON.parse(ok(run)) as T;
}

export interface StoredConfig {
  profiles: Record<string, { api?: { url?: string; token?: string; refresh_token?: string } }>;
}

export function readConfig(home: string): StoredConfig {
  return JSON.parse(readFileSync(path.join(home, ".inkstone", "config.json"), "utf8")) as StoredConfig;
}

export interface TerminalOptions {
  env?: Record<string, string>;
  /** the terminal's width */
  columns?: number;
}

/**
 * Runs the CLI on a pseudo-terminal (util-linux `script`), as a person would at a terminal:
 * each answer is typed (with Enter) once everything printed so far matches its pattern.
 */
export function inkstoneOnTerminal(home: string, args: string[], answers: [RegExp, string][], options: TerminalOptions = {}): Promise<CliRun & { transcript: string }> {
  return new Promise((resolve, reject) => {
    const command = [process.execPath, BIN, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
    const size = `stty cols ${options.columns ?? 120} rows 40; `;
    const child = spawn("script", ["-qec", `${size}${command}`, "/dev/null"], { env: userEnv(home, { TERM: "xterm-256color", ...options.env }), stdio: "pipe" });
    let transcript = "";
    let next = 0;
    const timer = setTimeout(() => child.kill(), 20_000);
    child.stdout.setEncoding("utf8").on("data", (part: string) => {
      transcript += part;
      const answer = answers[next];
      if (answer && answer[0].test(transcript)) {
        next += 1;
        child.stdin.write(`${answer[1]}\r`);
      }
    });
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout: transcript, stderr: "", transcript });
    });
  });
}

/** A new writer account, signed up through the API. */
export async function newWriter(label = "cli"): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(label);
  expectSuccess(await post("/api/v1/users", null, { email, password: PASSWORD, name: label }), 201);
  return { email, password: PASSWORD };
}

/** A home where `inkstone login --password-stdin` has stored a fresh login of a new writer. */
export async function loggedIn(label = "cli"): Promise<{ home: string; email: string; password: string }> {
  const writer = await newWriter(label);
  const home = newHome();
  ok(await inkstone(home, ["login", "--url", inject("baseUrl"), "--email", writer.email, "--password-stdin"], { input: `${writer.password}\n` }));
  return { home, ...writer };
}
