import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import { notificationColumns, notificationsOf, toNotificationDto } from "./notifications";
import type { NotificationDto } from "./schemas";

// PATCH /api/v1/inbox/{notificationId} — read, or unread again
export async function markNotification(input: { notificationId: string; read: boolean }, principal: Principal): Promise<NotificationDto> {
  authorize(principal, "inbox.mark");
  const marked = await sql
    .updateTable("Notification")
    .set({ readAt: input.read ? new Date() : null })
    .where("id", "=", input.notificationId)
    .where("userId", "=", principal.userId)
    .executeTakeFirst();
  const row = marked.numUpdatedRows === 0n ? undefined : await notificationsOf(principal.userId).select(notificationColumns).where("Notification.id", "=", input.notificationId).executeTakeFirst();
  if (!row) throw new AppError("not_found", "Your inbox has nothing with this id.");
  return toNotificationDto(row);
}

// POST /api/v1/inbox/read — everything unread, read
export async function markAllRead(principal: Principal): Promise<{ marked: number }> {
  authorize(principal, "inbox.mark");
  const marked = await sql.updateTable("Notification").set({ readAt: new Date() }).where("userId", "=", principal.userId).where("readAt", "is", null).executeTakeFirst();
  return { marked: Number(marked.numUpdatedRows) };
}
