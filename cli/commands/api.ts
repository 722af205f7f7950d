import type { Command } from "commander";
import { nextLink, type ApiClient } from "../client";
import { context } from "../context";
import { CliError } from "../errors";
import { readLocalFile } from "../files";
import type { Answer } from "../http";
import { linkPath } from "../jobs";
import { printJson } from "../output";
import { readStdin } from "../stdin";

/**
 * `inkstone api <endpoint>`: any request to the REST API with the stored login (refreshed as every
 * command refreshes it, and waiting out a 429 as they do), the answer printed as the server gave
 * it, as `gh api` does. A path names the API under /api/v1 (`books` or `/books` is
 * `/api/v1/books`); a path that starts with /api/ or /auth/ is sent as it is; a full URL only to
 * the configured server, since the token goes with it.
 */

interface ApiFlags {
  method?: string;
  rawField: string[];
  field: string[];
  header: string[];
  input?: string;
  paginate?: boolean;
  include?: boolean;
  silent?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** The path to request for what the user typed. */
export function apiPath(endpoint: string, server: string): string {
  if (/^https?:\/\//i.test(endpoint)) {
    const url = new URL(endpoint);
    if (url.origin !== new URL(server).origin) throw new CliError(`inkstone api sends your token only to ${new URL(server).origin}, not to ${url.origin}`);
    return `${url.pathname}${url.search}`;
  }
  const path = endpoint.startsWith("/") ? endpoint : `/${endpoint}`;
  return /^\/(api|auth)(\/|\?|$)/.test(path) ? path : `/api/v1${path}`;
}

type FieldValue = string | number | boolean | null;

/** -F's typing, as gh's: true, false, null and numbers as themselves, @file a file's text (@- standard input). */
async function typedValue(text: string): Promise<FieldValue> {
  if (text === "true") return true;
  if (text === "false") return false;
  if (text === "null") return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text === "@-") return (await readStdin()).toString("utf8");
  if (text.startsWith("@")) return readLocalFile(text.slice(1)).toString("utf8");
  return text;
}

/** `key=value` split at the first "=". */
function splitField(field: string, flag: string): [string, string] {
  const at = field.indexOf("=");
  if (at <= 0) throw new CliError(`${flag} takes key=value, not "${field}"`);
  return [field.slice(0, at), field.slice(at + 1)];
}

/** The fields in order: -f as strings, -F typed. */
async function readFields(flags: ApiFlags): Promise<[string, FieldValue][]> {
  const fields: [string, FieldValue][] = flags.rawField.map((field) => splitField(field, "-f"));
  for (const field of flags.field) {
    const [key, value] = splitField(field, "-F");
    fields.push([key, await typedValue(value)]);
  }
  return fields;
}

/**
 * A JSON body from fields: `key[]=v` appends to an array, `a[b]=v` nests (as gh reads them),
 * anything else sets `key`.
 */
function bodyOf(fields: [string, FieldValue][]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of fields) {
    const parts = key.split("[").map((part, i) => (i === 0 ? part : part.replace(/\]$/, "")));
    let target: Record<string, unknown> = body;
    for (const [i, part] of parts.entries()) {
      const last = i === parts.length - 1;
      const following = parts[i + 1];
      if (last) {
        if (part === "") throw new CliError(`a field cannot end in "[]" after an object key: ${key}`);
        target[part] = value;
      } else if (following === "" && i + 1 === parts.length - 1) {
        const list = Array.isArray(target[part]) ? (target[part] as unknown[]) : [];
        list.push(value);
        target[part] = list;
        break;
      } else {
        const next = target[part];
        target[part] = typeof next === "object" && next !== null && !Array.isArray(next) ? next : {};
        target = target[part] as Record<string, unknown>;
      }
    }
  }
  return body;
}

/** `Name: value` headers, split at the first colon. */
function readHeaders(headers: string[]): Record<string, string> {
  return Object.fromEntries(
    headers.map((header) => {
      const at = header.indexOf(":");
      if (at <= 0) throw new CliError(`-H takes "Name: value", not "${header}"`);
      return [header.slice(0, at).trim().toLowerCase(), header.slice(at + 1).trim()];
    }),
  );
}

function withQuery(path: string, fields: [string, FieldValue][]): string {
  if (fields.length === 0) return path;
  const query = new URLSearchParams(fields.map(([key, value]) => [key, String(value)]));
  return `${path}${path.includes("?") ? "&" : "?"}${query.toString()}`;
}

function printHead(response: Answer): void {
  const lines = [`HTTP/1.1 ${response.status} ${response.statusText}`, ...[...response.headers].map(([name, value]) => `${name}: ${value}`)];
  process.stdout.write(`${lines.join("\n")}\n\n`);
}

const isJson = (response: Answer) => /^application\/([\w.+-]*\+)?json\b/i.test(response.headers.get("content-type") ?? "");

