import { setImmediate as nextTurn } from "node:timers/promises";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { asCountRule } from "../text/text-rules";
import { chapterContent, chapterTitle } from "../chapters/schemas";
import { changeTextIn } from "../chapters/change-text";
import { sql } from "../db";
import { AppError } from "../errors";
import { newId } from "../sql/values";
import { countProseOf } from "../text/count-task";
import { chaptersChanged, type ChapterConflict } from "./conflicts";
import type { ChapterText } from "./engine/book";
import type { ReplaceInput } from "./preview-replace";
import { runScan } from "./run-scan";
import { MAX_REPLACE_HITS, searchOptionsOf, type ReplaceResult } from "./schemas";

type Choice = { chapterId: string; version: number; skip: string[] };

// POST /api/v1/books/{bookId}/replace — the reviewed replace: one new revision in each touched
// chapter, all tagged with one change set, in one transaction; a chapter that moved since the
// preview refuses the whole change.
export async function applyReplace(input: ReplaceInput & { chapters: Choice[] }, principal: Principal): Promise<ReplaceResult> {
  authorize(principal, "search.applyReplace");
  const book = await loadBook(principal, input.bookId, "search.applyReplace");
  const ids = [...new Set(input.chapters.map((c) => c.chapterId))];
  if (ids.length !== input.chapters.length) throw new AppError("validation_failed", "Name each chapter once.", [{ path: "chapters", message: "a chapter is named twice" }]);
  const stored = ids.length === 0 ? [] : await sql
    .selectFrom("Chapter")
    .select(["id", "title", "content", "version", "wordCount", "deletedAt"])
    .where("bookId", "=", book.id)
    .where("id", "in", ids)
    .execute();
  const byId = new Map(stored.map((c) => [c.id, c]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) throw new AppError("not_found", "This book has no chapter with one of these ids.", { chapterIds: unknown });
  const moved = input.chapters.flatMap((choice): ChapterConflict[] => {
    const chapter = byId.get(choice.chapterId)!;
    if (chapter.version === choice.version && !chapter.deletedAt) return [];
    return [{ chapterId: chapter.id, title: chapter.title, expectedVersion: choice.version, currentVersion: chapter.deletedAt ? null : chapter.version }];
  });
  if (moved.length > 0) throw chaptersChanged(moved, "replace");

  const { replacement, preserveCase, chapters: choices } = input;
  const spec = searchOptionsOf(input);
  const texts: (ChapterText & { skip: string[] })[] = choices.map((choice) => {
    const { title, content } = byId.get(choice.chapterId)!;
    return { title, content, skip: choice.skip };
  });
  const replaced = await runScan<(ChapterText & { replaced: number })[]>(
    { op: "search-apply", chapters: texts, spec, replace: { replacement, preserveCase, regex: spec.regex }, maxHits: MAX_REPLACE_HITS },
    principal.userId,
  );
  const touched = choices.map((choice, i) => ({ choice, chapter: byId.get(choice.chapterId)!, next: replaced[i]! })).filter((t) => t.next.replaced > 0);
  if (touched.length === 0) throw new AppError("nothing_to_replace", "This replace would change nothing: no hit is left to replace.");
  for (const [i, { chapter, next }] of touched.entries()) {
    // A check reads the whole text (20 ms for 5 MB): the thread answers others between chapters.
    if (i > 0) await nextTurn();
    checkStillValid(chapter.title, next);
  }

  const countRule = asCountRule(book.countRule);
  const wordCounts = await countProseOf(touched.map((t) => t.next.content), countRule, principal.userId);
  const changeSetId = newId();
  const total = touched.reduce((sum, t) => sum + t.next.replaced, 0);
  return bookTransaction(book.id, async (trx) => {
    await trx
      .insertInto("ChangeSet")
      .values({
        id: changeSetId,
        bookId: book.id,
        query: input.query,
        replacement,
        options: JSON.stringify({ matchCase: spec.matchCase, wholeWord: spec.wholeWord, regex: spec.regex, widthInsensitive: spec.widthInsensitive, matchChineseScript: spec.matchChineseScript, preserveCase }),
        replaced: total,
        chapterCount: touched.length,
        createdAt: new Date(),
      })
      .execute();
    const rewrites = touched.map(({ choice, chapter, next }, i) => ({
      chapterId: chapter.id,
      expectedVersion: choice.version,
      wordCountBefore: chapter.wordCount,
      contentBefore: chapter.content,
      next: { title: next.title, content: next.content, wordCount: wordCounts[i]! },
    }));
    // Saved elsewhere or moved to the trash since they were read: the change refuses the whole
    // replace, rolling back the chapters written before the one that raced too.
    const written = await changeTextIn(trx, { bookId: book.id, authorId: principal.userId, kind: "replace", countRule, changeSetId, rewrites }, (raced) =>
      chaptersChanged(raced.map((r) => ({ chapterId: r.chapterId, title: byId.get(r.chapterId)!.title, expectedVersion: r.expectedVersion, currentVersion: null })), "replace"),
    );
    const chapters = written.chapters.map(({ chapter }, i) => ({ chapterId: chapter.id, version: chapter.version, replaced: touched[i]!.next.replaced }));
    return { changeSetId, replaced: total, chapters };
  });
}

/** A replace may not make a title empty or too long, or a chapter too large: 422 naming the chapter. */
function checkStillValid(title: string, next: ChapterText): void {
  const problems = [
    ...(chapterTitle.safeParse(next.title).error?.issues ?? []).map((issue) => `its title: ${issue.message}`),
    ...(chapterContent.safeParse(next.content).error?.issues ?? []).map((issue) => `its text: ${issue.message}`),
  ];
  if (problems.length > 0) {
    throw new AppError("validation_failed", `The replace would break the chapter "${title}" (${problems.join("; ")}).`, [{ path: "replacement", message: problems.join("; ") }]);
  }
}
