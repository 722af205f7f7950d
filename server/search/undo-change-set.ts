import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { asCountRule } from "../text/text-rules";
import { changeTextIn } from "../chapters/change-text";
import { revisionTextColumns, withRevisionText } from "../chapters/revision-text";
import { sql } from "../db";
import { AppError } from "../errors";
import { countProseOf } from "../text/count-task";
import { chaptersChanged, type ChapterConflict } from "./conflicts";
import type { UndoResult } from "./schemas";

// POST /api/v1/books/{bookId}/change-sets/{changeSetId}/undo — takes a whole replace back: each
// chapter it touched gets its text from before the replace as a new revision (kind "undo"), so
// the replace itself stays in the history. Refused, naming them, when chapters changed since.
export async function undoChangeSet(input: { bookId: string; changeSetId: string }, principal: Principal): Promise<UndoResult> {
  authorize(principal, "search.undoChangeSet");
  const book = await loadBook(principal, input.bookId, "search.undoChangeSet");
  const changeSet = await sql
    .selectFrom("ChangeSet")
    .select(["id", "undoneAt"])
    .where("id", "=", input.changeSetId)
    .where("bookId", "=", book.id)
    .executeTakeFirst();
  if (!changeSet) throw new AppError("not_found", "This book has no change set with this id.");
  if (changeSet.undoneAt) throw alreadyUndone(changeSet.undoneAt);

  const replacedRevisions = await sql
    .selectFrom("ChapterRevision")
    .select(["chapterId", "version", "title"])
    .where("changeSetId", "=", changeSet.id)
    .where("kind", "=", "replace")
    .execute();
  const chapters = replacedRevisions.length === 0 ? [] : await sql
    .selectFrom("Chapter")
    .select(["id", "title", "version", "wordCount", "deletedAt"])
    .where("id", "in", replacedRevisions.map((r) => r.chapterId))
    .execute();
  const byId = new Map(chapters.map((c) => [c.id, c]));
  const moved = replacedRevisions.flatMap((revision): ChapterConflict[] => {
    const chapter = byId.get(revision.chapterId);
    if (chapter && !chapter.deletedAt && chapter.version === revision.version) return [];
    return [{ chapterId: revision.chapterId, title: chapter?.title ?? revision.title, expectedVersion: revision.version, currentVersion: chapter && !chapter.deletedAt ? chapter.version : null }];
  });
  if (moved.length > 0) throw chaptersChanged(moved, "undo");

  // Each chapter's text from just before the replace: revision thinning keeps it (revision-retention.ts).
  const before = await Promise.all(
    replacedRevisions.map(async (revision) => {
      const previous = await sql
        .selectFrom("ChapterRevision")
        .select(["title", ...revisionTextColumns])
        .where("chapterId", "=", revision.chapterId)
        .where("version", "=", revision.version - 1)
        .executeTakeFirst();
      if (!previous) throw new AppError("not_found", `The text of "${revision.title}" from before the replace is no longer kept.`);
      return withRevisionText(previous);
    }),
  );
  const countRule = asCountRule(book.countRule);
  const wordCounts = await countProseOf(before.map((b) => b.content), countRule, principal.userId);

  return bookTransaction(book.id, async (trx) => {
    const marked = await trx
      .updateTable("ChangeSet")
      .set({ undoneAt: new Date() })
      .where("id", "=", changeSet.id)
      .where("undoneAt", "is", null)
      .executeTakeFirst();
    if (marked.numUpdatedRows !== 1n) throw alreadyUndone(new Date());
    const rewrites = replacedRevisions.map((revision, i) => ({
      chapterId: revision.chapterId,
      expectedVersion: revision.version,
      wordCountBefore: byId.get(revision.chapterId)!.wordCount,
      next: { title: before[i]!.title, content: before[i]!.content, wordCount: wordCounts[i]! },
    }));
    // A chapter that raced refuses the whole undo, rolling everything back, the change set's mark too.
    const written = await changeTextIn(trx, { bookId: book.id, authorId: principal.userId, kind: "undo", countRule, changeSetId: changeSet.id, rewrites }, (raced) =>
      chaptersChanged(raced.map((r) => ({ chapterId: r.chapterId, title: byId.get(r.chapterId)!.title, expectedVersion: r.expectedVersion, currentVersion: null })), "undo"),
    );
    return { changeSetId: changeSet.id, chapters: written.chapters.map(({ chapter }) => ({ chapterId: chapter.id, version: chapter.version })) };
  });
}

function alreadyUndone(undoneAt: Date): AppError {
  return new AppError("change_set_undone", "This replace was undone already.", { undoneAt: undoneAt.toISOString() });
}
