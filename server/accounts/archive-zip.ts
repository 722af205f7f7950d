import { setImmediate as nextTurn } from "node:timers/promises";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { AppError } from "../errors";

/**
 * Deflating a megabyte takes the thread some 20 ms: each entry is fed in pieces of this size, with
 * a turn of the event loop between them, so building an archive never holds the server's requests
 * up for more than a moment, however much text the account holds.
 */
const PIECE_BYTES = 1024 * 1024;

/**
 * One zip, written an entry at a time (fflate's streaming Zip): only the compressed archive stays
 * in memory, never every entry at once. Past `maxBytes` of archive it stops with
 * archive_too_large (decision 0484).
 */
export class ArchiveZip {
  private readonly pieces: Uint8Array[] = [];
  private size = 0;
  private failure: Error | null = null;
  private ended = false;
  private readonly zip: Zip;

  constructor(
    private readonly maxBytes: number,
    private readonly signal?: AbortSignal,
  ) {
    this.zip = new Zip((error, data, final) => {
      if (error) this.failure = error;
      else {
        this.pieces.push(data);
        this.size += data.byteLength;
      }
      if (final) this.ended = true;
    });
  }

  /** Text as UTF-8, or bytes; `stored`: already compressed (an EPUB, a JPEG), kept as it is. */
  async add(path: string, data: string | Uint8Array, { stored = false }: { stored?: boolean } = {}): Promise<void> {
    const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
    const entry = stored ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
    this.zip.add(entry);
    if (bytes.byteLength === 0) entry.push(new Uint8Array(0), true);
    for (let at = 0; at < bytes.byteLength; at += PIECE_BYTES) {
      entry.push(bytes.subarray(at, at + PIECE_BYTES), at + PIECE_BYTES >= bytes.byteLength);
      this.check();
      await nextTurn();
    }
    this.check();
  }

  /** JSON as a reader opens it: indented, a newline at the end. */
  addJson(path: string, value: unknown): Promise<void> {
    return this.add(path, `${JSON.stringify(value, null, 2)}\n`);
  }

  /** The whole archive. */
  finish(): Uint8Array {
    this.zip.end();
    this.check();
    if (!this.ended) throw new Error("the zip did not end");
    const archive = new Uint8Array(this.size);
    let at = 0;
    for (const piece of this.pieces) {
      archive.set(piece, at);
      at += piece.byteLength;
    }
    this.pieces.length = 0;
    return archive;
  }

  get bytesWritten(): number {
    return this.size;
  }

  private check(): void {
    if (this.failure) throw this.failure;
    this.signal?.throwIfAborted();
    if (this.size > this.maxBytes) {
      throw new AppError(
        "archive_too_large",
        `Your archive passed ${Math.round(this.maxBytes / 1024 / 1024)} MiB, the most one archive may hold, and was stopped. Export your books one at a time (Export on each book's page), or ask your server's operator for a backup of your data.`,
        { maxBytes: this.maxBytes },
      );
    }
  }
}
