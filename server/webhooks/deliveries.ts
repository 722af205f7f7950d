import { sql } from "../db";
import type { DeliveryDto, DeliveryStatus } from "./schemas";

export const deliveryColumns = ["id", "webhookId", "eventId", "eventType", "payload", "status", "nextAttemptAt", "createdAt"] as const;

type DeliveryRow = { id: string; eventId: string; eventType: string; payload: string; status: string; nextAttemptAt: Date | null; createdAt: Date };

/** Deliveries as the log shows them, each with its attempts, oldest first. */
export async function withAttempts(rows: readonly DeliveryRow[]): Promise<DeliveryDto[]> {
  if (rows.length === 0) return [];
  const attempts = await sql
    .selectFrom("WebhookAttempt")
    .select(["deliveryId", "at", "statusCode", "error", "durationMs", "responseExcerpt", "nextRetryAt"])
    .where(
      "deliveryId",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("id", "asc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    eventId: row.eventId,
    event: row.eventType,
    status: row.status as DeliveryStatus,
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === row.id)
      .map((attempt) => ({
        at: attempt.at.toISOString(),
        statusCode: attempt.statusCode,
        error: attempt.error,
        durationMs: attempt.durationMs,
        responseExcerpt: attempt.responseExcerpt,
        nextRetryAt: attempt.nextRetryAt?.toISOString() ?? null,
      })),
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    payload: JSON.parse(row.payload) as unknown,
  }));
}

export async function deliveryById(webhookId: string, deliveryId: string): Promise<DeliveryDto | null> {
  const row = await sql.selectFrom("WebhookDelivery").select(deliveryColumns).where("id", "=", deliveryId).where("webhookId", "=", webhookId).executeTakeFirst();
  return row ? ((await withAttempts([row]))[0] ?? null) : null;
}
