import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { readableText } from "../chapters/load-chapter";
import { sql } from "../db";
import { AppError } from "../errors";
import { runInWorker } from "../workers/pool";
import { diffWithin, DIFF_LIMITS_HERE, type TextDiff } from "./engine/text-diff";
import type { ChapterComparisonDto, ChapterDiffDto, ComparisonDto } from "./schemas";
import { loadSnapshot, revisionTexts, snapshotChapters, snapshotChapterText } from "./snapshots";

/** One side of a comparison: its chapters by id, each with what tells whether its text moved. */
interface Side {
  snapshotId: string | null;
  name: string;
  createdAt: Date | null;
  /** the part a side is narrowed to; null: the whole book */
  partId: string | null;
  chapters: Map<string, SideChapter>;
}
interface SideChapter {
  title: string;
  position: number;
  wordCount: number;
  /** the revision that holds the text (a snapshot's), or null: today's text, in `content` */
  revisionId: string | null;
  version: number;
}

/**
 * Texts up to this many characters in all are diffed first on the request's thread, within the
 * small budget of DIFF_LIMITS_HERE (a few milliseconds, however hostile the texts). Longer ones,
 * and any whose diff that budget held back, go to a worker with the full budget under a deadline,
 * so a chapter of megabytes rewritten whole never holds the thread that answers everyone, and the
 * answer is the same wherever it was computed.
 */
const DIFF_HERE_CHARACTERS = 32 * 1024;
export const DIFF_TIME_LIMIT_MS = 15_000;

// GET /api/v1/books/{bookId}/snapshots/{snapshotId}/comparison — the snapshot against today or
// another snapshot, chapter by chapter (matched by id): added, removed, changed (title or text)
// or unchanged, with word counts; with `chapter`, that chapter's text diff too. Texts are read only
// for chapters whose versions differ and whose word counts agree, where only the text can tell.
export async function compareSnapshots(
  input: { bookId: string; snapshotId: string; with: string; chapter?: string },
  principal: Principal,
): Promise<ComparisonDto> {
  authorize(principal, "snapshots.compare");
  const book = await loadBook(principal, input.bookId, "snapshots.compare");
  const from = await snapshotSide(book.id, input.snapshotId);
  // A part's snapshot is compared with that part as it stands today.
  const to = input.with === "today" ? await todaySide(book.id, from.partId) : await snapshotSide(book.id, input.with);
  const trashed = new Set(
    (await sql.selectFrom("Chapter").select("id").where("bookId", "=", book.id).where("deletedAt", "is not", null).execute()).map((c) => c.id),
  );
  // The writer's private notes are text only to those who write the book (decision 0492): to anyone
  // else a chapter whose notes alone changed is unchanged, and a diff never shows them.
  const readable = (text: string) => readableText(principal, book, text);
  const differs = await textsDiffer(book.id, from, to, readable);
  const entry = (chapterId: string): ChapterComparisonDto => {
    const a = from.chapters.get(chapterId);
    const b = to.chapters.get(chapterId);
    const status = !a ? "added" : !b ? "removed" : a.title !== b.title || differs.has(chapterId) ? "changed" : "unchanged";
    return { chapterId, status, from: a ? sideDto(a) : null, to: b ? sideDto(b) : null, inTrashToday: trashed.has(chapterId) };
  };
  const chapters = [
    ...[...to.chapters.keys()].map(entry),
    ...[...from.chapters.keys()].filter((id) => !to.chapters.has(id)).map(entry),
  ];
  const count = (status: ChapterComparisonDto["status"]) => chapters.filter((c) => c.status === status).length;
  const words = (side: Side) => [...side.chapters.values()].reduce((sum, c) => sum + c.wordCount, 0);
  return {
    from: sideSummary(from),
    to: sideSummary(to),
    chapters,
    totals: { added: count("added"), removed: count("removed"), changed: count("changed"), unchanged: count("unchanged"), fromWords: words(from), toWords: words(to) },
    diff: input.chapter === undefined ? null : await chapterDiff(book.id, from, to, input.chapter, readable, principal.userId),
  };
}

async function snapshotSide(bookId: string, snapshotId: string): Promise<Side> {
  const snapshot = await loadSnapshot(bookId, snapshotId);
  const chapters = await snapshotChapters(snapshot.id);
  return {
    snapshotId: snapshot.id,
    name: snapshot.name,
    createdAt: snapshot.createdAt,
    partId: snapshot.partId,
    chapters: new Map(chapters.map((c) => [c.chapterId, { title: c.title, position: c.position, wordCount: c.wordCount, revisionId: c.revisionId, version: c.version }])),
  };
}

