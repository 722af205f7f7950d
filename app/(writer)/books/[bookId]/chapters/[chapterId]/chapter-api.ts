import type { RevisionSummaryDto } from "@/server/chapters/schemas";
import type { ErrorCode } from "@/server/errors";
import { problemsIn, type Problems, type ProblemOptions } from "../../../../../_components/problem";

// The editor's calls to the REST API (docs/api.md). Plain fetch rather than tRPC: a save on
// leaving the page must go out with `keepalive`, and REST's envelopes carry the error codes the
// editor turns into sentences. The browser's session cookie authenticates every call.

export interface ChapterIds {
  bookId: string;
  chapterId: string;
}

/** A chapter as the server holds it, at one version. */
export interface ServerChapter {
  version: number;
  title: string;
  content: string;
  wordCount: number;
  updatedAt: string;
}

/** A version as the API lists it (server/chapters/schemas.ts): one definition for both sides. */
export type RevisionSummary = RevisionSummaryDto;

/**
 * Why a call did not go through. `offline`: the server could not be reached; `signed-out`: 401;
 * `conflict`: the chapter moved past the version edited; `server`: a 5xx, worth retrying;
 * `refused`: any other answer, which retrying will not change.
 */
export interface ApiProblem {
  kind: "offline" | "signed-out" | "conflict" | "server" | "refused";
  status: number;
  error: ErrorCode | "network";
  /** a sentence for the writer */
  message: string;
  /** what each field the answer named has wrong, in the page's words */
  fields?: Record<string, string>;
  details?: unknown;
}

export type Outcome<T> = { ok: true; data: T; total?: number } | { ok: false; problem: ApiProblem };

/** The editor's words for a failure (app/_components/problem.ts), with the fields a save named. */
const EDITOR: ProblemOptions = { autosave: true, withDetail: "fields" };

/**
 * The words these calls put a failure in: the page's language, which the editor sets as it mounts
 * (a tab speaks one language at a time; English until then). Module state rather than a parameter
 * of every call, so the save engine and the history dialog need not carry it.
 */
let problems: Problems = problemsIn("en");
export function speakProblemsIn(words: Problems): void {
  problems = words;
}

/** Chromium and the Fetch standard cap keepalive bodies at 64 KiB for all of a page's requests together. */
const KEEPALIVE_LIMIT = 60 * 1024;

const chapterPath = ({ bookId, chapterId }: ChapterIds) =>
  `/api/v1/books/${encodeURIComponent(bookId)}/chapters/${encodeURIComponent(chapterId)}`;

async function call<T>(path: string, init: RequestInit = {}): Promise<Outcome<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}) },
      cache: "no-store",
    });
  } catch {
    return { ok: false, problem: { kind: "offline", status: 0, error: "network", message: problems.networkProblem({ ...EDITOR, unsent: true }).message } };
  }
  const envelope = (await response.json().catch(() => null)) as { data?: T; error?: string; msg?: string; details?: unknown } | null;
  if (response.ok && envelope && "data" in envelope) {
    const total = response.headers.get("x-total-count");
    return { ok: true, data: envelope.data as T, total: total === null ? undefined : Number(total) };
  }
  // A change that did not go through leaves the writer's text in the browser: the sentence says so.
  const { code: error, message, fields } = problems.describeAnswer(response.status, envelope, { ...EDITOR, unsent: init.method !== undefined });
  const kind: ApiProblem["kind"] =
    response.status === 401
      ? "signed-out"
      : error === "version_conflict" || error === "precondition_failed"
        ? "conflict"
        : response.status >= 500
          ? "server"
          : "refused";
  return { ok: false, problem: { kind, status: response.status, error, message, fields, details: envelope?.details } };
}

/**
 * Saves the text (and the title, when given) against the version it was edited from. With
 * `leaving`, the request outlives the page when it is small enough for keepalive.
 */
export function saveChapter(
  ids: ChapterIds,
  edit: { version: number; content: string; title?: string },
  leaving = false,
): Promise<Outcome<ServerChapter>> {
  const body = JSON.stringify(edit);
  const keepalive = leaving && body.length < KEEPALIVE_LIMIT && new Blob([body]).size < KEEPALIVE_LIMIT;
  return call(chapterPath(ids), { method: "PATCH", body, keepalive });
}

export const getChapter = (ids: ChapterIds) => call<ServerChapter>(chapterPath(ids));

/** The chapter's current version, from its ETag (HEAD: the text stays on the server); null when not known. */
export async function chapterVersion(ids: ChapterIds): Promise<number | null> {
  try {
    const response = await fetch(chapterPath(ids), { method: "HEAD", cache: "no-store" });
    const version = /^(?:W\/)?"(\d+)"$/.exec(response.headers.get("etag") ?? "");
    return response.ok && version ? Number(version[1]) : null;
  } catch {
    return null;
  }
}

export const listRevisions = (ids: ChapterIds, page: number, perPage = 50) =>
  call<RevisionSummary[]>(`${chapterPath(ids)}/revisions?page=${page}&per_page=${perPage}`);

export const getRevision = (ids: ChapterIds, version: number) =>
  call<RevisionSummary & { content: string }>(`${chapterPath(ids)}/revisions/${version}`);

/** Brings an old version back as a new one (the text it replaces stays in the history). */
export const restoreRevision = (ids: ChapterIds, revision: number, version: number) =>
  call<ServerChapter>(`${chapterPath(ids)}/restorations`, { method: "POST", body: JSON.stringify({ revision, version }) });
