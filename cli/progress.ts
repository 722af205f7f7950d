import { Presets, SingleBar } from "cli-progress";
import type { Answer } from "./http";

export interface Progress {
  update(value: number): void;
  stop(): void;
}

const SILENT: Progress = { update() {}, stop() {} };

/**
 * Bars only for a person watching: on stderr, when stderr is a terminal (as gh's). Standard output
 * may be a file or a pipe (`export … -o - > book.epub`) while the person still watches stderr; a
 * script that captures stderr gets none.
 */
function showBars(): boolean {
  return Boolean(process.stderr.isTTY);
}

const ERASE_LINE = "\r\u001b[K";

/**
 * While the server works on an answer that has not begun (an inline export: seconds before the
 * first byte, with no length to count against): the label and the seconds waited, on stderr.
 * Returns what ends it, erasing the line.
 */
export function waitingFor(label: string): () => void {
  if (!showBars()) return () => {};
  const started = Date.now();
  const draw = () => {
    const seconds = Math.floor((Date.now() - started) / 1000);
    process.stderr.write(`${ERASE_LINE}${label}…${seconds > 0 ? ` ${seconds} s` : ""}`);
  };
  draw();
  const timer = setInterval(draw, 1000);
  // Never what keeps the process alive.
  timer.unref();
  return () => {
    clearInterval(timer);
    process.stderr.write(ERASE_LINE);
  };
}

/** A bar on stderr: bytes out of `total`, or (for a job) a fraction of 1. */
export function progressBar(label: string, total: number | "fraction"): Progress {
  if (!showBars()) return SILENT;
  const options = {
    format: total === "fraction" ? `${label} [{bar}] {percentage}%` : `${label} [{bar}] {percentage}% {value}/{total} bytes`,
    hideCursor: true,
    clearOnComplete: true,
    stream: process.stderr,
  };
  const bar = new SingleBar(options, Presets.shades_classic);
  bar.start(total === "fraction" ? 1 : total, 0);
  return { update: (value) => bar.update(value), stop: () => bar.stop() };
}

const CHUNK_BYTES = 64 * 1024;

/** The bytes as they are; on a terminal, a stream that moves a bar as the server takes them. */
export function countedUpload(bytes: Uint8Array<ArrayBuffer>, label: string | undefined): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>> {
  if (!label || !showBars()) return bytes;
  const bar = progressBar(label, bytes.byteLength);
  let offset = 0;
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      if (offset >= bytes.byteLength) {
        bar.stop();
        controller.close();
        return;
      }
      const chunk = bytes.subarray(offset, offset + CHUNK_BYTES);
      offset += chunk.byteLength;
      bar.update(offset);
      controller.enqueue(chunk);
    },
    cancel: () => bar.stop(),
  });
}

/** Reads the whole answer; on a terminal with a known length, with a bar. */
export async function readWithProgress(answer: Answer, label: string | undefined): Promise<Uint8Array> {
  const length = Number(answer.headers.get("content-length"));
  if (!label || !showBars() || !(length > 0)) return answer.bytes();
  const bar = progressBar(label, length);
  try {
    return await answer.bytes((received) => bar.update(received));
  } finally {
    bar.stop();
  }
}
