import { createHash } from "node:crypto";
import { MENTION_RULE_VERSION, type NamedThing } from "../analysis/engine/mentions";
import { sql, sqlTransaction } from "../db";
import { AppError } from "../errors";
import { runInWorker } from "../workers/pool";
import type { ChapterScan, ChapterText } from "./engine/scan";
import { scanChapters } from "./engine/scan";
import { bookEntryNames } from "./list-entry-names";
import { BIBLE_LIMITS, type EntryNameDto } from "./schemas";

/**
 * Text and names up to this many UTF-16 units in all (a 10,000-word chapter) are scanned on the
 * calling thread: the matcher takes about a millisecond per 10,000 characters, less than a worker's
 * round trip. The names count too, since the matcher is built from them on every scan (a full
 * bible is 2,000 entries of up to 31 names of 100 characters: 6 M characters). More, or a
 * one-character Chinese name (the scan then loads jieba, ~130 ms and ~38 MB), goes to the worker pool.
 */
export const INLINE_SCAN_MAX = 64_000;
const SCAN_TIME_LIMIT_MS = 60_000;
const ONE_HAN = /^\p{Script=Han}$/u;
/** Rows per insert: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_INSERT = 200;

export function thingsOf(names: readonly EntryNameDto[]): NamedThing[] {
  return names.map((entry) => ({ id: entry.id, names: [entry.name, ...entry.aliases] }));
}

/**
 * What a scan looked for, and by which rule: every entry's id, name and aliases, and the matcher's
 * rule version and how many marks a chapter keeps. A chapter scanned for another list, or by an
 * older rule, is stale.
 */
export function signatureOf(names: readonly EntryNameDto[]): string {
  return createHash("sha256")
    .update(JSON.stringify([MENTION_RULE_VERSION, BIBLE_LIMITS.marksPerChapter, names.map((entry) => [entry.id, entry.name, entry.aliases])]))
    .digest("base64url");
}

/** Scans chapters for the names, here or in a worker (see INLINE_SCAN_MAX). */
export async function scanText(things: NamedThing[], chapters: ChapterText[], owner: string): Promise<ChapterScan[]> {
  const length =
    chapters.reduce((sum, chapter) => sum + chapter.content.length, 0) + things.reduce((sum, thing) => sum + thing.names.reduce((n, name) => n + name.length, 0), 0);
  const oneHan = things.some((thing) => thing.names.some((name) => ONE_HAN.test(name.trim())));
  if (length <= INLINE_SCAN_MAX && !oneHan) return scanChapters(things, chapters);
  return runInWorker<ChapterScan[]>(
    { op: "bible-scan", things, chapters },
    {
      owner,
      lane: "heavy",
      timeoutMs: SCAN_TIME_LIMIT_MS,
      timeoutError: () => new AppError("search_timed_out", `Finding the bible's names took longer than ${SCAN_TIME_LIMIT_MS / 1000} s and was stopped.`),
    },
  );
}

/**
 * Brings a book's mention index up to date: every chapter (not in the trash) whose version or
 * whose book's names changed since its last scan is scanned again, all at once. Reads of mentions
 * and checks call this first, so the index is current whatever wrote a chapter (a save, an import,
 * a replace, a restore) or changed a name.
 */
export async function ensureBookScanned(book: { id: string; seriesId: string | null }, owner: string): Promise<{ names: EntryNameDto[]; signature: string }> {
  const names = await bookEntryNames(book);
  const signature = signatureOf(names);
  if (names.length === 0) return { names, signature };
  const stale = await sql
    .selectFrom("Chapter")
    .leftJoin("BibleMentionScan as scan", "scan.chapterId", "Chapter.id")
    .select(["Chapter.id", "Chapter.version", "Chapter.content"])
    .where("Chapter.bookId", "=", book.id)
    .where("Chapter.deletedAt", "is", null)
    .where((eb) => eb.or([eb("scan.chapterId", "is", null), eb("scan.chapterVersion", "!=", eb.ref("Chapter.version")), eb("scan.signature", "!=", signature)]))
    .execute();
  if (stale.length > 0) {
    const scans = await scanText(thingsOf(names), stale, owner);
    await storeScans(scans, new Map(stale.map((chapter) => [chapter.id, chapter.version])), signature);
  }
  return { names, signature };
}

