import { spawn } from "node:child_process";
import path from "node:path";

/** Where scripts/build-worker.mjs puts the bundled ./typst-child.ts (relative to the app's root). */
// turbopackIgnore: a path built at run time makes `next build` trace the whole project.
const CHILD_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), ".build", "typst-child.mjs");

/**
 * Typesets Typst `source` into a PDF in a child process (see ./typst-child.ts for why). The child
 * dies with the worker thread that waits for it: when the pool stops that thread at a deadline,
 * the pipe to the child closes and the child kills itself, mid-compile or not.
 */
export function typesetInChild(source: string, fontDir: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD_FILE, fontDir], { stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    // The child may be gone before it read everything (it failed); its exit says why.
    child.stdin.on("error", () => {});
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve(new Uint8Array(Buffer.concat(out)));
      else reject(new Error(`Typst stopped (${signal ?? `exit ${code}`}): ${Buffer.concat(err).toString("utf8").slice(0, 500)}`));
    });
    const bytes = Buffer.from(source, "utf8");
    // Length first, and stdin left open: its closing is the child's signal that nobody waits any more.
    child.stdin.write(`${bytes.byteLength}\n`);
    child.stdin.write(bytes);
  });
}
