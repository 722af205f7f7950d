import { memberRolesThatMay, type MemberRole } from "../auth/book-roles";
import { sql } from "../db";
import { invitationEnd, invitationLink, invitationSecretOf } from "../members/invitations";
import { shownName } from "../users/shown-name";
import type { NotificationDto, NotificationKind } from "./schemas";
import type { SuggestionState } from "../suggestions/schemas";

const EXCERPT = 280;

/**
 * A person's notifications as they may still see them: an invitation always (it is theirs), the
 * rest only on a book they still comment on, out of the trash. Who did it, the thread, the comment
 * and the invitation come with each.
 */
export function notificationsOf(userId: string) {
  const roles = memberRolesThatMay("comment");
  return sql
    .selectFrom("Notification")
    .innerJoin("Book", "Book.id", "Notification.bookId")
    .leftJoin("User as Actor", "Actor.id", "Notification.actorId")
    .leftJoin("CommentThread", "CommentThread.id", "Notification.threadId")
    .leftJoin("Chapter", "Chapter.id", "CommentThread.chapterId")
    .leftJoin("Comment", "Comment.id", "Notification.commentId")
    .leftJoin("Invitation", "Invitation.id", "Notification.invitationId")
    .leftJoin("Suggestion", "Suggestion.id", "Notification.suggestionId")
    .leftJoin("Chapter as SuggestionChapter", "SuggestionChapter.id", "Suggestion.chapterId")
    // a reader's activity (decision 0497): the chapter, and the reader named only as the owner allows
    .leftJoin("Chapter as ReadChapter", "ReadChapter.id", "Notification.chapterId")
    .leftJoin("Foreshadowing", "Foreshadowing.id", "Notification.foreshadowingId")
    .leftJoin("ReaderShare", "ReaderShare.bookId", "Notification.bookId")
    .leftJoin("BookReader", (join) => join.onRef("BookReader.bookId", "=", "Notification.bookId").onRef("BookReader.userId", "=", "Notification.actorId"))
    .where("Notification.userId", "=", userId)
    .where((eb) =>
      eb.or([
        eb("Notification.kind", "=", "invitation"),
        eb.and([
          eb("Book.deletedAt", "is", null),
          eb.or([
            eb("Book.ownerId", "=", userId),
            eb.exists(
              eb
                .selectFrom("BookMember")
                .select("BookMember.userId")
                .whereRef("BookMember.bookId", "=", "Notification.bookId")
                .where("BookMember.userId", "=", userId)
                .where("BookMember.role", "in", roles),
            ),
          ]),
        ]),
      ]),
    );
}

export const notificationColumns = [
  "Notification.id",
  "Notification.kind",
  "Notification.createdAt",
  "Notification.readAt",
  "Book.id as bookId",
  "Book.title as bookTitle",
  "Actor.id as actorId",
  "Actor.name as actorName",
  "Actor.email as actorEmail",
  "CommentThread.id as threadId",
  "CommentThread.quote as quote",
  "Chapter.id as chapterId",
  "Chapter.title as chapterTitle",
  "Comment.id as commentId",
  "Comment.body as commentBody",
  "Invitation.id as invitationId",
  "Invitation.role as invitationRole",
  "Invitation.expiresAt as invitationExpiresAt",
  "Invitation.acceptedAt as invitationAcceptedAt",
  "Invitation.withdrawnAt as invitationWithdrawnAt",
  "Book.deletedAt as bookDeletedAt",
  "Book.purgedAt as bookPurgedAt",
  "Suggestion.id as suggestionId",
  "Suggestion.quote as suggestionQuote",
  "Suggestion.replacement as suggestionReplacement",
  "Suggestion.state as suggestionState",
  "SuggestionChapter.id as suggestionChapterId",
  "SuggestionChapter.title as suggestionChapterTitle",
  "ReadChapter.id as readChapterId",
  "ReadChapter.title as readChapterTitle",
  "ReaderShare.showNames as showReaderNames",
  "BookReader.number as readerNumber",
  "Foreshadowing.id as foreshadowingId",
  "Foreshadowing.title as foreshadowingTitle",
  "Foreshadowing.state as foreshadowingState",
] as const;

