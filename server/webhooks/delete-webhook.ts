import type { Principal } from "../auth/principal";
import { sql } from "../db";
import { loadWebhook } from "./webhooks";

// DELETE /api/v1/webhooks/{webhookId} — the hook, its waiting deliveries and its log go
export async function deleteWebhook(input: { webhookId: string }, principal: Principal): Promise<void> {
  const hook = await loadWebhook(principal, input.webhookId, "webhooks.delete");
  await sql.deleteFrom("Webhook").where("id", "=", hook.id).execute();
}
