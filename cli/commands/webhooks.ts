import type { Command } from "commander";
import { checkInput } from "../errors";
import { context } from "../context";
import { printResult } from "../output";
import { pageOptions, printListing, readListing, type PageOptions } from "../paging";
import {
  createdWebhookSchema,
  createWebhookInput,
  deliverySchema,
  WEBHOOK_EVENTS,
  webhookSchema,
  type DeliveryDto,
  type WebhookDto,
} from "../../server/webhooks/schemas";

const hookPath = (webhookId: string) => `/api/v1/webhooks/${encodeURIComponent(webhookId)}`;

/** The last attempt of a delivery in a few words: its status or error, and when it is tried again. */
function lastAttempt(delivery: DeliveryDto): string {
  const attempt = delivery.attempts.at(-1);
  if (!attempt) return "not yet sent";
  const outcome = attempt.statusCode !== null && attempt.error === null ? String(attempt.statusCode) : (attempt.error ?? "failed");
  return `${outcome} in ${attempt.durationMs} ms${attempt.nextRetryAt ? `, again at ${attempt.nextRetryAt}` : ""}`;
}

export function registerWebhooks(program: Command): void {
  const webhooks = program.command("webhooks").description("events sent to your address as they happen: list, create, delete, ping, deliveries");

  pageOptions(webhooks.command("list").description("your webhooks, newest first")).action(async (options: PageOptions, command: Command) => {
    const { client, json } = context(command);
    const listing = await readListing(client, "/api/v1/webhooks", {}, webhookSchema, options);
    printListing<WebhookDto>(
      json,
      listing,
      [
        { heading: "id", value: (h) => h.id },
        { heading: "url", value: (h) => h.url },
        { heading: "events", value: (h) => h.events.join(",") },
        { heading: "book", value: (h) => h.bookId ?? "every" },
        { heading: "active", value: (h) => (h.active ? "yes" : `no${h.disabledReason ? " (failing)" : ""}`) },
      ],
      "no webhooks yet — inkstone webhooks create <url> --events …",
      options,
    );
  });

  webhooks
    .command("create <url>")
    .description("send events to this address; the signing secret is printed once, so store it now")
    .requiredOption("--events <events>", `comma-separated: ${WEBHOOK_EVENTS.join(", ")}, or * for every one`)
    .option("--book <bookId>", "only this book's events")
    .option("--description <text>", "a note for you: what listens there")
    .addHelpText("after", "\nExample:\n  inkstone webhooks create https://example.com/inkstone --events chapter.saved,job.succeeded")
    .action(async (url: string, options: { events: string; book?: string; description?: string }, command: Command) => {
      const { client, json } = context(command);
      const events = options.events.split(",").map((event) => event.trim()).filter(Boolean);
      const body = checkInput(createWebhookInput, { url, events: events as typeof WEBHOOK_EVENTS[number][], bookId: options.book, description: options.description });
      const created = await client.data("POST", "/api/v1/webhooks", { json: body }, createdWebhookSchema);
      printResult(json, created, `Webhook ${created.id} sends ${created.events.join(", ")} to ${created.url}. Its signing secret (shown once):\n${created.secret}`);
    });

  webhooks
    .command("delete <webhookId>")
    .description("stop sending there: the webhook, its waiting deliveries and its log go")
    .action(async (webhookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      await client.data("DELETE", hookPath(webhookId));
      printResult(json, { id: webhookId, deleted: true }, `Deleted ${webhookId}.`);
    });

  webhooks
    .command("ping <webhookId>")
    .description("send a signed test event now and show how the receiver answered")
    .action(async (webhookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const delivery = await client.data("POST", `${hookPath(webhookId)}/pings`, {}, deliverySchema);
      printResult(json, delivery, `Ping ${delivery.status === "delivered" ? "delivered" : "failed"}: ${lastAttempt(delivery)}.`);
    });

  pageOptions(webhooks.command("deliveries <webhookId>").description("the delivery log, newest first: each event and how its last attempt went"))
    .option("--status <status>", "pending, delivered or failed")
    .option("--event <type>", "only this event type")
    .action(async (webhookId: string, options: PageOptions & { status?: string; event?: string }, command: Command) => {
      const { client, json } = context(command);
      const listing = await readListing(client, `${hookPath(webhookId)}/deliveries`, { status: options.status, event: options.event }, deliverySchema, options);
      printListing<DeliveryDto>(
        json,
        listing,
        [
          { heading: "id", value: (d) => d.id },
          { heading: "event", value: (d) => d.event },
          { heading: "status", value: (d) => d.status },
          { heading: "attempts", value: (d) => d.attempts.length },
          { heading: "last attempt", value: lastAttempt },
          { heading: "created", value: (d) => d.createdAt },
        ],
        "nothing sent yet",
        options,
      );
    });

  webhooks
    .command("redeliver <webhookId> <deliveryId>")
    .description("send one delivery again now (same event id, a new signature)")
    .action(async (webhookId: string, deliveryId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const delivery = await client.data("POST", `${hookPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/attempts`, {}, deliverySchema);
      printResult(json, delivery, `Redelivery ${delivery.status === "delivered" ? "delivered" : "failed"}: ${lastAttempt(delivery)}.`);
    });
}
