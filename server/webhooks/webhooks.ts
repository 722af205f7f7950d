import type { Selectable } from "kysely";
import type { Principal } from "../auth/principal";
import { actsForEveryone, authorize, type Operation } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import type { Webhook } from "../generated/kysely/database";
import { WEBHOOK_EVENTS, type WebhookDto } from "./schemas";

export const webhookColumns = ["id", "ownerId", "url", "description", "events", "bookId", "active", "disabledReason", "consecutiveFailures", "createdAt", "updatedAt"] as const;
export type WebhookRow = Pick<Selectable<Webhook>, (typeof webhookColumns)[number]>;

/** Stored space-separated: the events a hook asked for, in the order of WEBHOOK_EVENTS, `*` first. */
export function storedEvents(events: readonly string[]): string {
  if (events.includes("*")) return "*";
  return WEBHOOK_EVENTS.filter((event) => events.includes(event)).join(" ");
}

export function toWebhookDto(row: WebhookRow): WebhookDto {
  const self = `/api/v1/webhooks/${row.id}`;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.split(" ") as WebhookDto["events"],
    bookId: row.bookId,
    active: Boolean(row.active),
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    links: { self, deliveries: `${self}/deliveries`, pings: `${self}/pings` },
  };
}

/**
 * A hook for an operation on it: the caller's own (an admin-scoped credential reaches every
 * account's, as with jobs); another account's is 403, an unknown id 404.
 */
export async function loadWebhook(principal: Principal, webhookId: string, operation: Operation): Promise<WebhookRow> {
  authorize(principal, operation);
  const row = await sql.selectFrom("Webhook").select(webhookColumns).where("id", "=", webhookId).executeTakeFirst();
  if (!row) throw new AppError("not_found", "There is no webhook with this id.");
  if (row.ownerId !== principal.userId && !actsForEveryone(principal)) throw new AppError("forbidden", "This webhook is another account's.");
  return row;
}
