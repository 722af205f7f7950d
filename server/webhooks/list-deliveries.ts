import type { Principal } from "../auth/principal";
import { defineCollection, pageWindow, type OptionsOf, type Page } from "../collections";
import { sql } from "../db";
import { countOf } from "../sql/count";
import { z } from "zod";
import { deliveryColumns, withAttempts } from "./deliveries";
import { DELIVERY_STATUSES, type DeliveryDto } from "./schemas";
import { loadWebhook } from "./webhooks";

export const deliveriesCollection = defineCollection({
  sortable: ["createdAt"] as const,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: { status: z.enum(DELIVERY_STATUSES), event: z.string().min(1).max(64).describe("an event type, e.g. chapter.saved or ping") },
});

// GET /api/v1/webhooks/{webhookId}/deliveries — the delivery log, newest first: each event sent and every attempt at it
export async function listDeliveries(input: { webhookId: string } & OptionsOf<typeof deliveriesCollection>, principal: Principal): Promise<Page<DeliveryDto>> {
  const hook = await loadWebhook(principal, input.webhookId, "webhooks.deliveries");
  let matching = sql.selectFrom("WebhookDelivery").where("webhookId", "=", hook.id);
  if (input.filters.status) matching = matching.where("status", "=", input.filters.status);
  if (input.filters.event) matching = matching.where("eventType", "=", input.filters.event);
  const { offset, limit } = pageWindow(input);
  const [rows, total] = await Promise.all([
    matching.select(deliveryColumns).orderBy("createdAt", input.order).orderBy("id", input.order).offset(offset).limit(limit).execute(),
    countOf(matching),
  ]);
  return { items: await withAttempts(rows), total, page: input.page, perPage: input.perPage };
}
