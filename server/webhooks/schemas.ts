import { z } from "zod";
import { fieldCheck } from "../errors";
import { storedText } from "../text/stored-text";

/**
 * The events a webhook can subscribe to (decision 0474). `*` subscribes to every type, those added
 * later included. `ping` is sent by the test ping alone and cannot be subscribed to.
 */
export const WEBHOOK_EVENTS = ["book.created", "book.deleted", "chapter.saved", "job.succeeded", "job.failed", "job.cancelled"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export type SentEventType = WebhookEventType | "ping";

export const WEBHOOK_EVENT_DOCS: Record<WebhookEventType, string> = {
  "book.created": "a book was made (or imported) that the hook's owner owns",
  "book.deleted": "a book the owner may read went to the trash, or was deleted for good (the event's permanent field says which)",
  "chapter.saved": "a chapter's text changed (saves, restores, uploads, imports, replaces), once it has rested: one event per pause in the writing, not one per autosave",
  "job.succeeded": "one of the owner's background jobs succeeded",
  "job.failed": "one of the owner's background jobs failed (or timed out, or was given up)",
  "job.cancelled": "one of the owner's background jobs was cancelled (DELETE /api/v1/jobs/{jobId})",
};

/** Every delivery's statuses: still to be sent (or retried), sent with a 2xx answer, given up. */
export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const webhookIdParams = z.object({ webhookId: z.string().min(1).max(64) });
export const deliveryParams = z.object({ webhookId: z.string().min(1).max(64), deliveryId: z.string().min(1).max(64) });

/** Longer addresses are refused: no receiver needs them, and they are kept and shown. */
const MAX_URL_LENGTH = 2048;

export const webhookUrl = z
  .string()
  .max(MAX_URL_LENGTH)
  .refine((value) => URL.canParse(value), fieldCheck("webAddress", "must be an absolute http:// or https:// address"))
  .refine((value) => !URL.canParse(value) || ["http:", "https:"].includes(new URL(value).protocol), fieldCheck("webAddress", "must be an http:// or https:// address"))
  .refine((value) => !URL.canParse(value) || (new URL(value).username === "" && new URL(value).password === ""), fieldCheck("addressWithCredentials", "must not carry a user name or password: the signature proves who sent it"))
  .describe("where events are POSTed; addresses on private networks are refused unless the operator allows them (INKSTONE_WEBHOOKS_ALLOW_PRIVATE)");

const eventList = z
  .array(z.enum([...WEBHOOK_EVENTS, "*"]))
  .min(1, "name at least one event (or *)")
  .max(WEBHOOK_EVENTS.length + 1)
  .transform((events) => [...new Set(events)])
  .describe(`the events to send: ${WEBHOOK_EVENTS.join(", ")}, or * for every type (future ones included)`);

const description = storedText().trim().max(200).describe("a note for you: what listens there");

export const createWebhookInput = z
  .strictObject({
    url: webhookUrl,
    events: eventList,
    bookId: z.string().min(1).max(64).nullable().optional().describe("only this book's events (job events are never filtered by book); unset: every book you may read"),
    description: description.optional(),
    active: z.boolean().optional().describe("false: registered but sent nothing until switched on"),
  })
  .meta({ id: "CreateWebhook" });
export type CreateWebhookInput = z.output<typeof createWebhookInput>;

export const updateWebhookInput = z
  .strictObject({
    url: webhookUrl.optional(),
    events: eventList.optional(),
    bookId: z.string().min(1).max(64).nullable().optional(),
    description: description.optional(),
    active: z.boolean().optional().describe("true switches a hook back on (also one switched off after failures): its waiting deliveries are sent again"),
  })
  .meta({ id: "UpdateWebhook" });
export type UpdateWebhookInput = z.output<typeof updateWebhookInput>;

export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum([...WEBHOOK_EVENTS, "*"])),
    bookId: z.string().nullable(),
    active: z.boolean(),
    disabledReason: z.string().nullable().describe("why Inkstone switched it off (failures in a row); null when on or switched off by you"),
    consecutiveFailures: z.int().describe("attempts that failed since the last that succeeded"),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    links: z.object({ self: z.string(), deliveries: z.string(), pings: z.string() }),
  })
  .meta({ id: "Webhook" });
export type WebhookDto = z.infer<typeof webhookSchema>;

export const createdWebhookSchema = webhookSchema
  .extend({ secret: z.string().describe("signs every delivery (Inkstone-Signature); shown once, now: store it") })
  .meta({ id: "CreatedWebhook" });
export type CreatedWebhookDto = z.infer<typeof createdWebhookSchema>;

export const attemptSchema = z
  .object({
    at: z.iso.datetime(),
    statusCode: z.int().nullable().describe("the receiver's HTTP status; null when none came (see error)"),
    error: z.string().nullable().describe("why no answer counted: refused address, time-out, connection error, or a non-2xx status"),
    durationMs: z.int(),
    responseExcerpt: z.string().nullable().describe("the first bytes (at most 1 KiB) of the receiver's answer"),
    nextRetryAt: z.iso.datetime().nullable().describe("when this failure's retry is due; null: none"),
  })
  .meta({ id: "WebhookAttempt" });

export const deliverySchema = z
  .object({
    id: z.string().describe("this delivery (the Inkstone-Delivery header)"),
    eventId: z.string().describe("the event (the Inkstone-Event-Id header): the same on every retry and redelivery"),
    event: z.string().describe("the event's type (the Inkstone-Event header)"),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.array(attemptSchema).describe("every try, oldest first"),
    nextAttemptAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    payload: z.unknown().describe("the JSON body as sent"),
  })
  .meta({ id: "WebhookDelivery" });
export type DeliveryDto = z.infer<typeof deliverySchema>;
