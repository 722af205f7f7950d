import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * How a delivery is signed (decision 0474, as Stripe signs): HMAC-SHA256, keyed with the hook's
 * secret, over `<timestamp>.<body>`, sent as `Inkstone-Signature: t=<unix seconds>,v1=<hex>`.
 * The timestamp inside what is signed lets a receiver refuse replays older than a few minutes.
 */
export const SIGNATURE_HEADER = "inkstone-signature";

/** A new hook's secret: 32 random bytes, prefixed so that a leaked one is recognisable. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The header's value for a body sent at `timestamp` (seconds since 1970). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/**
 * What a receiver does (docs/api.md shows it): true when the header carries a v1 signature of this
 * body made with the secret, within `toleranceSeconds` of `now`.
 */
export function verifySignature(secret: string, header: string, body: string, { now = Date.now(), toleranceSeconds = 300 } = {}): boolean {
  const parts = header.split(",").map((part) => part.trim().split("=", 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isSafeInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body), "hex");
  return parts.some(([key, value]) => {
    if (key !== "v1" || value === undefined) return false;
    const given = Buffer.from(value, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
