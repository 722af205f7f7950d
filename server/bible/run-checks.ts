import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import { runInWorker } from "../workers/pool";
import type { NearName } from "./engine/near-names";
import { loadBibleBook, visibleEntries } from "./entries";
import { ensureBookScanned, thingsOf } from "./mention-index";
import type { ChecksDto } from "./schemas";

const CHECKS_TIME_LIMIT_MS = 60_000;

/**
 * GET /api/v1/books/{bookId}/bible/checks — continuity findings, found by rule (no model): an
 * entry named after its exit, a rare word that nearly is a name (a likely typo), a character
 * absent for more than `absence` chapters in a row. Each names the chapter and the offset.
 */
export async function runChecks(input: { bookId: string; absence: number }, principal: Principal): Promise<ChecksDto> {
  authorize(principal, "bible.checks");
  const book = await loadBibleBook(principal, input.bookId, "bible.checks");
  const { names } = await ensureBookScanned(book, principal.userId);
  const chapters = await sql
    .selectFrom("Chapter")
    .select(["id", "title", "position"])
    .where("bookId", "=", book.id)
    .where("deletedAt", "is", null)
    .orderBy("position")
    .execute();
  const result: ChecksDto = { findings: [], chaptersScanned: chapters.length, absence: input.absence };
  if (names.length === 0 || chapters.length === 0) return result;

  const order = new Map(chapters.map((chapter, index) => [chapter.id, index]));
  const mentionRows = await sql
    .selectFrom("BibleMention")
    .select(["entryId", "chapterId", "spans"])
    .where("chapterId", "in", chapters.map((c) => c.id))
    .execute();
  /** entry → chapter index → spans */
  const mentions = new Map<string, Map<number, [number, number][]>>();
  for (const row of mentionRows) {
    let byChapter = mentions.get(row.entryId);
    if (!byChapter) mentions.set(row.entryId, (byChapter = new Map()));
    byChapter.set(order.get(row.chapterId)!, JSON.parse(row.spans) as [number, number][]);
  }
  const texts = new Map<string, string>();
  const textAt = async (chapterId: string, start: number, end: number) => {
    if (!texts.has(chapterId)) texts.set(chapterId, (await sql.selectFrom("Chapter").select("content").where("id", "=", chapterId).executeTakeFirstOrThrow()).content);
    return texts.get(chapterId)!.slice(start, end);
  };
  /** What every finding at a span says: the entry, the chapter, the span and its text. */
  const atSpan = async (entry: { id: string; name: string }, chapter: (typeof chapters)[number], [start, end]: [number, number]) => ({
    entryId: entry.id,
    entryName: entry.name,
    chapterId: chapter.id,
    chapterTitle: chapter.title,
    position: chapter.position,
    offset: start,
    length: end - start,
    text: await textAt(chapter.id, start, end),
  });
  const entries = await visibleEntries(sql, book).select(["id", "name", "kind", "exitChapterId"]).execute();

  for (const entry of entries) {
    const seen = mentions.get(entry.id) ?? new Map<number, [number, number][]>();
    const exitIndex = await exitIndexOf(entry.exitChapterId, book, order);
    // Mentions after the exit: the first in each later chapter.
    if (exitIndex !== null) {
      for (const [index, spans] of [...seen].sort((a, b) => a[0] - b[0])) {
        if (index <= exitIndex) continue;
        result.findings.push({
          kind: "after_exit",
          ...(await atSpan(entry, chapters[index]!, spans[0]!)),
          mentions: spans.length,
          exitPosition: exitIndex < 0 ? null : chapters[exitIndex]!.position,
          message:
            exitIndex < 0
              ? `${entry.name} left the story in an earlier book of the series, but is named here (${spans.length}×).`
              : `${entry.name} left the story in chapter ${chapters[exitIndex]!.position}, but is named here (${spans.length}×).`,
        });
      }
    }
    // Long absences of a character, from its first appearance on (up to its exit).
    if (entry.kind === "character" && seen.size > 0) {
      const present = [...seen.keys()].sort((a, b) => a - b);
      const lastIndex = exitIndex !== null && exitIndex >= 0 ? Math.min(exitIndex, chapters.length - 1) : exitIndex !== null ? -1 : chapters.length - 1;
      for (let i = 0; i < present.length; i++) {
        const from = present[i]!;
        const next = i + 1 < present.length ? present[i + 1]! : lastIndex + 1;
        const gap = next - from - 1;
        if (from > lastIndex || gap <= input.absence) continue;
        const spans = seen.get(from)!;
        const returns = i + 1 < present.length ? chapters[next]! : null;
        result.findings.push({
          kind: "long_absence",
          ...(await atSpan(entry, chapters[from]!, spans[spans.length - 1]!)),
          message: returns
            ? `${entry.name} is last seen here, then absent for ${gap} chapters, until chapter ${returns.position}.`
            : `${entry.name} is last seen here, then absent for the last ${gap} chapters.`,
          absentChapters: gap,
          returnsAt: returns ? returns.position : null,
        });
      }
    }
  }

  // Near names, over the whole text: in a worker.
  const withText = await sql.selectFrom("Chapter").select(["id", "content"]).where("bookId", "=", book.id).where("deletedAt", "is", null).orderBy("position").execute();
  const near = await runInWorker<NearName[]>(
    { op: "bible-near-names", things: thingsOf(names), chapters: withText },
    {
      owner: principal.userId,
      lane: "heavy",
      timeoutMs: CHECKS_TIME_LIMIT_MS,
      timeoutError: () => new AppError("search_timed_out", `The continuity checks took longer than ${CHECKS_TIME_LIMIT_MS / 1000} s and were stopped.`),
    },
  );
  const nameOf = new Map(names.map((entry) => [entry.id, entry.name]));
  for (const found of near) {
    const chapter = chapters[order.get(found.chapterId)!]!;
    result.findings.push({
      kind: "near_name",
      entryId: found.entryId,
      entryName: nameOf.get(found.entryId)!,
      chapterId: chapter.id,
      chapterTitle: chapter.title,
      position: chapter.position,
      offset: found.start,
      length: found.variant.length,
      text: found.variant,
      message: `"${found.variant}" appears ${found.occurrences === 1 ? "once" : `${found.occurrences} times`} and nearly matches "${found.name}": a typo?`,
      occurrences: found.occurrences,
    });
  }
  result.findings.sort((a, b) => a.position - b.position || a.offset - b.offset || a.kind.localeCompare(b.kind));
  return result;
}

/**
 * Where an entry's exit falls in this book's chapter order: the index of its exit chapter here; -1
 * when it exits in an earlier book of the series (every chapter here is after it); null when it
 * has no exit, or exits in a later book.
 */
async function exitIndexOf(exitChapterId: string | null, book: { id: string; seriesId: string | null }, order: Map<string, number>): Promise<number | null> {
  if (!exitChapterId) return null;
  const here = order.get(exitChapterId);
  if (here !== undefined) return here;
  if (!book.seriesId) return null;
  const books = await sql
    .selectFrom("Chapter")
    .innerJoin("Book as exitBook", "exitBook.id", "Chapter.bookId")
    .select(["exitBook.seriesId", "exitBook.seriesPosition"])
    .where("Chapter.id", "=", exitChapterId)
    .executeTakeFirst();
  const mine = await sql.selectFrom("Book").select("seriesPosition").where("id", "=", book.id).executeTakeFirst();
  if (!books || books.seriesId !== book.seriesId || books.seriesPosition === null || mine?.seriesPosition == null) return null;
  return books.seriesPosition < mine.seriesPosition ? -1 : null;
}
