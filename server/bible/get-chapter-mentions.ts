import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import { loadBibleBook } from "./entries";
import { ensureBookScanned } from "./mention-index";
import type { ChapterMentionsDto } from "./schemas";

// GET /api/v1/books/{bookId}/chapters/{chapterId}/bible — the entries named in one chapter, each
// with its exact count and its marks: every entry's first, and the chapter's earliest up to
// BIBLE_LIMITS.marksPerChapter (server/bible/engine/scan.ts); `complete` says whether every mention is marked.
export async function getChapterMentions(input: { bookId: string; chapterId: string }, principal: Principal): Promise<ChapterMentionsDto> {
  authorize(principal, "bible.chapterMentions");
  const book = await loadBibleBook(principal, input.bookId, "bible.chapterMentions");
  const chapter = await sql.selectFrom("Chapter").select(["id", "version", "deletedAt"]).where("id", "=", input.chapterId).where("bookId", "=", book.id).executeTakeFirst();
  if (!chapter) throw new AppError("not_found", "This book has no chapter with this id.");
  if (chapter.deletedAt) throw new AppError("chapter_in_trash", "This chapter is in the book's trash.");
  const { names } = await ensureBookScanned(book, principal.userId);
  const byId = new Map(names.map((entry) => [entry.id, entry]));
  const rows = await sql.selectFrom("BibleMention").select(["entryId", "count", "spans"]).where("chapterId", "=", chapter.id).execute();
  const scan = await sql.selectFrom("BibleMentionScan").select("chapterVersion").where("chapterId", "=", chapter.id).executeTakeFirst();
  const entries = rows
    .filter((row) => byId.has(row.entryId))
    .map((row) => {
      const entry = byId.get(row.entryId)!;
      const spans = (JSON.parse(row.spans) as [number, number][]).map(([start, end]) => ({ start, end }));
      return { entryId: entry.id, kind: entry.kind, name: entry.name, count: row.count, spans };
    })
    .sort((a, b) => a.spans[0]!.start - b.spans[0]!.start);
  const complete = entries.every((entry) => entry.spans.length === entry.count);
  return { chapterId: chapter.id, version: scan?.chapterVersion ?? chapter.version, complete, entries };
}
