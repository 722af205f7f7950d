import type { Principal } from "../auth/principal";
import { AppError } from "../errors";
import { deliveryById } from "./deliveries";
import type { DeliveryDto } from "./schemas";
import { loadWebhook } from "./webhooks";

// GET /api/v1/webhooks/{webhookId}/deliveries/{deliveryId} — one delivery with its attempts
export async function getDelivery(input: { webhookId: string; deliveryId: string }, principal: Principal): Promise<DeliveryDto> {
  const hook = await loadWebhook(principal, input.webhookId, "webhooks.deliveries");
  const delivery = await deliveryById(hook.id, input.deliveryId);
  if (!delivery) throw new AppError("not_found", "This webhook has no such delivery (deliveries are kept 30 days).");
  return delivery;
}
