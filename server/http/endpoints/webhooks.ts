import { z } from "zod";
import { createWebhook } from "../../webhooks/create-webhook";
import { deleteWebhook } from "../../webhooks/delete-webhook";
import { getDelivery } from "../../webhooks/get-delivery";
import { getWebhook } from "../../webhooks/get-webhook";
import { deliveriesCollection, listDeliveries } from "../../webhooks/list-deliveries";
import { listWebhooks, webhooksCollection } from "../../webhooks/list-webhooks";
import { pingWebhook } from "../../webhooks/ping-webhook";
import { redeliver } from "../../webhooks/redeliver";
import {
  createdWebhookSchema,
  createWebhookInput,
  deliveryParams,
  deliverySchema,
  updateWebhookInput,
  webhookIdParams,
  webhookSchema,
} from "../../webhooks/schemas";
import { updateWebhook } from "../../webhooks/update-webhook";
import { defineEndpoint, defineListEndpoint } from "../endpoint";

// GET /api/v1/webhooks — the caller's webhooks
export const listWebhooksEndpoint = defineListEndpoint({
  path: "/api/v1/webhooks",
  summary: "List your webhooks, newest first",
  operation: "webhooks.list",
  collection: webhooksCollection,
  success: { status: 200, description: "one page of webhooks (never their secrets)", schema: z.array(webhookSchema) },
  list: (_, options, principal) => listWebhooks(options, principal),
});

// POST /api/v1/webhooks — register an address to be told of events
export const createWebhookEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/webhooks",
  summary: "Register a webhook: the events to send to an address, signed with a secret answered this once",
  operation: "webhooks.create",
  auth: "required",
  body: { schema: createWebhookInput },
  writableAttributes: Object.keys(createWebhookInput.shape),
  success: { status: 201, description: "the webhook and its signing secret (shown once)", schema: createdWebhookSchema },
  errors: ["destination_not_allowed", "book_in_trash", "gone"],
  run: createWebhook,
});

// GET /api/v1/webhooks/{webhookId} — one webhook
export const getWebhookEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/webhooks/{webhookId}",
  summary: "Read one of your webhooks (its secret is never shown again)",
  operation: "webhooks.get",
  auth: "required",
  params: webhookIdParams,
  success: { status: 200, description: "the webhook", schema: webhookSchema },
  run: getWebhook,
});

// PATCH /api/v1/webhooks/{webhookId} — change a webhook, or switch it on or off
export const updateWebhookEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/webhooks/{webhookId}",
  summary: "Change a webhook's address, events, book or description, or switch it on (also after it was switched off for failures) or off",
  operation: "webhooks.update",
  auth: "required",
  params: webhookIdParams,
  body: { schema: updateWebhookInput },
  writableAttributes: Object.keys(updateWebhookInput.shape),
  success: { status: 201, description: "the webhook as changed", schema: webhookSchema },
  errors: ["destination_not_allowed", "book_in_trash", "gone"],
  run: updateWebhook,
});

// DELETE /api/v1/webhooks/{webhookId} — stop sending there
export const deleteWebhookEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/webhooks/{webhookId}",
  summary: "Delete a webhook with its waiting deliveries and its delivery log",
  operation: "webhooks.delete",
  auth: "required",
  params: webhookIdParams,
  success: { status: 204, description: "deleted" },
  run: deleteWebhook,
});

// POST /api/v1/webhooks/{webhookId}/pings — a test event, sent now
export const pingWebhookEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/webhooks/{webhookId}/pings",
  summary: "Send a signed `ping` event now and answer how the receiver took it (waits up to the 10 s deadline; never retried)",
  operation: "webhooks.ping",
  auth: "required",
  params: webhookIdParams,
  success: { status: 201, description: "the ping's delivery, with its attempt", schema: deliverySchema },
  run: pingWebhook,
});

// GET /api/v1/webhooks/{webhookId}/deliveries — the delivery log
export const listDeliveriesEndpoint = defineListEndpoint({
  path: "/api/v1/webhooks/{webhookId}/deliveries",
  summary: "The delivery log, newest first: each event sent, every attempt (time, status or error, duration, next retry); kept 30 days",
  operation: "webhooks.deliveries",
  params: webhookIdParams,
  collection: deliveriesCollection,
  success: { status: 200, description: "one page of deliveries", schema: z.array(deliverySchema) },
  list: (params, options, principal) => listDeliveries({ ...params, ...options }, principal),
});

// GET /api/v1/webhooks/{webhookId}/deliveries/{deliveryId} — one delivery
export const getDeliveryEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/webhooks/{webhookId}/deliveries/{deliveryId}",
  summary: "One delivery with its body and every attempt",
  operation: "webhooks.deliveries",
  auth: "required",
  params: deliveryParams,
  success: { status: 200, description: "the delivery", schema: deliverySchema },
  run: getDelivery,
});

// POST /api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/attempts — redeliver
export const redeliverEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/attempts",
  summary: "Send a delivery again now (same event id and body, a new signature) and answer how the receiver took it",
  operation: "webhooks.redeliver",
  auth: "required",
  params: deliveryParams,
  success: { status: 201, description: "the delivery, with the new attempt last", schema: deliverySchema },
  run: redeliver,
});
