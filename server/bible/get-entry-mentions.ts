import type { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { loadEntry } from "./entries";
import { ensureBookScanned } from "./mention-index";
import type { EntryMentionsDto, mentionsQuery } from "./schemas";
import { sentenceAround } from "./sentence";

// GET /api/v1/books/{bookId}/bible/entries/{entryId}/mentions — where the entry is named
export async function getEntryMentions(input: { bookId: string; entryId: string } & z.output<typeof mentionsQuery>, principal: Principal): Promise<EntryMentionsDto> {
  authorize(principal, "bible.mentions");
  const { book, entry } = await loadEntry(principal, input.bookId, input.entryId, "bible.mentions");
  await ensureBookScanned(book, principal.userId);
  const rows = await sql
    .selectFrom("BibleMention as m")
    .innerJoin("Chapter as c", "c.id", "m.chapterId")
    .select(["m.chapterId", "m.count", "m.spans", "c.title", "c.position"])
    .where("m.entryId", "=", entry.id)
    .where("c.bookId", "=", book.id)
    .where("c.deletedAt", "is", null)
    .orderBy("c.position")
    .execute();
  const chapters = rows.map((row) => ({ chapterId: row.chapterId, title: row.title, position: row.position, count: row.count }));
  const total = chapters.reduce((sum, chapter) => sum + chapter.count, 0);
  const place = (row: (typeof rows)[number] | undefined, which: "first" | "last") => {
    if (!row) return null;
    const spans = JSON.parse(row.spans) as [number, number][];
    const span = which === "first" ? spans[0]! : spans[spans.length - 1]!;
    return { chapterId: row.chapterId, chapterTitle: row.title, position: row.position, start: span[0] };
  };

  // The page of marked mentions, in book order: the chapters it falls in are read for their sentences.
  const listed = (input.chapterId ? rows.filter((row) => row.chapterId === input.chapterId) : rows).map((row) => ({ row, marked: spansIn(row.spans) }));
  const listedTotal = listed.reduce((sum, { marked }) => sum + marked, 0);
  const from = (input.page - 1) * input.perPage;
  const wanted: { row: (typeof rows)[number]; spans: [number, number][] }[] = [];
  let index = 0;
  for (const { row, marked } of listed) {
    if (index >= from + input.perPage) break;
    if (index + marked > from) {
      const spans = JSON.parse(row.spans) as [number, number][];
      wanted.push({ row, spans: spans.slice(Math.max(0, from - index), from + input.perPage - index) });
    }
    index += marked;
  }
  const texts = wanted.length
    ? new Map((await sql.selectFrom("Chapter").select(["id", "content"]).where("id", "in", wanted.map((w) => w.row.chapterId)).execute()).map((c) => [c.id, c.content]))
    : new Map<string, string>();
  const items = wanted.flatMap(({ row, spans }) => {
    const text = texts.get(row.chapterId) ?? "";
    return spans.map(([start, end]) => ({
      chapterId: row.chapterId,
      chapterTitle: row.title,
      position: row.position,
      start,
      end,
      text: text.slice(start, end),
      ...sentenceAround(text, start, end),
    }));
  });
  return {
    entryId: entry.id,
    total,
    chapters,
    first: place(rows[0], "first"),
    last: place(rows[rows.length - 1], "last"),
    mentions: { items, total: listedTotal, page: input.page, perPage: input.perPage },
  };
}

/**
 * How many marks a stored list holds (a chapter marks fewer than it counts past
 * BIBLE_LIMITS.marksPerChapter), counted without parsing the lists the page does not show.
 */
function spansIn(json: string): number {
  let spans = 0;
  for (let at = json.indexOf("[", 1); at >= 0; at = json.indexOf("[", at + 1)) spans++;
  return spans;
}
