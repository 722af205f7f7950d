// Runs once when the server starts: a bad configuration stops it here, not on the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    if (!(globalThis as Record<symbol, unknown>)[Symbol.for("inkstone.entry")]) {
      // Without the entry no one writes the connection's address over a client's own header.
      throw new Error("Start Inkstone with `npm start` (node server/entry/main.mjs), not `next start`: the entry sets the client's address and refuses TRACE.");
    }
    const { secrets } = await import("./server/env");
    secrets();
    // A fresh clone's first `npm start` has the built-in templates; new built-in versions replace old ones.
    const { seedBuiltInTemplates } = await import("./server/analysis/seed-templates");
    const { sql } = await import("./server/db");
    await seedBuiltInTemplates(sql);
    const { startJobRunner } = await import("./server/jobs/runner");
    const { JOB_KINDS } = await import("./server/compose/job-kinds");
    startJobRunner(JOB_KINDS);
    // Work chapter writes left for after them: the library search index (decision 0443).
    const { startOutboxDrainer } = await import("./server/outbox/drain-outbox");
    startOutboxDrainer();
    // Webhook deliveries due now, and retries as they come due (decision 0474).
    const { startWebhookDeliveries } = await import("./server/webhooks/deliver");
    startWebhookDeliveries();
    const { startMaintenance } = await import("./server/maintenance");
    startMaintenance();
  }
}
