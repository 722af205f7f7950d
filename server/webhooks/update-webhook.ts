import type { Principal } from "../auth/principal";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { privateDestinationsAllowed } from "./deliver";
import { assertPublicDestination } from "./destination";
import type { UpdateWebhookInput, WebhookDto } from "./schemas";
import { loadWebhook, storedEvents, toWebhookDto, webhookColumns } from "./webhooks";

// PATCH /api/v1/webhooks/{webhookId} — change a hook's address, events, book or state
export async function updateWebhook(input: { webhookId: string } & UpdateWebhookInput, principal: Principal): Promise<WebhookDto> {
  const hook = await loadWebhook(principal, input.webhookId, "webhooks.update");
  if (input.bookId) await loadBook(principal, input.bookId, "books.get");
  if (input.url !== undefined) await assertPublicDestination(input.url, privateDestinationsAllowed());
  const switchedOn = input.active === true && !hook.active;
  const row = await sql
    .updateTable("Webhook")
    .set({
      ...(input.url !== undefined && { url: input.url }),
      ...(input.events !== undefined && { events: storedEvents(input.events) }),
      ...(input.bookId !== undefined && { bookId: input.bookId }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.active !== undefined && { active: input.active, disabledReason: null }),
      // Switched back on, a hook starts a new run: its next failure is the first, not the 21st.
      ...(switchedOn && { consecutiveFailures: 0 }),
      updatedAt: new Date(),
    })
    .where("id", "=", hook.id)
    .returning(webhookColumns)
    .executeTakeFirstOrThrow();
  return toWebhookDto(row);
}
