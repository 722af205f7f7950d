import { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { defineCollection, pageWindow, type OptionsOf, type Page } from "../collections";
import { sql } from "../db";
import { countOf } from "../sql/count";
import type { WebhookDto } from "./schemas";
import { toWebhookDto, webhookColumns } from "./webhooks";

export const webhooksCollection = defineCollection({
  sortable: ["createdAt", "url"] as const,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: { active: z.enum(["true", "false"]).transform((value) => value === "true") },
});

// GET /api/v1/webhooks — the caller's hooks, newest first
export async function listWebhooks(options: OptionsOf<typeof webhooksCollection>, principal: Principal): Promise<Page<WebhookDto>> {
  authorize(principal, "webhooks.list");
  let matching = sql.selectFrom("Webhook").where("ownerId", "=", principal.userId);
  if (options.filters.active !== undefined) matching = matching.where("active", "=", options.filters.active);
  const { offset, limit } = pageWindow(options);
  const [rows, total] = await Promise.all([
    matching.select(webhookColumns).orderBy(options.sortBy, options.order).orderBy("id", options.order).offset(offset).limit(limit).execute(),
    countOf(matching),
  ]);
  return { items: rows.map(toWebhookDto), total, page: options.page, perPage: options.perPage };
}
