import type { Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import { changeTextIn } from "../chapters/change-text";
import { chapterInTrash } from "../chapters/load-chapter";
import { countRuleOf } from "../books/count-rule-of";
import { findQuote, holdsQuote } from "../comments/anchor";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { notify } from "../inbox/notify";
import { countProseOf } from "../text/count-task";
import { whoToTellOfDecision } from "./tell";

/**
 * Accepting and rejecting suggestions inside the book's transaction (decision 0496). Accepting is a
 * text change through the one command (decision 0460), kind "suggestion", written by the accepter
 * and naming the suggester; every consequence (revision, totals, comments and other suggestions
 * moved, outbox work) comes with it.
 */

export type SuggestionRow = { id: string; chapterId: string; authorId: string | null; quote: string; prefix: string; suffix: string; anchorStart: number | null; anchorEnd: number | null; replacement: string; state: string };
type ChapterNow = { id: string; bookId: string; title: string; content: string; version: number; wordCount: number };

/** The chapter a suggestion is on, as it stands in this transaction: 404 when deleted for good, chapter_in_trash in the trash. */
export async function chapterNow(trx: Transaction<DB>, ids: { bookId: string; chapterId: string }): Promise<ChapterNow> {
  const chapter = await trx
    .selectFrom("Chapter")
    .select(["id", "bookId", "title", "content", "version", "wordCount", "deletedAt"])
    .where("id", "=", ids.chapterId)
    .where("bookId", "=", ids.bookId)
    .executeTakeFirst();
  if (!chapter) throw new AppError("not_found", "This book has no chapter with this id.");
  if (chapter.deletedAt) throw chapterInTrash(ids);
  return chapter;
}

/**
 * Where the suggestion's words stand in the text now: at its place when they are there word for
 * word, else re-anchored by the engine to their nearest occurrence; null when the text no longer
 * holds them (then accepting is refused: it would replace words the suggester never saw).
 */
export function placeNow(text: string, suggestion: SuggestionRow): { start: number; end: number } | null {
  const anchor = { quote: suggestion.quote, prefix: suggestion.prefix, suffix: suggestion.suffix, start: suggestion.anchorStart, end: suggestion.anchorEnd };
  if (holdsQuote(text, anchor)) return { start: anchor.start!, end: anchor.end! };
  const found = findQuote(text, anchor, anchor.start ?? 0);
  return found && { start: found.start!, end: found.end! };
}

export function staleSuggestion(suggestion: { id: string; quote: string }): AppError {
  return new AppError("suggestion_stale", "The words this suggestion replaces are no longer in the chapter's text, so accepting it would change other words; nothing was changed.", {
    suggestionId: suggestion.id,
    quote: suggestion.quote,
  });
}

export function alreadyDecided(suggestion: { id: string; state: string }): AppError {
  return new AppError("suggestion_decided", `This suggestion was already ${suggestion.state}.`, { suggestionId: suggestion.id, state: suggestion.state });
}

/**
 * Writes the placed suggestions into the chapter as one new version, and marks them accepted. The
 * places must not overlap. Returns the chapter's new version.
 */
export async function acceptInto(trx: Transaction<DB>, chapter: ChapterNow, placed: readonly { suggestion: SuggestionRow; start: number; end: number }[], principal: Principal): Promise<number> {
  // From the end of the text back, so each splice leaves the places before it where they are.
  let content = chapter.content;
  for (const { suggestion, start, end } of [...placed].sort((a, b) => b.start - a.start)) content = content.slice(0, start) + suggestion.replacement + content.slice(end);
  const version = chapter.version + 1;
  const at = new Date();
  // Decided before the text changes, so the change's own following of open suggestions passes them by.
  await trx
    .updateTable("Suggestion")
    .set({ state: "accepted", decidedAt: at, decidedById: principal.userId, acceptedVersion: version, anchorStart: null, anchorEnd: null })
    .where("id", "in", placed.map((p) => p.suggestion.id))
    .execute();
  const suggesters = [...new Set(placed.map((p) => p.suggestion.authorId))];
  const countRule = await countRuleOf(chapter.bookId, trx);
  // A long chapter is counted in a worker (the quick lane), never on the thread that answers everyone.
  const [wordCount] = await countProseOf([content], countRule, principal.userId);
  await changeTextIn(
    trx,
    {
      bookId: chapter.bookId,
      authorId: principal.userId,
      kind: "suggestion",
      countRule,
      // One suggester is named on the version; several at once are named on their suggestions (acceptedVersion).
      suggestedById: suggesters.length === 1 && suggesters[0] ? suggesters[0] : undefined,
      rewrites: [
        {
          chapterId: chapter.id,
          expectedVersion: chapter.version,
          wordCountBefore: chapter.wordCount,
          contentBefore: chapter.content,
          next: { title: chapter.title, content, wordCount: wordCount! },
        },
      ],
    },
    // The chapter was read in this very transaction, which holds the book: nothing can race it.
    () => new AppError("internal", "A suggestion's chapter changed inside its own transaction."),
  );
  await notify(trx, whoToTellOfDecision(placed.map((p) => p.suggestion), { bookId: chapter.bookId, deciderId: principal.userId, state: "accepted" }), at);
  return version;
}

/** Marks open suggestions rejected, telling their authors. */
export async function reject(trx: Transaction<DB>, bookId: string, suggestions: readonly SuggestionRow[], principal: Principal): Promise<void> {
  if (suggestions.length === 0) return;
  const at = new Date();
  await trx
    .updateTable("Suggestion")
    .set({ state: "rejected", decidedAt: at, decidedById: principal.userId })
    .where("id", "in", suggestions.map((s) => s.id))
    .execute();
  await notify(trx, whoToTellOfDecision(suggestions, { bookId, deciderId: principal.userId, state: "rejected" }), at);
}

export const suggestionRowColumns = ["id", "chapterId", "authorId", "quote", "prefix", "suffix", "anchorStart", "anchorEnd", "replacement", "state"] as const;
