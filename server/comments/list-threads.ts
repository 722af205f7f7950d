import { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { booleanFilter, defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { sql } from "../db";
import { countOf } from "../sql/count";
import type { ThreadDto } from "./schemas";
import { threadsWithComments } from "./threads";

export const threadsCollection = defineCollection({
  sortable: ["createdAt", "updatedAt"] as const,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: {
    chapterId: z.string().min(1).max(64).describe("only this chapter's threads"),
    resolved: booleanFilter.describe("true: only resolved threads; false: only open ones"),
    detached: booleanFilter.describe("true: only threads whose words were deleted"),
    mentions: z.literal("me").describe("me: only threads with a comment that mentions you"),
  },
});

// GET /api/v1/books/{bookId}/threads — the book's comment threads, newest first; resolved ones stay findable
export async function listThreads(input: { bookId: string; options: OptionsOf<typeof threadsCollection> }, principal: Principal): Promise<Page<ThreadDto>> {
  authorize(principal, "comments.list");
  const book = await loadBook(principal, input.bookId, "comments.list");
  const { chapterId, resolved, detached, mentions } = input.options.filters;
  // Threads on chapters in the trash wait there with them.
  let matching = sql.selectFrom("CommentThread").innerJoin("Chapter", "Chapter.id", "CommentThread.chapterId").where("CommentThread.bookId", "=", book.id).where("Chapter.deletedAt", "is", null);
  if (chapterId !== undefined) matching = matching.where("CommentThread.chapterId", "=", chapterId);
  if (resolved !== undefined) matching = matching.where("CommentThread.resolvedAt", resolved ? "is not" : "is", null);
  if (detached !== undefined) matching = matching.where("CommentThread.anchorStart", detached ? "is" : "is not", null);
  if (mentions === "me") {
    matching = matching.where((eb) =>
      eb.exists(
        eb
          .selectFrom("CommentMention")
          .innerJoin("Comment", "Comment.id", "CommentMention.commentId")
          .select("CommentMention.userId")
          .whereRef("Comment.threadId", "=", "CommentThread.id")
          .where("CommentMention.userId", "=", principal.userId),
      ),
    );
  }
  const { offset, limit } = pageWindow(input.options);
  const rows = await matching
    .select("CommentThread.id")
    .orderBy(`CommentThread.${input.options.sortBy}`, input.options.order)
    .orderBy("CommentThread.id", input.options.order)
    .offset(offset)
    .limit(limit)
    .execute();
  return pageOf(input.options, await threadsWithComments(rows.map((row) => row.id)), () => countOf(matching));
}
