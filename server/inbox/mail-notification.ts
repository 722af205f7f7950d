import { env } from "../env";
import { log } from "../log.mjs";
import { mailUnavailable, sendMail } from "../mail/send-mail";
import { sql } from "../db";
import { notificationColumns, notificationsOf, toNotificationDto } from "./notifications";
import type { NotificationDto } from "./schemas";

/** What the message says happened, in a line. */
function headline(n: NotificationDto): string {
  const who = n.actor?.name ?? "Someone";
  const chapterTitle = n.thread?.chapterTitle ?? n.suggestion?.chapterTitle;
  const where = chapterTitle ? `“${chapterTitle}” in “${n.book.title}”` : `“${n.book.title}”`;
  if (n.kind === "suggestion") return `${who} suggested an edit to ${where}`;
  if (n.kind === "suggestion_accepted") return `${who} accepted your suggestion on ${where}`;
  if (n.kind === "suggestion_rejected") return `${who} rejected your suggestion on ${where}`;
  if (n.kind === "mention") return `${who} mentioned you in a comment on ${where}`;
  if (n.kind === "reply") return `${who} replied in a thread on ${where}`;
  if (n.kind === "foreshadowing_overdue") return `“${n.foreshadowing?.title ?? "A foreshadowing"}” in “${n.book.title}” is overdue: the book is written past the chapter it was to be paid off by`;
  if (n.kind === "reader_finished") return `${who} finished “${n.readChapter?.title ?? "a chapter"}” of “${n.book.title}”`;
  return `${who} commented on ${where}`;
}

/**
 * E-mails one notification, from the outbox row its transaction wrote. Nothing is sent for one
 * already read in the app, one its reader may no longer see (removed from the book), or when the
 * server no longer mails; safe to run again (at worst a message twice, never none).
 */
export async function mailNotification(notificationId: string): Promise<void> {
  const recipient = await sql.selectFrom("Notification").innerJoin("User", "User.id", "Notification.userId").select(["User.id", "User.email"]).where("Notification.id", "=", notificationId).executeTakeFirst();
  if (!recipient) return;
  const row = await notificationsOf(recipient.id).select(notificationColumns).where("Notification.id", "=", notificationId).executeTakeFirst();
  if (!row || row.readAt) return;
  if (mailUnavailable() || !env.INKSTONE_PUBLIC_URL) {
    log.warn({ notificationId }, "notification e-mail not sent: the server is no longer configured to send e-mail with links");
    return;
  }
  const n = toNotificationDto(row);
  const line = headline(n);
  await sendMail({
    to: recipient.email,
    subject: line,
    text: [
      `${line}:`,
      "",
      ...(n.thread ? [`  “${n.thread.quote}”`, ""] : []),
      ...(n.comment ? [n.comment.excerpt, ""] : []),
      ...(n.suggestion ? [`  “${n.suggestion.quote}” → “${n.suggestion.replacement}”`, ""] : []),
      `Open it: ${new URL(n.href, env.INKSTONE_PUBLIC_URL).href}`,
      "",
      "You are told of comments and suggested edits on books you work on in Inkstone; your inbox there has them all.",
      "",
    ].join("\n"),
  });
}
