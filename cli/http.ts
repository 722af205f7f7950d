import http from "node:http";
import https from "node:https";
import { Readable, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import zlib from "node:zlib";

/**
 * One HTTP exchange over node:http(s), answered as an `Answer` for the rest of the CLI to read.
 * Not fetch itself: Node 20's fetch compiles its HTTP parser (WebAssembly) on a process's first
 * request, about 150 ms of CPU, more than the rest of a command's start (decision 0523).
 * What fetch did that the CLI relies on is kept: compressed answers are decompressed, redirects
 * are followed (a proxy sending http:// on to https://) without carrying the token to another
 * origin, and a timeout aborts with a TimeoutError.
 */
export interface HttpRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  signal?: AbortSignal;
}

/** fetch's limit (WHATWG Fetch, "HTTP-redirect fetch"). */
const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Answers that carry no body, whatever their headers say. */
const NO_BODY = new Set([101, 204, 205, 304]);

export async function httpRequest(url: URL, request: HttpRequest): Promise<Answer> {
  for (let redirects = 0; ; redirects++) {
    const answer = await exchange(url, request);
    const status = answer.statusCode ?? 0;
    const location = answer.headers.location;
    if (!REDIRECTS.has(status) || location === undefined || redirects === MAX_REDIRECTS) return answerOf(answer, request.method);
    // As fetch: a 303 (and a 301 or 302 after a POST) goes on as a GET without the body; any other redirect sends the request again.
    const asGet = (status === 303 && request.method !== "GET" && request.method !== "HEAD") || ((status === 301 || status === 302) && request.method === "POST");
    // A streamed body was spent on the first exchange: it cannot be sent again.
    if (!asGet && streamed(request.body)) return answerOf(answer, request.method);
    answer.resume();
    const next = new URL(location, url);
    const headers = asGet ? withoutBodyHeaders(request.headers) : { ...request.headers };
    if (next.origin !== url.origin) delete headers.authorization;
    request = asGet ? { ...request, method: "GET", body: undefined, headers } : { ...request, headers };
    url = next;
  }
}

function exchange(url: URL, { method, headers, body, signal }: HttpRequest): Promise<http.IncomingMessage> {
  const send = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    // A body in hand goes with its length, as fetch sends it: chunked, a DELETE's body is refused.
    const length = body === undefined || streamed(body) ? undefined : Buffer.byteLength(body);
    const sent = { "accept-encoding": "gzip, deflate, br", ...(length === undefined ? {} : { "content-length": String(length) }), ...headers };
    const outgoing = send(url, { method, headers: sent, signal }, resolve);
    outgoing.on("error", (error) => reject(signal?.aborted ? signal.reason : error));
    if (streamed(body)) pipeline(Readable.fromWeb(body as NodeReadableStream), outgoing).catch(reject);
    else outgoing.end(body);
  });
}

/**
 * The server's answer as the CLI reads it: the parts of fetch's `Response` it uses, over node:http's
 * message. Not a `Response`: making one (or its `Headers`) loads Node's fetch, undici, about 24 ms of
 * CPU, a sixth of a whole command (decision 0527). The body is read as it arrives, whether or not
 * anyone asks for it: an answer left unread (a 401 before a refresh, a refusal thrown as an error)
 * would otherwise hold its connection, and the command would never end.
 */
export class Answer {
  readonly ok: boolean;
  private readonly whole: Promise<Uint8Array>;
  private received = 0;
  private progress: ((received: number) => void) | undefined;

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly headers: AnswerHeaders,
    body: Readable | null,
  ) {
    this.ok = status >= 200 && status <= 299;
    this.whole = body ? this.readAll(body) : Promise.resolve(new Uint8Array());
    // A body that fails while nobody is reading it fails whoever reads it later, not the process.
    this.whole.catch(() => {});
  }

  /** The whole body, decompressed; `progress` hears the bytes received so far as each part comes. */
  bytes(progress?: (received: number) => void): Promise<Uint8Array> {
    this.progress = progress;
    progress?.(this.received);
    return this.whole;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.whole);
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  private readAll(body: Readable): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      const parts: Buffer[] = [];
      body.on("data", (part: Buffer) => {
        parts.push(part);
        this.received += part.byteLength;
        this.progress?.(this.received);
      });
      body.on("end", () => resolve(Buffer.concat(parts)));
      body.on("error", reject);
    });
  }
}

/** An answer's header fields, read as fetch's `Headers` reads them: by any case of a name, repeated fields joined with ", ". */
export class AnswerHeaders {
  private readonly fields = new Map<string, string[]>();

  constructor(rawHeaders: readonly string[]) {
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = rawHeaders[i]!.toLowerCase();
      const values = this.fields.get(name);
      if (values) values.push(rawHeaders[i + 1]!);
      else this.fields.set(name, [rawHeaders[i + 1]!]);
    }
  }

  get(name: string): string | null {
    return this.fields.get(name.toLowerCase())?.join(", ") ?? null;
  }

  /** Every field in fetch's order: names lower-cased and sorted; each Set-Cookie on its own, as fetch keeps them. */
  *[Symbol.iterator](): IterableIterator<[string, string]> {
    for (const name of [...this.fields.keys()].sort()) {
      if (name === "set-cookie") for (const value of this.fields.get(name)!) yield [name, value];
      else yield [name, this.get(name)!];
    }
  }
}

function answerOf(message: http.IncomingMessage, method: string): Answer {
  const headers = new AnswerHeaders(message.rawHeaders);
  const status = message.statusCode ?? 0;
  const statusText = message.statusMessage ?? "";
  if (NO_BODY.has(status) || method === "HEAD") {
    message.resume();
    return new Answer(status, statusText, headers, null);
  }
  const decoder = decoderOf(headers.get("content-encoding"));
  if (decoder) message.on("error", (error) => decoder.destroy(error));
  return new Answer(status, statusText, headers, decoder ? message.pipe(decoder) : message);
}

function decoderOf(encoding: string | null): Transform | null {
  switch (encoding?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/**
 * A body sent as it is read (an upload with a progress bar). Told apart from a body in hand
 * without naming the global ReadableStream, whose first use loads Node's web streams (2–3 ms).
 */
function streamed(body: HttpRequest["body"]): body is ReadableStream<Uint8Array> {
  return body !== undefined && typeof body !== "string" && !(body instanceof Uint8Array);
}

function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "content-type" && name !== "content-length"));
}
