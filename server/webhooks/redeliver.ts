import type { Principal } from "../auth/principal";
import { sql } from "../db";
import { AppError } from "../errors";
import { attemptDelivery, DELIVERY_CLAIM_MS } from "./deliver";
import { deliveryById } from "./deliveries";
import type { DeliveryDto } from "./schemas";
import { loadWebhook } from "./webhooks";

/**
 * POST /api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/attempts — sends a delivery again now,
 * the same event id and body with a new signature, and answers it with the new attempt. One more
 * attempt, outside the retry schedule: a failure leaves a waiting delivery's next retry as it was.
 */
export async function redeliver(input: { webhookId: string; deliveryId: string }, principal: Principal): Promise<DeliveryDto> {
  const hook = await loadWebhook(principal, input.webhookId, "webhooks.redeliver");
  const now = new Date();
  // Held while it is sent, so the background does not send it at the same moment.
  const { numUpdatedRows } = await sql
    .updateTable("WebhookDelivery")
    .set({ claimedUntil: new Date(now.getTime() + DELIVERY_CLAIM_MS) })
    .where("id", "=", input.deliveryId)
    .where("webhookId", "=", hook.id)
    .executeTakeFirst();
  if (numUpdatedRows !== 1n) throw new AppError("not_found", "This webhook has no such delivery (deliveries are kept 30 days).");
  await attemptDelivery(input.deliveryId, { now, scheduled: false });
  return (await deliveryById(hook.id, input.deliveryId))!;
}