/**
 * A chapter's mentions again, and only its: the outbox's "chapter-mentions" work after a change of
 * its text (server/chapters/change-text.ts). It reads the chapter as it is now, so one run stands
 * for every change before it; a chapter in the trash or gone has nothing to scan. A book without a
 * bible pays one indexed query for this.
 */
export async function rescanChapterMentions(chapterId: string): Promise<void> {
  // The text is read only once the book is known to have a bible: it may be megabytes.
  const book = await sql
    .selectFrom("Chapter")
    .innerJoin("Book", "Book.id", "Chapter.bookId")
    .select(["Book.id", "Book.seriesId", "Book.ownerId"])
    .where("Chapter.id", "=", chapterId)
    .where("Chapter.deletedAt", "is", null)
    .executeTakeFirst();
  if (!book) return;
  const any = await sql
    .selectFrom("BibleEntry")
    .select("id")
    .where((eb) => (book.seriesId ? eb.or([eb("bookId", "=", book.id), eb("seriesId", "=", book.seriesId)]) : eb("bookId", "=", book.id)))
    .limit(1)
    .executeTakeFirst();
  if (!any) return;
  const names = await bookEntryNames(book);
  // The version goes with the text it was read with: a change since leaves a row that runs again.
  const chapter = await sql.selectFrom("Chapter").select(["id", "version", "content"]).where("id", "=", chapterId).where("deletedAt", "is", null).executeTakeFirst();
  if (!chapter) return;
  const scans = await scanText(thingsOf(names), [{ id: chapter.id, content: chapter.content }], book.ownerId);
  await storeScans(scans, new Map([[chapter.id, chapter.version]]), signatureOf(names));
}

/** Replaces the chapters' mentions with the scans' and records what they were scanned for, in one transaction. */
async function storeScans(scans: ChapterScan[], versions: Map<string, number>, signature: string): Promise<void> {
  const rows = scans.flatMap((scan) =>
    scan.entries.map((entry) => ({ entryId: entry.entryId, chapterId: scan.chapterId, count: entry.count, spans: JSON.stringify(entry.spans) })),
  );
  const chapterIds = scans.map((scan) => scan.chapterId);
  const scannedAt = new Date();
  await sqlTransaction(async (trx) => {
    for (let i = 0; i < chapterIds.length; i += ROWS_PER_INSERT) {
      await trx.deleteFrom("BibleMention").where("chapterId", "in", chapterIds.slice(i, i + ROWS_PER_INSERT)).execute();
    }
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      // An entry deleted meanwhile has no row to refer to: its mentions are dropped with it.
      const existing = new Set(
        (await trx.selectFrom("BibleEntry").select("id").where("id", "in", [...new Set(rows.slice(i, i + ROWS_PER_INSERT).map((row) => row.entryId))]).execute()).map((e) => e.id),
      );
      const batch = rows.slice(i, i + ROWS_PER_INSERT).filter((row) => existing.has(row.entryId));
      if (batch.length === 0) continue;
      await trx
        .insertInto("BibleMention")
        .values(batch)
        .onConflict((oc) => oc.columns(["entryId", "chapterId"]).doUpdateSet((eb) => ({ count: eb.ref("excluded.count"), spans: eb.ref("excluded.spans") })))
        .execute();
    }
    const scanned = chapterIds.map((chapterId) => ({ chapterId, chapterVersion: versions.get(chapterId)!, signature, scannedAt }));
    for (let i = 0; i < scanned.length; i += ROWS_PER_INSERT) {
      await trx
        .insertInto("BibleMentionScan")
        .values(scanned.slice(i, i + ROWS_PER_INSERT))
        .onConflict((oc) =>
          oc.column("chapterId").doUpdateSet((eb) => ({ chapterVersion: eb.ref("excluded.chapterVersion"), signature: eb.ref("excluded.signature"), scannedAt: eb.ref("excluded.scannedAt") })),
        )
        .execute();
    }
  });
}
