import { decodeJwt } from "jose";
import { z } from "zod";
import { tokenPairSchema } from "../server/auth/schemas";
import { fileNameOf } from "../server/http/content-disposition";
import { jobSchema, type JobDto } from "../server/jobs/schemas";
import { ApiError, CliError, environmentTokenRefused, notLoggedIn } from "./errors";
import { httpRequest, type Answer, type AnswerHeaders, type HttpRequest } from "./http";
import { uninterruptible } from "./interrupt";
import { awaitJob, linkPath } from "./jobs";
import { multipartBody, type FormField } from "./multipart";
import { countedUpload, readWithProgress, waitingFor } from "./progress";
import { nearExpiry, REFRESH_TIMEOUT_MS, withRefreshLock, type Session } from "./session";

const envelopeSchema = z.object({ code: z.number(), msg: z.string(), data: z.unknown() });
const failureSchema = z.object({ msg: z.string(), error: z.string(), details: z.unknown().optional() });

export type Query = Record<string, string | number | boolean | undefined>;

interface RequestOptions {
  query?: Query;
  json?: unknown;
  /** multipart/form-data's fields; encoded again if the request has to be sent twice */
  form?: readonly FormField[];
  /** false for the token endpoints, which take no Bearer token */
  auth?: boolean;
  /** abort the request after this long */
  timeoutMs?: number;
  /** a label shows a progress bar (on a terminal) while the body goes up or the answer comes down */
  progress?: string;
  /** a body sent as it is (inkstone api --input), with its Content-Type */
  bytes?: { data: Uint8Array<ArrayBuffer>; type: string };
  /** headers of the caller's own (inkstone api -H), over the client's */
  headers?: Record<string, string>;
  /** a download: what is said (on a terminal) while the server works, before the first byte */
  waiting?: string;
}

/** How often a request the server asked to wait for (429, 503 with Retry-After) is sent again. */
export const MAX_RETRIES = 3;
/** A longer wait than this is not waited out: the command fails and says when to try again. */
export const LONGEST_RETRY_WAIT_S = 60;

/**
 * Retry-After in whole seconds (delay-seconds or an HTTP-date, RFC 9110 §10.2.3), or null when
 * absent or unreadable: then the server made no promise, and the client does not guess one.
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export interface Page<T> {
  items: T[];
  /** X-Total-Count: the whole collection's size */
  total: number | null;
  /** the Link header's rel="next", as a path; null on the last page */
  next: string | null;
}

export interface Download {
  bytes: Uint8Array;
  mediaType: string;
  /** from Content-Disposition, when the server named the file */
  name: string | null;
  /** the background job that made it, when the server queued the work */
  jobId: string | null;
}

/**
 * The one way the CLI talks to the server: envelope in and out, Bearer token, and the refresh
 * dance — a token near expiry, or one the server answers 401 to, is exchanged once for a new
 * pair, which is stored before the request is sent again.
 */
export class ApiClient {
  private refreshed = false;

  constructor(private readonly session: Session) {}

  get url(): string {
    return this.session.url;
  }

  /** The scopes the current access token carries (its own claim; the server has the last word). */
  scopes(): string[] {
    try {
      const { scope } = decodeJwt(this.session.token ?? "");
      return typeof scope === "string" ? scope.split(" ").filter(Boolean) : [];
    } catch {
      return [];
    }
  }

  /** `data` of a JSON answer (undefined for 204); work answered with 202 is awaited. */
  async data<T = unknown>(method: string, path: string, options: RequestOptions = {}, schema?: z.ZodType<T>): Promise<T> {
    const { data } = await this.dataWithHeaders(method, path, options, schema);
    return data;
  }

  private async dataWithHeaders<T>(method: string, path: string, options: RequestOptions, schema?: z.ZodType<T>): Promise<{ data: T; headers: AnswerHeaders }> {
    const response = await this.request(method, path, options);
    if (response.status === 204) return { data: undefined as T, headers: response.headers };
    let data = await this.envelope(response);
    if (response.status === 202) {
      const job = await awaitJob(this, this.check(jobSchema, data, path), options.progress ?? "working");
      data = job.result;
    }
    return { data: schema ? this.check(schema, data, path) : (data as T), headers: response.headers };
  }

