import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError, refusedField } from "../errors";
import { newId } from "../sql/values";
import { privateDestinationsAllowed } from "./deliver";
import { assertPublicDestination } from "./destination";
import type { CreatedWebhookDto, CreateWebhookInput } from "./schemas";
import { newWebhookSecret } from "./signature";
import { storedEvents, toWebhookDto, webhookColumns } from "./webhooks";

/** Hooks one account may have: enough for every integration, few enough that one event's fan-out stays small. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 20;

// POST /api/v1/webhooks — the caller's new hook, with its secret shown this once
export async function createWebhook(input: CreateWebhookInput, principal: Principal): Promise<CreatedWebhookDto> {
  authorize(principal, "webhooks.create");
  // A hook for one book is for a book its owner may read (the one policy); it hears nothing else.
  if (input.bookId) await loadBook(principal, input.bookId, "books.get");
  await assertPublicDestination(input.url, privateDestinationsAllowed());
  const { count } = await sql.selectFrom("Webhook").select((eb) => eb.fn.countAll<number>().as("count")).where("ownerId", "=", principal.userId).executeTakeFirstOrThrow();
  if (Number(count) >= MAX_WEBHOOKS_PER_ACCOUNT) {
    throw new AppError("validation_failed", `An account may have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks; delete one first.`, [refusedField("url", "tooManyWebhooks", "too many webhooks", { limit: MAX_WEBHOOKS_PER_ACCOUNT })]);
  }
  const now = new Date();
  const secret = newWebhookSecret();
  const row = await sql
    .insertInto("Webhook")
    .values({
      id: newId(),
      ownerId: principal.userId,
      url: input.url,
      description: input.description ?? "",
      events: storedEvents(input.events),
      bookId: input.bookId ?? null,
      secret,
      active: input.active ?? true,
      createdAt: now,
      updatedAt: now,
    })
    .returning(webhookColumns)
    .executeTakeFirstOrThrow();
  return { ...toWebhookDto(row), secret };
}
