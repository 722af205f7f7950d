import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { connect, type Socket } from "node:net";
import type { TestProject } from "vitest/node";
import { freePort } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** where test/support/EpubcheckService.java listens (0: no epubcheck on this machine) */
    epubcheckPort: number;
  }
}

// The Debian package epubcheck's jar (.ci/run installs it).
const EPUBCHECK_JAR = "/usr/bin/epubcheck";
// The quick (C1) compiler alone and the serial collector: half the CPU of a JVM's defaults for
// work this short (measured 8.9 s → 4.1 s for one book), the verdict the same.
const QUICK_JVM = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

// One epubcheck for the run, whichever unit project asks first (both run in vitest's process):
// the books' checks then share the schemas it compiles once (decision 0525).
const STARTED = Symbol.for("inkstone.test.epubcheckPort");
const run = globalThis as { [STARTED]?: Promise<{ port: number; stop: () => void }> };

async function start(): Promise<{ port: number; stop: () => void }> {
  if (!existsSync(EPUBCHECK_JAR)) return { port: 0, stop: () => {} };
  const port = await freePort();
  // Its standard input stays open while this process lives: the service ends when it closes.
  const service = spawn("java", [...QUICK_JVM, "-cp", EPUBCHECK_JAR, "test/support/EpubcheckService.java", String(port)], { stdio: ["pipe", "ignore", "inherit"] });
  service.unref();
  (service.stdin as Socket | null)?.unref();
  // Ready before any test runs: its start (compiling this source, about two seconds of CPU) then
  // never overlaps a test, the clock-bound ones included.
  await listening(port, service);
  return { port, stop: () => service.kill() };
}

async function listening(port: number, service: ChildProcess): Promise<void> {
  for (let waited = 0; service.exitCode === null; waited += 100) {
    const accepted = await new Promise<boolean>((resolve) => {
      const probe = connect(port, "127.0.0.1", () => resolve(true)).on("error", () => resolve(false));
      probe.end();
    });
    if (accepted) return;
    if (waited > 60_000) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  service.kill();
  throw new Error(`epubcheck's service did not start (test/support/EpubcheckService.java, exit ${service.exitCode})`);
}

export default async function setup(project: TestProject) {
  const { port, stop } = await (run[STARTED] ??= start());
  project.provide("epubcheckPort", port);
  return stop;
}