  /** One page of a collection, with the total from X-Total-Count and the next page from Link. */
  async page<T>(path: string, query: Query, schema: z.ZodType<T>): Promise<Page<T>> {
    const { data, headers } = await this.dataWithHeaders("GET", path, { query }, z.array(schema));
    const total = headers.get("x-total-count");
    const next = nextLink(headers.get("link"));
    return { items: data, total: total === null ? null : Number(total), next: next === null ? null : linkPath(next) };
  }

  /** A binary answer, or the file of the job a 202 answer queued. */
  async download(method: string, path: string, options: RequestOptions = {}): Promise<Download> {
    const stopWaiting = options.waiting ? waitingFor(options.waiting) : () => {};
    let response: Answer;
    try {
      response = await this.request(method, path, options);
    } finally {
      stopWaiting();
    }
    if (response.status === 202) {
      const job = await awaitJob(this, this.check(jobSchema, await this.envelope(response), path), options.progress ?? "working");
      return this.jobFile(job);
    }
    return this.readDownload(response, options.progress);
  }

  private async jobFile(job: JobDto): Promise<Download> {
    const path = job.links.file ? linkPath(job.links.file) : `/api/v1/jobs/${encodeURIComponent(job.id)}/file`;
    return { ...(await this.readDownload(await this.request("GET", path, {}), "downloading")), jobId: job.id };
  }

  private async readDownload(response: Answer, label: string | undefined): Promise<Download> {
    const mediaType = response.headers.get("content-type") ?? "application/octet-stream";
    const disposition = response.headers.get("content-disposition");
    const bytes = await readWithProgress(response, label);
    return { bytes, mediaType, name: fileNameOf(disposition), jobId: null };
  }

  private check<T>(schema: z.ZodType<T>, data: unknown, path: string): T {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new CliError(`the server's answer to ${path} is not what this client understands (${parsed.error.issues[0]?.message})`);
    return parsed.data;
  }

  private async envelope(response: Answer): Promise<unknown> {
    const parsed = envelopeSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new CliError(`the server at ${this.url} did not answer with Inkstone's envelope (HTTP ${response.status})`);
    return parsed.data.data;
  }

  /**
   * Any answer to a request, failures included, after the refresh dance and the waits the server
   * asked for: for inkstone api, which prints whatever the server said.
   */
  async exchange(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const auth = options.auth ?? true;
    if (auth) {
      if (!this.session.token) throw notLoggedIn();
      if (this.session.refreshToken && nearExpiry(this.session.token)) await this.refresh();
    }
    let response = await this.send(method, path, options, auth);
    if (response.status === 401 && auth && this.session.refreshToken && !this.refreshed) {
      await this.refresh();
      response = await this.send(method, path, options, auth);
    }
    return response;
  }

  private async request(method: string, path: string, options: RequestOptions): Promise<Answer> {
    const response = await this.exchange(method, path, options);
    if (response.ok) return response;
    throw await this.failure(response, options.auth ?? true);
  }

  /** The failure a refused answer stands for. */
  private async failure(response: Answer, auth: boolean): Promise<ApiError | CliError> {
    const failure = await this.failureOf(response);
    if (failure.status === 401 && auth && this.session.fromEnvironment) return environmentTokenRefused(failure.error);
    return failure;
  }

  /** The server's base URL, checked before the first request: a typo is named, with where it came from. */
  private base(): URL {
    let base: URL | null = null;
    try {
      base = new URL(this.url);
    } catch {
      // reported below
    }
    if (!base || (base.protocol !== "http:" && base.protocol !== "https:")) {
      const source = process.env.INKSTONE_URL ? "INKSTONE_URL" : `api.url of profile ${this.session.profile.name}`;
      throw new CliError(`${source} is not an http:// or https:// URL: ${this.url}`);
    }
    if (base.protocol === "http:" && !isLoopback(base.hostname)) warnPlainHttp(base.origin);
    return base;
  }

