import { env } from "../env";
import { log } from "../log.mjs";
import type { translatorFor } from "../../i18n/translator";
import { mailUnavailable, sendMail } from "../mail/send-mail";
import { translations } from "../mail/translations";
import { mailLocale } from "../users/mail-locale";
import { sql } from "../db";
import { notificationColumns, notificationsOf, toNotificationDto } from "./notifications";
import type { NotificationDto } from "./schemas";

type MailWords = ReturnType<typeof translatorFor<"mail.notification">>;

/** What the message says happened, in a line, in the recipient's language. */
function headline(n: NotificationDto, t: MailWords): string {
  const who = n.actor ? (n.actor.readerNumber !== null ? t("numberedReader", { number: n.actor.readerNumber }) : n.actor.name) : t("someone");
  const chapterTitle = n.thread?.chapterTitle ?? n.suggestion?.chapterTitle;
  const book = n.book.title;
  const where = chapterTitle ? t("where", { chapter: chapterTitle, book }) : t("whereBook", { book });
  switch (n.kind) {
    case "suggestion":
    case "suggestion_accepted":
    case "suggestion_rejected":
    case "mention":
    case "reply":
      return t(`headline.${n.kind}`, { who, where });
    case "reader_finished":
      return t("headline.reader_finished", { who, chapter: n.readChapter?.title ?? t("aChapter"), book });
    case "foreshadowing_overdue":
      return t("headline.foreshadowing_overdue", { title: n.foreshadowing?.title ?? t("aForeshadowing"), book });
    default:
      return t("headline.comment", { who, where });
  }
}

/**
 * E-mails one notification, from the outbox row its transaction wrote. Nothing is sent for one
 * already read in the app, one its reader may no longer see (removed from the book), or when the
 * server no longer mails; safe to run again (at worst a message twice, never none). In the
 * recipient's language, else the language of whoever commented (decision 0509).
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
  const book = await sql.selectFrom("Book").select("language").where("id", "=", n.book.id).executeTakeFirst();
  const t = (await translations()).translatorFor(await mailLocale({ recipientId: recipient.id, causedById: n.actor?.id, bookLanguage: book?.language }), "mail.notification");
  const line = headline(n, t);
  await sendMail({
    to: recipient.email,
    subject: line,
    text: [
      t("lead", { headline: line }),
      "",
      ...(n.thread ? [`  “${n.thread.quote}”`, ""] : []),
      ...(n.comment ? [n.comment.excerpt, ""] : []),
      ...(n.suggestion ? [`  “${n.suggestion.quote}” → “${n.suggestion.replacement}”`, ""] : []),
      t("open", { link: new URL(n.href, env.INKSTONE_PUBLIC_URL).href }),
      "",
      t("why"),
      "",
    ].join("\n"),
  });
}
