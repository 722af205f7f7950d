import type { Transaction } from "kysely";
import type { DB } from "../generated/kysely/database";
import { mailUnavailable } from "../mail/send-mail";
import { newId } from "../sql/values";
import type { NotificationKind } from "./schemas";

/** The outbox topic whose rows e-mail one notification (server/outbox/topics.ts). */
export const NOTIFICATION_EMAIL_TOPIC = "notification-email";

/**
 * Kinds told in the inbox alone: an invitation's own e-mail already carries its link; a reader
 * finishing a chapter is news for the next visit, not for the mailbox (decision 0497: reader activity stays quiet).
 */
const NOT_MAILED: ReadonlySet<NotificationKind> = new Set(["invitation", "reader_finished"]);


export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  bookId: string;
  actorId: string | null;
  threadId?: string;
  commentId?: string;
  invitationId?: string;
  suggestionId?: string;
  chapterId?: string;
  foreshadowingId?: string;
}

/**
 * Tells people of something, in the transaction that did it: the inbox never shows what was rolled
 * back, and never misses what committed. Each is e-mailed too, through the outbox, when the operator
 * configured SMTP (an invitation's own e-mail already carries its link: no second message for it).
 */
export async function notify(trx: Transaction<DB>, notifications: readonly NewNotification[], at = new Date()): Promise<void> {
  if (notifications.length === 0) return;
  const rows = notifications.map((n) => ({ id: newId(), createdAt: at, threadId: null, commentId: null, invitationId: null, suggestionId: null, chapterId: null, foreshadowingId: null, ...n }));
  await trx.insertInto("Notification").values(rows).execute();
  if (mailUnavailable()) return;
  const mailed = rows.filter((row) => !NOT_MAILED.has(row.kind));
  if (mailed.length > 0) await trx.insertInto("Outbox").values(mailed.map((row) => ({ topic: NOTIFICATION_EMAIL_TOPIC, subjectId: row.id, createdAt: at }))).execute();
}
