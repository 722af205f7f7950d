import type { Principal } from "../auth/principal";
import { type Operation } from "../auth/scopes";
import { loadBook, type LoadedBook } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";
import { shownName } from "../users/shown-name";
import type { CommentDto, ThreadDto } from "./schemas";


const personOf = (id: string | null, name: string | null, email: string | null) => (id ? { id, name: shownName({ name, email }) } : null);

/** Threads with their chapters' titles, the people who opened and resolved them, and their comments in order. */
export async function threadsWithComments(threadIds: readonly string[]): Promise<ThreadDto[]> {
  if (threadIds.length === 0) return [];
  const [threads, comments, mentions] = await Promise.all([
    sql
      .selectFrom("CommentThread")
      .innerJoin("Chapter", "Chapter.id", "CommentThread.chapterId")
      .leftJoin("User as Author", "Author.id", "CommentThread.authorId")
      .leftJoin("User as Resolver", "Resolver.id", "CommentThread.resolvedById")
      .selectAll("CommentThread")
      .select(["Chapter.title as chapterTitle", "Author.name as authorName", "Author.email as authorEmail", "Resolver.name as resolverName", "Resolver.email as resolverEmail"])
      .where("CommentThread.id", "in", threadIds)
      .execute(),
    sql
      .selectFrom("Comment")
      .leftJoin("User", "User.id", "Comment.authorId")
      .select(["Comment.id", "Comment.threadId", "Comment.authorId", "Comment.body", "Comment.createdAt", "Comment.editedAt", "User.name", "User.email"])
      .where("Comment.threadId", "in", threadIds)
      .orderBy("Comment.createdAt")
      .orderBy("Comment.id")
      .execute(),
    sql
      .selectFrom("CommentMention")
      .innerJoin("Comment", "Comment.id", "CommentMention.commentId")
      .innerJoin("User", "User.id", "CommentMention.userId")
      .select(["CommentMention.commentId", "User.id", "User.name", "User.email"])
      .where("Comment.threadId", "in", threadIds)
      .execute(),
  ]);
  const mentionsOf = groupBy(mentions, (m) => m.commentId);
  const commentsOf = groupBy(comments, (c) => c.threadId);
  const byId = new Map(threads.map((thread) => [thread.id, thread]));
  return threadIds.flatMap((threadId) => {
    const thread = byId.get(threadId);
    if (!thread) return [];
    return [
      {
        id: thread.id,
        bookId: thread.bookId,
        chapterId: thread.chapterId,
        chapterTitle: thread.chapterTitle,
        quote: thread.quote,
        start: thread.anchorStart,
        end: thread.anchorEnd,
        detached: thread.anchorStart === null,
        resolved: thread.resolvedAt !== null,
        resolvedAt: thread.resolvedAt?.toISOString() ?? null,
        resolvedBy: thread.resolvedAt ? personOf(thread.resolvedById, thread.resolverName, thread.resolverEmail) : null,
        author: personOf(thread.authorId, thread.authorName, thread.authorEmail),
        createdAt: thread.createdAt.toISOString(),
        updatedAt: thread.updatedAt.toISOString(),
        comments: (commentsOf.get(thread.id) ?? []).map(
          (comment): CommentDto => ({
            id: comment.id,
            author: personOf(comment.authorId, comment.name, comment.email),
            body: comment.body,
            mentions: (mentionsOf.get(comment.id) ?? []).map((m) => ({ id: m.id, name: shownName(m) })),
            createdAt: comment.createdAt.toISOString(),
            editedAt: comment.editedAt?.toISOString() ?? null,
          }),
        ),
      },
    ];
  });
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** A thread of a book the caller may comment on, for an operation; 404 when the book has no such thread. */
export async function loadThread(principal: Principal, ids: { bookId: string; threadId: string }, operation: Operation): Promise<{ book: LoadedBook; thread: ThreadDto }> {
  const book = await loadBook(principal, ids.bookId, operation);
  const [thread] = await threadsWithComments([ids.threadId]);
  if (!thread || thread.bookId !== book.id) throw new AppError("not_found", "This book has no comment thread with this id.");
  return { book, thread };
}

/** One thread as it stands now, for an answer. */
export async function threadNow(threadId: string): Promise<ThreadDto> {
  const [thread] = await threadsWithComments([threadId]);
  if (!thread) throw new AppError("not_found", "This comment thread was deleted meanwhile.");
  return thread;
}

/** One comment of a thread; 404 when the thread has no such comment. */
export function commentOf(thread: ThreadDto, commentId: string) {
  const comment = thread.comments.find((c) => c.id === commentId);
  if (!comment) throw new AppError("not_found", "This thread has no comment with this id.");
  return comment;
}

/** Who removes words others read: whoever wrote them, and the book's owner, who keeps the book tidy. */
export function mayRemove(principal: Principal, book: LoadedBook, author: { id: string } | null): boolean {
  return author?.id === principal.userId || book.role === "owner";
}
