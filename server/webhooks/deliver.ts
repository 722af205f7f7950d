import { sql } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import { logFailure } from "../machine-trouble";
import { DELIVERY_DEADLINE_MS, sendWebhook } from "./send";
import { SIGNATURE_HEADER, signatureHeader } from "./signature";

/**
 * When a failed delivery is tried again, after its first, second … attempt (decision 0474): eight
 * attempts in all, the last about 22½ hours after the first, as integrators know from GitHub and
 * Stripe. Fixed, without jitter, so that a receiver's owner can read when the next one comes.
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 60 * 60_000, 3 * 3600_000, 6 * 3600_000, 12 * 3600_000] as const;
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A hook whose attempts failed this many times in a row is switched off until its owner switches it on. */
export const DISABLE_AFTER_FAILURES = 20;
/** A process's claim on a delivery it sends: past the deadline, so a process that died lets go. */
export const DELIVERY_CLAIM_MS = DELIVERY_DEADLINE_MS + 20_000;
/** How often each process looks for due deliveries. */
const POLL_MS = 1_000;
/** Deliveries sent side by side in a pass: one slow receiver holds up no other. */
const BATCH = 10;
/** Delivered and given-up deliveries (and their attempts) are kept this long for the log. */
export const KEEP_DELIVERIES_MS = 30 * 24 * 3600_000;

const USER_AGENT = "Inkstone-Webhooks/1";

export interface DeliveryClock {
  /** the time the pass acts at: due deliveries, retries and claims count from it (tests pass their own) */
  now?: Date;
  /** whether private and local addresses may be sent to (INKSTONE_WEBHOOKS_ALLOW_PRIVATE) */
  allowPrivate?: boolean;
}

export const privateDestinationsAllowed = () => env.INKSTONE_WEBHOOKS_ALLOW_PRIVATE === "1";

export interface AttemptOutcome {
  delivered: boolean;
}

/**
 * Sends one delivery now and records the attempt. `scheduled`: an attempt of the retry schedule,
 * which on failure schedules the next (or gives up after the last); otherwise (a ping, a
 * redelivery) one attempt that changes no schedule, and a failure leaves the delivery as it was.
 */
export async function attemptDelivery(deliveryId: string, { now = new Date(), allowPrivate = privateDestinationsAllowed(), scheduled }: DeliveryClock & { scheduled: boolean }): Promise<AttemptOutcome> {
  const delivery = await sql
    .selectFrom("WebhookDelivery")
    .innerJoin("Webhook", "Webhook.id", "WebhookDelivery.webhookId")
    .select(["WebhookDelivery.id", "WebhookDelivery.webhookId", "WebhookDelivery.eventId", "WebhookDelivery.eventType", "WebhookDelivery.payload", "WebhookDelivery.attempts", "WebhookDelivery.status", "WebhookDelivery.nextAttemptAt", "Webhook.url", "Webhook.secret"])
    .where("WebhookDelivery.id", "=", deliveryId)
    .executeTakeFirst();
  if (!delivery) throw new AppError("not_found", "There is no such delivery (deliveries are kept 30 days).");
  const timestamp = Math.floor(Date.now() / 1000);
  const result = await sendWebhook(
    delivery.url,
    delivery.payload,
    {
      "user-agent": USER_AGENT,
      "inkstone-event": delivery.eventType,
      "inkstone-event-id": delivery.eventId,
      "inkstone-delivery": delivery.id,
      [SIGNATURE_HEADER]: signatureHeader(delivery.secret, timestamp, delivery.payload),
    },
    { allowPrivate },
  );
  const delivered = result.error === null;
  // The schedule counts its own attempts: a ping or a redelivery by hand moves no retry closer.
  const attempts = delivery.attempts + (scheduled ? 1 : 0);
  const retryAt = scheduled && !delivered && attempts < MAX_DELIVERY_ATTEMPTS ? new Date(now.getTime() + RETRY_DELAYS_MS[attempts - 1]!) : null;
  await sql
    .insertInto("WebhookAttempt")
    .values({ deliveryId, at: now, statusCode: result.statusCode, error: result.error, durationMs: result.durationMs, responseExcerpt: result.responseExcerpt, nextRetryAt: retryAt })
    .execute();
  await sql
    .updateTable("WebhookDelivery")
    .set({ attempts, claimedUntil: null, ...nextState(delivery, { delivered, scheduled, retryAt }) })
    .where("id", "=", deliveryId)
    .execute();
  await countOutcome(delivery.webhookId, delivered, now);
  return { delivered };
}

/**
 * Where a delivery stands after an attempt: delivered on a 2xx; after a scheduled failure, pending
 * until its retry or, after the last, failed; after a ping's or redelivery's failure as it was —
 * a ping, which nothing retries, then failed.
 */
