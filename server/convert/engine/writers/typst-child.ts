import { once } from "node:events";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { NodeCompiler, NodeTypstDocument } from "@myriaddreamin/typst-ts-node-compiler";
import type { ChildProcess } from "node:child_process";
import { GUTTER_BANDS, GUTTER_INPUT, gutterFor } from "../print";
import { convertToPdfx } from "./pdfx";
import { renderPages } from "./preview-pages";

/**
 * A process of its own that typesets PDFs with Typst, one job after another (see ./typst-process.ts,
 * which starts it and keeps it between jobs). Typst is native code: neither a deadline nor
 * terminating the worker thread that called it can stop a compile (terminating waited 68 s for one
 * here), so it runs where it can be killed. The compiles run in a thread of this process, which
 * keeps its compiler (the fonts read once, Typst's memo of shaped text) from job to job; its main
 * thread watches stdin: when the caller's end closes (its worker thread was stopped, the server
 * died, or the caller retired this process), this process kills itself at once, and Ghostscript
 * with it when it is making the PDF/X variant (./pdfx.ts).
 *
 * Protocol, for each job: stdin carries the job's byte length, a newline, then the job as JSON
 * (TypesetJob), and stays open; stdout gets a line of JSON (TypesetResult's pages and gutter, and
 * the byte length of what follows), then the PDF, or a line `{"error": …}` when Typst refused the
 * source. Anything else ends the process with a message on stderr.
 */

export interface TypesetJob {
  source: string;
  /** the source reads its gutter from sys.inputs (a book's pages): typeset again while the page count asks for a wider one */
  gutter?: boolean;
  /** the PDF rewritten as PDF/X-3 by Ghostscript */
  pdfx?: boolean;
  /** instead of the PDF, its first pages as PNG images, rendered by poppler's pdftoppm (./preview-pages.ts) */
  previewPages?: number;
}

export interface TypesetResult {
  pdf: Uint8Array;
  pages: number;
  /** the gutter the pages were set with, in inches (with `gutter` only) */
  gutter?: number;
  /** how many times the book was typeset */
  passes: number;
  /** with `previewPages`: the pages as PNG images (and `pdf` empty) */
  previewImages?: Uint8Array[];
}

/** A job's outcome as its answer's line says it: `error` when Typst refused the source. */
type TypesetOutcome = { error: string } | (Omit<TypesetResult, "pdf" | "previewImages"> & { previewLengths?: number[] });

/**
 * The line that answers a job on stdout: `bytes` of body follow it (the PDF, or the preview's
 * images one after the other, each's length in `previewLengths`; none after an error).
 */
export type TypesetHeader = TypesetOutcome & { bytes: number };

const [fontDir] = process.argv.slice(2);

function compileOnce(compiler: NodeCompiler, source: string, inputs: Record<string, string>): NodeTypstDocument {
  const compiled = compiler.compile({ mainFileContent: source, inputs });
  const document = compiled.result;
  if (!document) {
    const error = compiled.takeError();
    throw new Error(error ? JSON.stringify(error.shortDiagnostics).slice(0, 500) : "Typst made no document");
  }
  return document;
}

/**
 * A book's gutter depends on its page count, and its page count on its gutter (a wider one makes
 * narrower lines and more pages): set it with the first band's, then again with the band the count
 * asks for while that is wider. The gutter only grows, so this ends (at most once per band); a
 * count that a wider gutter brings back under its band keeps the wider gutter, since a printer
 * refuses a gutter too narrow and never one too wide (decision 0490). One compiler serves every
 * pass, and every job of the process: the fonts are read once and Typst's memo of shaped text
 * carries over.
 */
function typeset(job: TypesetJob, compiler: NodeCompiler): TypesetResult {
  const render = (document: NodeTypstDocument) => new Uint8Array(compiler.pdf(document, { creationTimestamp: 0 }));
  if (!job.gutter) {
    const document = compileOnce(compiler, job.source, {});
    return { pdf: render(document), pages: document.numOfPages, passes: 1 };
  }
  let gutter = GUTTER_BANDS[0]!.inches;
  for (let passes = 1; ; passes++) {
    const document = compileOnce(compiler, job.source, { [GUTTER_INPUT]: String(gutter) });
    const needed = gutterFor(document.numOfPages);
    if (needed <= gutter) return { pdf: render(document), pages: document.numOfPages, gutter, passes };
    gutter = needed;
  }
}

