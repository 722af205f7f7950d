import type { Principal } from "../auth/principal";
import type { WebhookDto } from "./schemas";
import { loadWebhook, toWebhookDto } from "./webhooks";

// GET /api/v1/webhooks/{webhookId} — one hook (never its secret)
export async function getWebhook(input: { webhookId: string }, principal: Principal): Promise<WebhookDto> {
  return toWebhookDto(await loadWebhook(principal, input.webhookId, "webhooks.get"));
}
