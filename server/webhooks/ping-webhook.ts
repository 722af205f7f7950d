import type { Principal } from "../auth/principal";
import { sql } from "../db";
import { newId } from "../sql/values";
import { attemptDelivery } from "./deliver";
import { deliveryById } from "./deliveries";
import { newEventId, payloadOf } from "./events";
import type { DeliveryDto } from "./schemas";
import { loadWebhook, toWebhookDto } from "./webhooks";

/**
 * POST /api/v1/webhooks/{webhookId}/pings — sends a `ping` event now, while the caller waits (at
 * most the 10 s deadline), and answers the delivery with its attempt: a test of the address and
 * the signature check. Sent to a hook that is switched off too (to test it before switching it
 * on); never retried.
 */
export async function pingWebhook(input: { webhookId: string }, principal: Principal): Promise<DeliveryDto> {
  const hook = await loadWebhook(principal, input.webhookId, "webhooks.ping");
  const now = new Date();
  const event = { id: newEventId(), type: "ping" as const, occurredAt: now, data: { webhook: toWebhookDto(hook), zen: "Write the next sentence." } };
  const id = newId();
  await sql
    .insertInto("WebhookDelivery")
    .values({ id, webhookId: hook.id, eventId: event.id, eventType: "ping", payload: payloadOf(event, hook.id), status: "pending", nextAttemptAt: null, createdAt: now })
    .execute();
  await attemptDelivery(id, { now, scheduled: false });
  return (await deliveryById(hook.id, id))!;
}