function nextState(
  delivery: { status: string; nextAttemptAt: Date | null },
  { delivered, scheduled, retryAt }: { delivered: boolean; scheduled: boolean; retryAt: Date | null },
): { status: string; nextAttemptAt: Date | null } {
  if (delivered) return { status: "delivered", nextAttemptAt: null };
  if (scheduled) return retryAt ? { status: "pending", nextAttemptAt: retryAt } : { status: "failed", nextAttemptAt: null };
  if (delivery.status === "pending" && delivery.nextAttemptAt === null) return { status: "failed", nextAttemptAt: null };
  return { status: delivery.status, nextAttemptAt: delivery.nextAttemptAt };
}

/** A success resets the hook's run of failures; a failure adds to it, and past the limit switches the hook off. */
async function countOutcome(webhookId: string, delivered: boolean, now: Date): Promise<void> {
  if (delivered) {
    await sql.updateTable("Webhook").set({ consecutiveFailures: 0 }).where("id", "=", webhookId).where("consecutiveFailures", "!=", 0).execute();
    return;
  }
  await sql
    .updateTable("Webhook")
    .set((eb) => ({ consecutiveFailures: eb("consecutiveFailures", "+", 1) }))
    .where("id", "=", webhookId)
    .execute();
  await sql
    .updateTable("Webhook")
    .set({
      active: false,
      disabledReason: `switched off on ${now.toISOString()} after ${DISABLE_AFTER_FAILURES} failed attempts in a row; fix the receiver, then PATCH {"active": true}`,
      updatedAt: now,
    })
    .where("id", "=", webhookId)
    .where("active", "=", true)
    .where("consecutiveFailures", ">=", DISABLE_AFTER_FAILURES)
    .execute();
}

/** Takes a due delivery for this process; false when another process took it, or it is no longer due. */
async function claim(deliveryId: string, now: Date): Promise<boolean> {
  const { numUpdatedRows } = await sql
    .updateTable("WebhookDelivery")
    .set({ claimedUntil: new Date(now.getTime() + DELIVERY_CLAIM_MS) })
    .where("id", "=", deliveryId)
    .where("status", "=", "pending")
    .where("nextAttemptAt", "<=", now)
    .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<", now)]))
    .executeTakeFirst();
  return numUpdatedRows === 1n;
}

/**
 * Sends every delivery that is due at `now` to an active hook, ten at a time, until none is left;
 * answers how many were attempted. Every process runs it each second; the claim keeps two from
 * sending one delivery. Tests call it with their own `now`: the retry schedule runs on their clock.
 */
export async function deliverDueWebhooks(clock: DeliveryClock = {}): Promise<number> {
  const now = clock.now ?? new Date();
  let attempted = 0;
  for (;;) {
    const due = await sql
      .selectFrom("WebhookDelivery")
      .innerJoin("Webhook", "Webhook.id", "WebhookDelivery.webhookId")
      .select("WebhookDelivery.id")
      .where("WebhookDelivery.status", "=", "pending")
      .where("WebhookDelivery.nextAttemptAt", "<=", now)
      .where((eb) => eb.or([eb("WebhookDelivery.claimedUntil", "is", null), eb("WebhookDelivery.claimedUntil", "<", now)]))
      .where("Webhook.active", "=", true)
      .orderBy("WebhookDelivery.nextAttemptAt", "asc")
      .limit(BATCH)
      .execute();
    const sent = await Promise.all(
      due.map(async ({ id }) => {
        if (!(await claim(id, now))) return 0;
        await attemptDelivery(id, { ...clock, now, scheduled: true });
        return 1;
      }),
    );
    attempted += sent.reduce<number>((sum, one) => sum + one, 0);
    if (due.length < BATCH) return attempted;
  }
}

/** Deletes the log of deliveries older than KEEP_DELIVERIES_MS that are done with (delivered or given up). */
export async function pruneWebhookDeliveries(now = new Date()): Promise<number> {
  const { numDeletedRows } = await sql
    .deleteFrom("WebhookDelivery")
    .where("createdAt", "<", new Date(now.getTime() - KEEP_DELIVERIES_MS))
    .where("status", "!=", "pending")
    .executeTakeFirst();
  return Number(numDeletedRows);
}

type LoopState = { timer?: NodeJS.Timeout; pass?: Promise<unknown>; again?: boolean };
const globalForDeliveries = globalThis as { inkstoneWebhookDeliveries?: LoopState };
const loop: LoopState = (globalForDeliveries.inkstoneWebhookDeliveries ??= {});

/** Sends due deliveries now rather than at the next poll (an event was just queued here). */
export function wakeWebhookDeliveries(): void {
  if (!loop.timer) return;
  if (loop.pass) {
    loop.again = true;
    return;
  }
  loop.pass = deliverDueWebhooks()
    .catch((error: unknown) => logFailure(error, "webhooks: delivering failed"))
    .finally(() => {
      loop.pass = undefined;
      if (loop.again) {
        loop.again = false;
        wakeWebhookDeliveries();
      }
    });
}

/** Every process sends due deliveries in the background, each second. */
export function startWebhookDeliveries(): void {
  if (loop.timer) return;
  loop.timer = setInterval(wakeWebhookDeliveries, POLL_MS).unref();
  wakeWebhookDeliveries();
}