  /**
   * Sends the request, and sends it again when the server answers 429 (rate limited) or 503
   * (unavailable) with a Retry-After it can wait out: at most MAX_RETRIES times, each wait at most
   * LONGEST_RETRY_WAIT_S, each said on stderr. The server did nothing with a refused request
   * (decision 0473), so sending it again is safe for every method.
   */
  private async send(method: string, path: string, options: RequestOptions, auth: boolean): Promise<Answer> {
    for (let retry = 1; ; retry++) {
      const response = await this.sendOnce(method, path, options, auth);
      if (response.status !== 429 && response.status !== 503) return response;
      const wait = retryAfterSeconds(response.headers.get("retry-after"));
      if (wait === null || wait > LONGEST_RETRY_WAIT_S || retry > MAX_RETRIES) return response;
      const why = response.status === 429 ? "the server is limiting this client's requests (429)" : "the server is unavailable for now (503)";
      process.stderr.write(`inkstone: ${why}; trying again in ${wait} s (retry ${retry} of ${MAX_RETRIES})\n`);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  }

  private async sendOnce(method: string, path: string, options: RequestOptions, auth: boolean): Promise<Answer> {
    this.base();
    const url = new URL(`${this.url}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: "application/json, */*" };
    if (auth && this.session.token) headers.authorization = `Bearer ${this.session.token}`;
    const init: HttpRequest = { method, headers };
    if (options.timeoutMs) init.signal = AbortSignal.timeout(options.timeoutMs);
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      init.body = JSON.stringify(options.json);
    } else if (options.bytes) {
      headers["content-type"] = options.bytes.type;
      init.body = options.bytes.data;
    } else if (options.form) {
      // Encoded up front so the length is known: the server refuses oversized bodies by it.
      const { bytes, contentType } = multipartBody(options.form);
      headers["content-type"] = contentType;
      headers["content-length"] = String(bytes.byteLength);
      init.body = countedUpload(bytes, options.progress);
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
    try {
      return await httpRequest(url, init);
    } catch (error) {
      if ((error as Error).name === "TimeoutError") throw new CliError(`${this.url} did not answer within ${Math.round(options.timeoutMs! / 1000)} s`);
      throw new CliError(`cannot reach ${this.url}: ${(error as { code?: string }).code ?? (error as Error).message}`);
    }
  }

  private async failureOf(response: Answer): Promise<ApiError> {
    const retryAfter = retryAfterSeconds(response.headers.get("retry-after"));
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: a proxy's page, say
    }
    const parsed = failureSchema.safeParse(body);
    if (parsed.success) return new ApiError(response.status, parsed.data.error, parsed.data.msg, parsed.data.details, retryAfter);
    return new ApiError(response.status, `http_${response.status}`, response.statusText || `HTTP ${response.status}`, undefined, retryAfter);
  }

  private async refresh(): Promise<void> {
    this.refreshed = true;
    const { profile } = this.session;
    await withRefreshLock(async () => {
      // Another command may have refreshed while this one waited for the lock: the refresh token
      // this one holds is spent then, and the stored pair is the one to use.
      const stored = { token: profile.get("api.token"), refreshToken: profile.get("api.refresh_token") };
      if (stored.token && stored.refreshToken && stored.refreshToken !== this.session.refreshToken) {
        this.session.token = stored.token;
        this.session.refreshToken = stored.refreshToken;
        if (!nearExpiry(stored.token)) return;
      }
      await uninterruptible(async () => {
        const response = await this.send("POST", "/auth/refresh", { json: { refresh_token: this.session.refreshToken }, timeoutMs: REFRESH_TIMEOUT_MS }, false);
        if (!response.ok) throw notLoggedIn();
        const pair = this.check(tokenPairSchema, await this.envelope(response), "/auth/refresh");
        this.session.token = pair.access_token;
        this.session.refreshToken = pair.refresh_token;
        profile.set({ "api.token": pair.access_token, "api.refresh_token": pair.refresh_token });
      });
    });
  }
}

/** The target of a Link header's rel="next" (RFC 8288), or null. */
export function nextLink(header: string | null): string | null {
  for (const part of header?.split(",") ?? []) {
    const [target, ...parameters] = part.split(";");
    if (parameters.some((p) => p.trim().toLowerCase().replace(/"/g, "") === "rel=next")) return target!.trim().replace(/^<|>$/g, "");
  }
  return null;
}

// The spec says HTTPS only; plain http is for a server on this machine.
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

let warnedPlainHttp = false;

function warnPlainHttp(origin: string): void {
  if (warnedPlainHttp) return;
  warnedPlainHttp = true;
  process.stderr.write(`inkstone: warning: ${origin} is plain http, so your token or password crosses the network unencrypted; use https://\n`);
}
