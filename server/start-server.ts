import { StartRefused } from "./start-refused";

/**
 * What the server does once as it starts (instrumentation.ts calls it): the checks that refuse a
 * bad start, the built-in templates, then the job runner, the outbox drainer, webhook deliveries and maintenance.
 */
export async function startServer(): Promise<void> {
  if (!(globalThis as Record<symbol, unknown>)[Symbol.for("inkstone.entry")]) {
    // Without the entry no one writes the connection's address over a client's own header.
    throw new StartRefused("Start Inkstone with `npm start` (node server/entry/main.mjs), not `next start`: the entry sets the client's address and refuses TRACE.");
  }
  const { secrets } = await import("./env");
  secrets();
  // A fresh clone's first `npm start` has the built-in templates; new built-in versions replace old ones.
  const { seedBuiltInTemplates } = await import("./analysis/seed-templates");
  const { sql } = await import("./db");
  await seedBuiltInTemplates(sql);
  const { startJobRunner } = await import("./jobs/runner");
  const { JOB_KINDS } = await import("./compose/job-kinds");
  startJobRunner(JOB_KINDS);
  // Work chapter writes left for after them: the library search index (decision 0443).
  const { startOutboxDrainer } = await import("./outbox/drain-outbox");
  startOutboxDrainer();
  // Webhook deliveries due now, and retries as they come due (decision 0474).
  const { startWebhookDeliveries } = await import("./webhooks/deliver");
  startWebhookDeliveries();
  const { startMaintenance } = await import("./maintenance");
  startMaintenance();
  // What the entry's /readyz and /metrics read (server/entry/operations.mjs).
  const { publishOperations } = await import("./compose/operations");
  publishOperations();
}
