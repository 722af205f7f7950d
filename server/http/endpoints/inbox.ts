import { z } from "zod";
import { inboxCollection, listInbox } from "../../inbox/list-inbox";
import { markAllRead, markNotification } from "../../inbox/mark-read";
import { markedAllSchema, markReadInput, notificationParams, notificationSchema } from "../../inbox/schemas";
import { defineEndpoint, defineListEndpoint } from "../endpoint";

// The inbox (issue 36 item 7, decision 0493): what the caller was told of, read and unread.

// GET /api/v1/inbox
export const listInboxEndpoint = defineListEndpoint({
  path: "/api/v1/inbox",
  summary: "Your inbox, newest first: new threads on your books, replies in threads you wrote in, mentions, invitations for your e-mail (unread=true for the unread; X-Total-Count counts them)",
  operation: "inbox.list",
  collection: inboxCollection,
  success: { status: 200, description: "one page of notifications", schema: z.array(notificationSchema) },
  list: (_, options, principal) => listInbox(options, principal),
});

// PATCH /api/v1/inbox/{notificationId}
export const markNotificationEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/inbox/{notificationId}",
  summary: "Mark one notification read (or unread again)",
  operation: "inbox.mark",
  auth: "required",
  params: notificationParams,
  body: { schema: markReadInput },
  writableAttributes: ["read"],
  success: { status: 201, description: "the notification", schema: notificationSchema },
  run: markNotification,
});

// POST /api/v1/inbox/read
export const markAllReadEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/inbox/read",
  summary: "Mark everything in your inbox read",
  operation: "inbox.mark",
  auth: "required",
  success: { status: 201, description: "how many were marked", schema: markedAllSchema },
  run: (_input, principal) => markAllRead(principal),
});
