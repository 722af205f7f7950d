import { spawn } from "node:child_process";
import path from "node:path";
import type { TypesetJob, TypesetResult } from "./typst-child";

/** Where scripts/build-worker.mjs puts the bundled ./typst-child.ts (relative to the app's root). */
// turbopackIgnore: a path built at run time makes `next build` trace the whole project.
const CHILD_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), ".build", "typst-child.mjs");

/** Why a compile was stopped from outside: past the caller's own deadline. */
export class TypesetTimeout extends Error {}

/**
 * Typesets a Typst job into a PDF in a child process (see ./typst-child.ts for why). The child
 * dies with the worker thread that waits for it: when the pool stops that thread at a deadline,
 * the pipe to the child closes and the child kills itself, mid-compile or not. A caller outside
 * the pool (the cover template) gives `timeoutMs`, after which the child is killed here, or a
 * `signal` that stops it the same way when aborted.
 */
export function typesetInChild(job: TypesetJob, fontDir: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<TypesetResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD_FILE, fontDir], { stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    // Past the deadline (or when the caller aborts), the child is told as the pool tells it, by its
    // stdin closing: it then kills Ghostscript with itself (a SIGKILL alone would leave Ghostscript
    // running); the SIGKILL is the backstop.
    const stop = () => {
      if (timedOut) return;
      timedOut = true;
      child.stdin.destroy();
      setTimeout(() => child.kill("SIGKILL"), 1_000).unref();
    };
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(stop, options.timeoutMs);
    options.signal?.addEventListener("abort", stop, { once: true });
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    // The child may be gone before it read everything (it failed); its exit says why.
    child.stdin.on("error", () => {});
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", stop);
      if (timedOut) return reject(new TypesetTimeout(options.signal?.aborted ? "The typesetting was stopped: its caller stopped waiting" : `Typst ran past ${options.timeoutMs} ms and was stopped`));
      if (code !== 0) return reject(new Error(`Typst stopped (${signal ?? `exit ${code}`}): ${Buffer.concat(err).toString("utf8").slice(0, 500)}`));
      const output = Buffer.concat(out);
      const newline = output.indexOf(10);
      const { previewLengths, ...header } = JSON.parse(output.subarray(0, newline).toString("utf8")) as Omit<TypesetResult, "pdf"> & { previewLengths?: number[] };
      const body = output.subarray(newline + 1);
      if (!previewLengths) return resolve({ ...header, pdf: new Uint8Array(body) });
      // A preview's body is its images, one after the other.
      let at = 0;
      const previewImages = previewLengths.map((length) => new Uint8Array(body.subarray(at, (at += length))));
      resolve({ ...header, pdf: new Uint8Array(), previewImages });
    });
    const bytes = Buffer.from(JSON.stringify(job), "utf8");
    // Length first, and stdin left open: its closing is the child's signal that nobody waits any more.
    child.stdin.write(`${bytes.byteLength}\n`);
    child.stdin.write(bytes);
  });
}
