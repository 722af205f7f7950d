import type { NewNotification } from "../inbox/notify";

/**
 * Who a new comment is news to, told once each: the people it mentions; on a new thread the book's
 * owner (whose book it is); on a reply everyone who wrote in the thread before. Never its author.
 */
export function whoToTell(comment: { bookId: string; threadId: string; commentId: string; authorId: string; mentions: readonly string[]; owner?: string; earlier?: readonly (string | null)[] }): NewNotification[] {
  const told = new Set<string>([comment.authorId]);
  const tell = (userIds: readonly (string | null | undefined)[], kind: NewNotification["kind"]) =>
    userIds.flatMap((userId) => {
      if (!userId || told.has(userId)) return [];
      told.add(userId);
      return [{ userId, kind, bookId: comment.bookId, actorId: comment.authorId, threadId: comment.threadId, commentId: comment.commentId }];
    });
  return [...tell(comment.mentions, "mention"), ...tell([comment.owner], "comment"), ...tell(comment.earlier ?? [], "reply")];
}