/** What the typesetting thread answers for a job. */
type Typeset = { result: TypesetResult } | { error: string };

/**
 * Typst's memo keeps what the last this many compiles used: enough for a book's passes and the
 * next job's shared fonts and styles, while a process that typesets many books stays bounded.
 */
const MEMO_COMPILES = 10;

/**
 * Calls `onJob` with each job stdin brings, in order. A job's parts are joined once it has all
 * arrived: joining at every part copied a 20 MB book's source about 300 times.
 */
function readJobs(onJob: (job: TypesetJob) => void): void {
  let parts: Buffer[] = [];
  let held = 0;
  let length: number | undefined;
  const joined = () => Buffer.concat(parts, held);
  process.stdin.on("data", (chunk: Buffer) => {
    parts.push(chunk);
    held += chunk.byteLength;
    for (;;) {
      if (length === undefined) {
        // The length line is a few bytes at the front of a job.
        const buffered = joined();
        const newline = buffered.indexOf(10);
        parts = [buffered];
        if (newline < 0) return;
        length = Number(buffered.subarray(0, newline).toString("ascii"));
        parts = [buffered.subarray(newline + 1)];
        held -= newline + 1;
      }
      if (held < length) return;
      const buffered = joined();
      const job = JSON.parse(buffered.subarray(0, length).toString("utf8")) as TypesetJob;
      parts = [buffered.subarray(length)];
      held -= length;
      length = undefined;
      onJob(job);
    }
  });
}

if (isMainThread) {
  // The caller is gone: nothing will read the PDF, and the compile may never end.
  // Ghostscript (PDF/X) or pdftoppm (a preview): whichever runs goes with this process.
  let ghostscript: ChildProcess | undefined;
  const killSelf = () => {
    ghostscript?.kill("SIGKILL");
    process.kill(process.pid, "SIGKILL");
  };
  process.stdin.on("end", killSelf).on("close", killSelf).on("error", killSelf);
  const fail = (error: Error) => {
    process.stderr.write(String(error.message || error));
    process.exit(1);
  };
  const typesetter = new Worker(new URL(import.meta.url), { workerData: { fontDir } });
  typesetter.on("error", fail);
  const send = (outcome: TypesetOutcome, body: Uint8Array) =>
    new Promise<void>((resolve) => {
      const header: TypesetHeader = { ...outcome, bytes: body.byteLength };
      process.stdout.write(`${JSON.stringify(header)}\n`);
      process.stdout.write(body, () => resolve());
    });

  async function run(job: TypesetJob): Promise<void> {
    const answered = once(typesetter, "message");
    typesetter.postMessage(job);
    const [typeset] = (await answered) as [Typeset];
    if ("error" in typeset) return send({ error: typeset.error }, new Uint8Array());
    const { pdf, pages, gutter, passes } = typeset.result;
    if (job.previewPages) {
      // A preview sends its images alone, each's length in the header line: the PDF is not wanted.
      const images = await renderPages(pdf, job.previewPages, (tool) => (ghostscript = tool));
      return send({ pages, gutter, passes, previewLengths: images.map((image) => image.byteLength) }, Buffer.concat(images));
    }
    return send({ pages, gutter, passes }, job.pdfx ? await convertToPdfx(pdf, (gs) => (ghostscript = gs)) : pdf);
  }

  // One job at a time, in the order they came (the caller sends the next only after an answer).
  let queue = Promise.resolve();
  readJobs((job) => {
    queue = queue.then(() => run(job)).catch(fail);
  });
} else {
  // A native module: loaded at run time from node_modules, never bundled.
  const load = process.getBuiltinModule("node:module").createRequire(import.meta.url);
  const { NodeCompiler: Compiler } = load("@myriaddreamin/typst-ts-node-compiler") as typeof import("@myriaddreamin/typst-ts-node-compiler");
  const compiler: NodeCompiler = Compiler.create({ fontArgs: [{ fontPaths: [workerData.fontDir as string] }] });
  parentPort!.on("message", (job: TypesetJob) => {
    let answer: Typeset;
    try {
      answer = { result: typeset(job, compiler) };
    } catch (error) {
      answer = { error: (error as Error).message };
    }
    compiler.evictCache(MEMO_COMPILES);
    parentPort!.postMessage(answer);
  });
}
