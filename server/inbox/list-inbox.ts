import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { booleanFilter, defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { countOf } from "../sql/count";
import { notificationColumns, notificationsOf, toNotificationDto } from "./notifications";
import type { NotificationDto } from "./schemas";

export const inboxCollection = defineCollection({
  sortable: ["createdAt"] as const,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: { unread: booleanFilter.describe("true: only what is unread; false: only what was read") },
});

// GET /api/v1/inbox — what the caller was told of, newest first
export async function listInbox(options: OptionsOf<typeof inboxCollection>, principal: Principal): Promise<Page<NotificationDto>> {
  authorize(principal, "inbox.list");
  let matching = notificationsOf(principal.userId);
  if (options.filters.unread !== undefined) matching = matching.where("Notification.readAt", options.filters.unread ? "is" : "is not", null);
  const { offset, limit } = pageWindow(options);
  const rows = await matching.select(notificationColumns).orderBy("Notification.createdAt", options.order).orderBy("Notification.id", options.order).offset(offset).limit(limit).execute();
  return pageOf(options, rows.map(toNotificationDto), () => countOf(matching));
}

/** How many are unread: the header's figure. */
export async function unreadCount(principal: Principal): Promise<number> {
  return countOf(notificationsOf(principal.userId).where("Notification.readAt", "is", null));
}
