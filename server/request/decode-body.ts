import { AppError } from "../errors";
import { runInWorker } from "../workers/pool";
import { decodeUtf8Here, parseJsonHere, type ParseTask } from "./parse-task";

/**
 * Bodies up to this size are decoded and parsed on the web thread; larger ones in a worker of the
 * pool's quick lane. Measured on Node 20 (bench/body-parse.mjs, a busy 2-core machine): a 19 MiB
 * document costs the web thread 39 ms (English), 133 ms (Chinese) or 66 ms (all \u escapes) to
 * decode and parse itself, but 28, 40 or 15 ms to hand the bytes over and take the parsed value
 * back (structured clone). At 1 MiB both are under 2 ms, less than a worker round trip's latency,
 * so small bodies stay here. A body of many small values costs more to take back than to parse
 * (10 MiB of small objects: 320 ms here, 520 ms back): MAX_JSON_VALUES refuses those.
 */
export const INLINE_PARSE_BYTES = 1024 * 1024;
/** From queueing: parsing the largest body takes well under a second; past this the lane is busy. */
const PARSE_TIMEOUT_MS = 15_000;
const BUSY_RETRY_SECONDS = 5;

function offThread<T>(task: ParseTask, owner: string | undefined): Promise<T> {
  return runInWorker<T>(task, {
    lane: "quick",
    owner,
    timeoutMs: PARSE_TIMEOUT_MS,
    timeoutError: () => new AppError("rate_limited", "The server is busy reading other uploads; try again in a few seconds.", undefined, BUSY_RETRY_SECONDS),
  });
}

/** The body as JSON (400 malformed_json when it is not UTF-8 JSON); `owner` is whose turn it takes. */
export function parseJsonBody(bytes: Uint8Array, owner: string | undefined): Promise<unknown> {
  if (bytes.byteLength <= INLINE_PARSE_BYTES) return Promise.resolve().then(() => parseJsonHere(bytes));
  return offThread({ op: "parse-json", bytes }, owner);
}

/** A text part as a string (422 naming `path` when it is not UTF-8). */
export function decodeUtf8Body(bytes: Uint8Array, path: string, owner: string | undefined): Promise<string> {
  if (bytes.byteLength <= INLINE_PARSE_BYTES) return Promise.resolve().then(() => decodeUtf8Here(bytes, path));
  return offThread({ op: "decode-utf8", bytes, path }, owner);
}