interface NotificationRow {
  id: string;
  kind: string;
  createdAt: Date;
  readAt: Date | null;
  bookId: string;
  bookTitle: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  threadId: string | null;
  quote: string | null;
  chapterId: string | null;
  chapterTitle: string | null;
  commentId: string | null;
  commentBody: string | null;
  invitationId: string | null;
  invitationRole: string | null;
  invitationExpiresAt: Date | null;
  invitationAcceptedAt: Date | null;
  invitationWithdrawnAt: Date | null;
  bookDeletedAt: Date | null;
  bookPurgedAt: Date | null;
  suggestionId: string | null;
  suggestionQuote: string | null;
  suggestionReplacement: string | null;
  suggestionState: string | null;
  suggestionChapterId: string | null;
  suggestionChapterTitle: string | null;
  readChapterId: string | null;
  readChapterTitle: string | null;
  showReaderNames: boolean | null;
  readerNumber: number | null;
  foreshadowingId: string | null;
  foreshadowingTitle: string | null;
  foreshadowingState: string | null;
}

/** Who did it as the reader may be told: a beta reader's activity names them only when the owner shows readers' names. */
function actorOf(row: NotificationRow): NotificationDto["actor"] {
  if (!row.actorId) return null;
  if (row.kind === "reader_finished" && !row.showReaderNames) return { id: "", name: `Reader ${row.readerNumber ?? "?"}`, readerNumber: row.readerNumber ?? null };
  return { id: row.actorId, name: shownName({ name: row.actorName, email: row.actorEmail }), readerNumber: null };
}

function invitationOf(row: NotificationRow): NotificationDto["invitation"] {
  if (!row.invitationId) return null;
  const state = invitationEnd({ acceptedAt: row.invitationAcceptedAt, withdrawnAt: row.invitationWithdrawnAt, expiresAt: row.invitationExpiresAt!, bookDeletedAt: row.bookDeletedAt, bookPurgedAt: row.bookPurgedAt }) ?? "pending";
  return {
    id: row.invitationId,
    role: row.invitationRole as MemberRole,
    expiresAt: row.invitationExpiresAt!.toISOString(),
    state,
    link: state === "pending" ? invitationLink(invitationSecretOf(row.invitationId)) : null,
  };
}

export function toNotificationDto(row: NotificationRow): NotificationDto {
  const invitation = invitationOf(row);
  const suggestion = row.suggestionId
    ? { id: row.suggestionId, chapterId: row.suggestionChapterId!, chapterTitle: row.suggestionChapterTitle!, quote: row.suggestionQuote!, replacement: row.suggestionReplacement!, state: row.suggestionState as SuggestionState }
    : null;
  const thread = row.threadId ? { id: row.threadId, chapterId: row.chapterId!, chapterTitle: row.chapterTitle!, quote: row.quote! } : null;
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    book: { id: row.bookId, title: row.bookTitle },
    actor: actorOf(row),
    thread,
    comment: row.commentId ? { id: row.commentId, excerpt: row.commentBody!.slice(0, EXCERPT) } : null,
    suggestion,
    invitation,
    foreshadowing: row.foreshadowingId ? { id: row.foreshadowingId, title: row.foreshadowingTitle!, state: row.foreshadowingState as "planted" | "paid_off" | "dropped" } : null,
    readChapter: row.readChapterId ? { id: row.readChapterId, title: row.readChapterTitle! } : null,
    href:
      invitation?.link ??
      (thread
        ? `/books/${row.bookId}/chapters/${thread.chapterId}?thread=${thread.id}`
        : suggestion
          ? `/books/${row.bookId}/chapters/${suggestion.chapterId}?suggestion=${suggestion.id}`
          : row.kind === "reader_finished"
            ? `/books/${row.bookId}/readers`
            : row.foreshadowingId
              ? `/books/${row.bookId}/foreshadowing#foreshadowing-${row.foreshadowingId}`
              : `/books/${row.bookId}`),
  };
}