/** The book (or one part of it) as it stands: its chapters out of the trash, in order. */
async function todaySide(bookId: string, partId: string | null): Promise<Side> {
  let query = sql
    .selectFrom("Chapter")
    .select(["id", "title", "position", "wordCount", "version"])
    .where("bookId", "=", bookId)
    .where("deletedAt", "is", null)
    .orderBy("position")
    .orderBy("createdAt");
  if (partId) query = query.where("partId", "=", partId);
  const rows = await query.execute();
  return {
    snapshotId: null,
    name: "Today",
    createdAt: null,
    partId,
    chapters: new Map(rows.map((c, i) => [c.id, { title: c.title, position: i + 1, wordCount: c.wordCount, revisionId: null, version: c.version }])),
  };
}

/**
 * The chapters on both sides whose texts differ. The same version is the same text; different word
 * counts, different texts; otherwise (a save that changed a comma, or a restore of the same words)
 * the texts themselves are compared.
 */
async function textsDiffer(bookId: string, from: Side, to: Side, readable: (text: string) => string): Promise<Set<string>> {
  const differs = new Set<string>();
  const toRead: string[] = [];
  for (const [id, a] of from.chapters) {
    const b = to.chapters.get(id);
    if (!b || a.version === b.version) continue;
    if (a.wordCount !== b.wordCount) differs.add(id);
    else toRead.push(id);
  }
  if (toRead.length === 0) return differs;
  const fromTexts = await revisionTexts(toRead.map((id) => from.chapters.get(id)!.revisionId!));
  const toTexts = to.snapshotId ? await revisionTexts(toRead.map((id) => to.chapters.get(id)!.revisionId!)) : await todayTexts(bookId, toRead);
  for (const id of toRead) {
    const before = fromTexts.get(from.chapters.get(id)!.revisionId!);
    const after = to.snapshotId ? toTexts.get(to.chapters.get(id)!.revisionId!) : toTexts.get(id);
    if (before === undefined || after === undefined || readable(before) !== readable(after)) differs.add(id);
  }
  return differs;
}

async function todayTexts(bookId: string, chapterIds: string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (let start = 0; start < chapterIds.length; start += 500) {
    const rows = await sql.selectFrom("Chapter").select(["id", "content"]).where("bookId", "=", bookId).where("id", "in", chapterIds.slice(start, start + 500)).execute();
    for (const row of rows) texts.set(row.id, row.content);
  }
  return texts;
}

/** One chapter's text on each side ("" where it is absent) and the diff between them. */
async function chapterDiff(bookId: string, from: Side, to: Side, chapterId: string, readable: (text: string) => string, owner: string): Promise<ChapterDiffDto> {
  if (!from.chapters.has(chapterId) && !to.chapters.has(chapterId)) {
    throw new AppError("not_found", "Neither side of this comparison holds a chapter with this id.");
  }
  const before = from.chapters.has(chapterId) ? (await snapshotChapterText(from.snapshotId!, chapterId)).content : "";
  const after = !to.chapters.has(chapterId)
    ? ""
    : to.snapshotId
      ? (await snapshotChapterText(to.snapshotId, chapterId)).content
      : ((await todayTexts(bookId, [chapterId])).get(chapterId) ?? "");
  const diff = await diffOf(readable(before), readable(after), owner);
  return { chapterId, ...diff };
}

export async function diffOf(before: string, after: string, owner: string): Promise<TextDiff> {
  if (before.length + after.length <= DIFF_HERE_CHARACTERS) {
    const here = diffWithin(before, after, DIFF_LIMITS_HERE);
    if (!here.limited) return here.diff;
  }
  return runInWorker<TextDiff>({ op: "snapshot-diff", before, after }, {
    lane: "scan",
    owner,
    timeoutMs: DIFF_TIME_LIMIT_MS,
    timeoutError: () => new AppError("rate_limited", `The comparison of this chapter did not finish within ${DIFF_TIME_LIMIT_MS / 1000} s (waiting for a free worker included); try again in a moment.`, undefined, 5),
    yieldError: () => new AppError("rate_limited", "The server is busy comparing other writers' texts; try again in a few seconds.", undefined, 5),
  });
}

function sideDto(chapter: SideChapter) {
  return { title: chapter.title, position: chapter.position, wordCount: chapter.wordCount };
}

function sideSummary(side: Side) {
  return { snapshotId: side.snapshotId, name: side.name, createdAt: side.createdAt?.toISOString() ?? null };
}
