import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import type { TypesetHeader, TypesetJob, TypesetResult } from "./typst-child";

/** Where scripts/build-worker.mjs puts the bundled ./typst-child.ts (relative to the app's root). */
// turbopackIgnore: a path built at run time makes `next build` trace the whole project.
const CHILD_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), ".build", "typst-child.mjs");

/** Why a compile was stopped from outside: past the caller's own deadline. */
export class TypesetTimeout extends Error {}

/**
 * How many jobs one child typesets before it is retired: its heap and Typst's memo stay bounded,
 * and a child never outlives a few minutes of work.
 */
const JOBS_PER_CHILD = 20;

/**
 * How long a child waits for another job before it is retired: long enough for the next PDF of a
 * session (an export after its preview, a suite of tests), short enough that an idle server gives
 * back its memory (about 100 MB a child that has set Chinese text).
 */
const WAITS_MS = 30_000;

/** A typesetting child (./typst-child.ts) and what the caller knows of it. */
interface Typesetter {
  child: ChildProcessWithoutNullStreams;
  fontDir: string;
  jobs: number;
  exited: boolean;
  /** the end of what it said on stderr, for the error when it dies */
  said: string;
  /** while it waits: when it is retired for want of a job */
  retiring?: NodeJS.Timeout;
}

/**
 * The child that waits for this thread's next job, if any. Starting one costs about 130 ms of CPU
 * (Node, the native compiler, the fonts), ten to thirty times a short document's typesetting, so a
 * child is kept between jobs (decision 0528). It is this thread's: a pool worker that is stopped
 * closes its pipes, and its child kills itself, waiting or not. While it waits it holds nothing open
 * (unref'd), so it never keeps a process alive, and it is retired after WAITS_MS without a job.
 */
let waiting: Typesetter | undefined;

/** The pid of the child waiting for this thread's next job: which child a job left behind, for the tests. */
export function waitingTypesetterPid(): number | undefined {
  return waiting?.child.pid;
}

function startTypesetter(fontDir: string): Typesetter {
  const child = spawn(process.execPath, [CHILD_FILE, fontDir], { stdio: ["pipe", "pipe", "pipe"] });
  const typesetter: Typesetter = { child, fontDir, jobs: 0, exited: false, said: "" };
  // The child may be gone before it read everything (it failed); its exit says why.
  child.stdin.on("error", () => {});
  child.stderr.on("data", (chunk: Buffer) => (typesetter.said = (typesetter.said + chunk.toString("utf8")).slice(-500)));
  child.on("exit", () => {
    typesetter.exited = true;
    if (waiting === typesetter) waiting = undefined;
  });
  return typesetter;
}

/** Holds or lets go of the child's process and pipes in the event loop. */
function hold(typesetter: Typesetter, held: boolean): void {
  const { child } = typesetter;
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as { ref(): void; unref(): void }[]) {
    if (held) handle.ref();
    else handle.unref();
  }
}

function takeTypesetter(fontDir: string): Typesetter {
  const typesetter = waiting;
  if (!typesetter || typesetter.exited || typesetter.fontDir !== fontDir) return startTypesetter(fontDir);
  waiting = undefined;
  clearTimeout(typesetter.retiring);
  hold(typesetter, true);
  return typesetter;
}

/** After a job answered: the child waits for the next, unless one already does or it has done its share. */
function release(typesetter: Typesetter): void {
  if (waiting || typesetter.exited || typesetter.jobs >= JOBS_PER_CHILD) return retire(typesetter);
  waiting = typesetter;
  hold(typesetter, false);
  typesetter.retiring = setTimeout(() => {
    if (waiting !== typesetter) return;
    waiting = undefined;
    retire(typesetter);
  }, WAITS_MS).unref();
}

/** Closing its stdin is the child's signal to kill itself (and Ghostscript with it). */
function retire(typesetter: Typesetter): void {
  typesetter.child.stdin.destroy();
}

/**
 * Typesets a Typst job into a PDF in a child process (see ./typst-child.ts for why). The child
 * dies with the worker thread that waits for it: when the pool stops that thread at a deadline,
 * the pipe to the child closes and the child kills itself, mid-compile or not. A caller outside
 * the pool (the cover template) gives `timeoutMs`, after which the child is killed here, or a
 * `signal` that stops it the same way when aborted. A child that answered waits for the next job.
 */
export function typesetInChild(job: TypesetJob, fontDir: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<TypesetResult> {
  return new Promise((resolve, reject) => {
    const typesetter = takeTypesetter(fontDir);
    const { child } = typesetter;
    typesetter.jobs++;
    // The header line, then the body in parts, joined once it is all there (a book's PDF is megabytes).
    let head = Buffer.alloc(0);
    let header: TypesetHeader | undefined;
    const parts: Buffer[] = [];
    let received = 0;
    let stopped = false;
    // Past the deadline (or when the caller aborts), the child is told as the pool tells it, by its
    // stdin closing: it then kills Ghostscript with itself (a SIGKILL alone would leave Ghostscript
    // running); the SIGKILL is the backstop.
    const stop = () => {
      if (stopped) return;
      stopped = true;
      retire(typesetter);
      setTimeout(() => child.kill("SIGKILL"), 1_000).unref();
    };
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(stop, options.timeoutMs);
    options.signal?.addEventListener("abort", stop, { once: true });
    const settle = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", stop);
      child.stdout.off("data", onData);
      child.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      if (!header) {
        head = Buffer.concat([head, chunk]);
        const newline = head.indexOf(10);
        if (newline < 0) return;
        header = JSON.parse(head.subarray(0, newline).toString("utf8")) as TypesetHeader;
        chunk = head.subarray(newline + 1);
      }
      parts.push(chunk);
      received += chunk.byteLength;
      if (received < header.bytes || stopped) return;
      settle();
      release(typesetter);
      if ("error" in header) return reject(new Error(`Typst could not typeset the document: ${header.error}`));
      const { bytes, previewLengths, ...result } = header;
      const body = Buffer.concat(parts, received).subarray(0, bytes);
      if (!previewLengths) return resolve({ ...result, pdf: new Uint8Array(body) });
      // A preview's body is its images, one after the other.
      let at = 0;
      const previewImages = previewLengths.map((length) => new Uint8Array(body.subarray(at, (at += length))));
      resolve({ ...result, pdf: new Uint8Array(), previewImages });
    };
    const onClose = (code: number | null, signal: NodeJS.Signals | null) => {
      settle();
      if (stopped) return reject(new TypesetTimeout(options.signal?.aborted ? "The typesetting was stopped: its caller stopped waiting" : `Typst ran past ${options.timeoutMs} ms and was stopped`));
      reject(new Error(`Typst stopped (${signal ?? `exit ${code}`}): ${typesetter.said}`));
    };
    child.stdout.on("data", onData);
    child.on("close", onClose);
    const bytes = Buffer.from(JSON.stringify(job), "utf8");
    // Length first, and stdin left open: its closing is the child's signal that nobody waits any more.
    child.stdin.write(`${bytes.byteLength}\n`);
    child.stdin.write(bytes);
  });
}
