import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { BookAction } from "../auth/book-roles";
import type { Principal } from "../auth/principal";
import { can, type ChapterAccess } from "../books/policy";
import type { DB } from "../generated/kysely/database";
import { newId } from "../sql/values";
import type { SentEventType, WebhookEventType } from "./schemas";

/**
 * One event to tell hooks about. Who may hear of it is the one policy's to say (decision 0457):
 * `book`, every account whose role on the book allows `action` (on `chapter`, for a beta reader's
 * released chapters); `userIds`, only those accounts. A hook is its account's, so it hears what its
 * account may read, never more — an admin's hook included: the admin's reach is a credential's
 * scope, not the account's.
 */
export interface WebhookEvent {
  /** the same for every hook and every retry: what a receiver deduplicates by */
  id: string;
  type: WebhookEventType;
  occurredAt: Date;
  audience: { userIds?: readonly string[]; book?: { id: string; action: BookAction; chapter?: ChapterAccess } };
  data: Record<string, unknown>;
}

/** An event id for an event that a repeated run would announce again (a chapter's version, a job's end): the same each time. */
export function eventIdOf(...parts: string[]): string {
  const hex = createHash("sha256").update(parts.join("\u0000")).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function newEventId(): string {
  return newId();
}

/** The body a hook receives, exactly as signed. */
export function payloadOf(event: { id: string; type: SentEventType; occurredAt: Date; data: Record<string, unknown> }, webhookId: string): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.occurredAt.toISOString(), webhookId, data: event.data });
}

export function subscribes(events: string, type: WebhookEventType): boolean {
  const names = events.split(" ");
  return names.includes("*") || names.includes(type);
}

/** A hook's owner as the policy sees them: the account itself, acting for nobody else. */
function ownerAsPrincipal(userId: string): Principal {
  return { userId, scopes: new Set(), tokenId: null };
}

/**
 * Queues the event for every active hook that subscribes to it, was registered by the time it
 * happened, and whose owner may hear of it, in
 * `db` — the transaction of the write it reports, when there is one, so that the write and its
 * deliveries commit together (or, from the outbox, after a write already committed). Queuing the
 * same event twice adds nothing (one delivery per hook and event id). Answers how many were queued.
 */
export async function queueEvent(db: Kysely<DB>, event: WebhookEvent): Promise<number> {
  // A hook hears what happens once it is there: a chapter saved, or a job ended, before the hook was
  // registered is not its news, though the outbox announces it only after the writer pauses.
  let hooks = db.selectFrom("Webhook").select(["id", "ownerId", "events", "bookId"]).where("active", "=", true).where("createdAt", "<=", event.occurredAt);
  const { userIds, book } = event.audience;
  if (userIds) {
    if (userIds.length === 0) return 0;
    hooks = hooks.where("ownerId", "in", userIds);
  }
  let mayHear: (ownerId: string) => boolean = () => true;
  if (book) {
    const row = await db.selectFrom("Book").select("ownerId").where("id", "=", book.id).executeTakeFirst();
    if (!row) return 0;
    const members = new Map((await db.selectFrom("BookMember").select(["userId", "role"]).where("bookId", "=", book.id).execute()).map((m) => [m.userId, m.role]));
    hooks = hooks.where("ownerId", "in", [row.ownerId, ...members.keys()]);
    mayHear = (ownerId) => can(ownerAsPrincipal(ownerId), book.action, { ownerId: row.ownerId, memberRole: members.get(ownerId) ?? null }, book.chapter);
  }
  const chosen = (await hooks.execute()).filter((hook) => subscribes(hook.events, event.type) && (hook.bookId === null || hook.bookId === book?.id) && mayHear(hook.ownerId));
  if (chosen.length === 0) return 0;
  await db
    .insertInto("WebhookDelivery")
    .values(
      chosen.map((hook) => ({
        id: newId(),
        webhookId: hook.id,
        eventId: event.id,
        eventType: event.type,
        payload: payloadOf(event, hook.id),
        status: "pending",
        nextAttemptAt: event.occurredAt,
        createdAt: event.occurredAt,
      })),
    )
    .onConflict((conflict) => conflict.columns(["webhookId", "eventId"]).doNothing())
    .execute();
  return chosen.length;
}
