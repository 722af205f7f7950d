import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { NodeCompiler } from "@myriaddreamin/typst-ts-node-compiler";

/**
 * A process of its own that typesets one PDF with Typst (see ./typst-process.ts, which starts it).
 * Typst is native code: neither a deadline nor terminating the worker thread that called it can
 * stop a compile (terminating waited 68 s for one here), so it runs where it can be killed. The
 * compile runs in a thread of this process, and its main thread watches stdin: when the caller's
 * end closes (its worker thread was stopped, or the server died), this process kills itself at once.
 *
 * Protocol: stdin carries the source's byte length, a newline, then the source, and stays open;
 * stdout gets the PDF; a failure is a message on stderr and exit code 1.
 */

const [fontDir] = process.argv.slice(2);

function compile(source: string): Uint8Array {
  // A native module: loaded at run time from node_modules, never bundled.
  const load = process.getBuiltinModule("node:module").createRequire(import.meta.url);
  const { NodeCompiler: Compiler } = load("@myriaddreamin/typst-ts-node-compiler") as typeof import("@myriaddreamin/typst-ts-node-compiler");
  const compiler: NodeCompiler = Compiler.create({ fontArgs: [{ fontPaths: [workerData.fontDir] }] });
  return compiler.pdf({ mainFileContent: source }, { creationTimestamp: 0 });
}

function readSource(onSource: (source: string) => void): void {
  let buffered = Buffer.alloc(0);
  let length: number | undefined;
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    if (length === undefined) {
      const newline = buffered.indexOf(10);
      if (newline < 0) return;
      length = Number(buffered.subarray(0, newline).toString("ascii"));
      buffered = buffered.subarray(newline + 1);
    }
    if (buffered.byteLength < length) return;
    process.stdin.off("data", onData);
    onSource(buffered.subarray(0, length).toString("utf8"));
  };
  process.stdin.on("data", onData);
}

if (isMainThread) {
  // The caller is gone: nothing will read the PDF, and the compile may never end.
  const killSelf = () => process.kill(process.pid, "SIGKILL");
  process.stdin.on("end", killSelf).on("close", killSelf).on("error", killSelf);
  readSource((source) => {
    process.stdin.resume();
    const typesetter = new Worker(new URL(import.meta.url), { workerData: { source, fontDir } });
    typesetter.once("message", (pdf: Uint8Array) => {
      process.stdout.write(pdf, () => process.exit(0));
    });
    typesetter.once("error", (error) => {
      process.stderr.write(String(error.message || error));
      process.exit(1);
    });
  });
} else {
  parentPort!.postMessage(compile(workerData.source as string));
}