/** The body as the server gave it: JSON (through --jq when given) or the bytes themselves. */
async function printBody(response: Answer, filtered: boolean): Promise<void> {
  const bytes = await response.bytes();
  if (bytes.byteLength === 0) return;
  if (isJson(response)) {
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      process.stdout.write(bytes);
      return;
    }
    if (filtered) printJson(value);
    else process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    return;
  }
  process.stdout.write(bytes);
}

/** The line a refused request ends with: the envelope's msg, and the status. */
async function failureLine(response: Answer): Promise<string> {
  const body = (await response.json().catch(() => null)) as { msg?: unknown } | null;
  const message = typeof body?.msg === "string" ? body.msg : response.statusText || "the server refused the request";
  return `${message} (HTTP ${response.status})`;
}

/** Every page of a GET, following Link rel="next"; their `data` arrays joined into one envelope. */
async function paginate(client: ApiClient, path: string, headers: Record<string, string>, flags: ApiFlags): Promise<void> {
  const data: unknown[] = [];
  let first: { code: unknown; msg: unknown } | null = null;
  for (let next: string | null = path; next !== null; ) {
    const response = await client.exchange("GET", next, { headers });
    if (flags.include) printHead(response);
    if (!response.ok) {
      const line = await failureLine(response);
      if (!flags.silent) await printBody(response, false);
      throw new CliError(line);
    }
    const page = (await response.json().catch(() => null)) as { code?: unknown; msg?: unknown; data?: unknown } | null;
    if (!page || !Array.isArray(page.data)) throw new CliError(`--paginate reads pages whose data is a list; ${next} answered something else`);
    first ??= { code: page.code, msg: page.msg };
    data.push(...page.data);
    const link = nextLink(response.headers.get("link"));
    next = link === null ? null : linkPath(link);
  }
  if (!flags.silent) printJson({ ...first, data });
}

export function registerApi(program: Command): void {
  program
    .command("api <endpoint>")
    .description("send an authenticated request to the REST API and print the answer, as gh api does")
    .option("-X, --method <method>", "the HTTP method (default: GET; POST when fields or --input are given)")
    .option("-f, --raw-field <key=value>", "a string field of the JSON body (with GET: of the query string); repeatable", collect, [])
    .option("-F, --field <key=value>", "a typed field: true, false, null and numbers as such, @file the file's text (@- standard input); repeatable", collect, [])
    .option("-H, --header <name:value>", "a request header; repeatable", collect, [])
    .option("--input <file>", 'the request body from a file ("-" for standard input); fields then go in the query string')
    .option("--paginate", "follow the Link header to the last page; the pages' data joined into one list")
    .option("-i, --include", "print the status line and the headers before the body")
    .option("--silent", "print nothing of the answer")
    .addHelpText(
      "after",
      `
Paths: "books" and "/books" are /api/v1/books; a path starting /api/ or /auth/ is sent as it is.
With --jq the answer's JSON is filtered; strings print raw.

Examples:
  inkstone api books --jq '.data[].title'
  inkstone api books -f title="The Salt Road" -F targetWordCount=90000
  inkstone api -X PATCH books/<bookId> -F targetWordCount=null
  inkstone api books/<bookId>/chapters --paginate --jq '.data[].id'
  inkstone api -X PUT books/<bookId>/release-plan --input plan.json`,
    )
    .action(async (endpoint: string, flags: ApiFlags, command: Command) => {
      const { client, json } = context(command);
      const path = apiPath(endpoint, client.url);
      const fields = await readFields(flags);
      const headers = readHeaders(flags.header);
      const method = (flags.method ?? (fields.length > 0 || flags.input !== undefined ? "POST" : "GET")).toUpperCase();
      if (flags.paginate) {
        if (method !== "GET") throw new CliError("--paginate follows the pages of a GET");
        return paginate(client, withQuery(path, fields), headers, flags);
      }
      const bodiless = method === "GET" || method === "HEAD";
      if (bodiless && flags.input !== undefined) throw new CliError(`a ${method} request has no body: --input goes with -X POST, PUT or PATCH`);
      const inQuery = bodiless || flags.input !== undefined;
      let bytes: { data: Uint8Array<ArrayBuffer>; type: string } | undefined;
      if (flags.input !== undefined) {
        const data = flags.input === "-" ? await readStdin() : readLocalFile(flags.input);
        bytes = { data: new Uint8Array(data), type: headers["content-type"] ?? "application/json" };
      } else if (!inQuery) {
        bytes = { data: new TextEncoder().encode(JSON.stringify(bodyOf(fields))), type: "application/json" };
      }
      const response = await client.exchange(method, inQuery ? withQuery(path, fields) : path, { headers, ...(bytes && { bytes }) });
      if (flags.include) printHead(response);
      const line = response.ok ? null : await failureLine(response);
      if (!flags.silent) await printBody(response, response.ok && json);
      if (line) throw new CliError(line);
    });
}
