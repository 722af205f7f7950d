import { createHash } from "node:crypto";
import { AppError } from "./errors";

// Conditional requests (RFC 9110 §13), below the transports: the validators of a representation,
// and the precondition a write was sent with, which the use case checks against the record it is
// about to change. REST reads the headers into a Precondition (server/http/conditional.ts); tRPC
// has no conditional requests and never passes one.

/**
 * A representation's validators (RFC 9110 §8.8): `etag` a strong entity tag as sent (`"…"`);
 * `lastModified` when the record last changed. Either may be missing: a collection has neither.
 */
export interface Validators {
  etag?: string;
  lastModified?: Date;
}

/**
 * What a write must find for it to go ahead, as the client sent it: If-Match (`"*"`, or the
 * entity tags, one of which must equal the current one by strong comparison) and, only without
 * If-Match, If-Unmodified-Since.
 */
export interface Precondition {
  ifMatch?: "*" | readonly string[];
  ifUnmodifiedSince?: Date;
}

/**
 * The strong ETag of a record as the caller reads it: a hash of its JSON, so it changes whenever a
 * byte of what GET answers could (a count, a role, a name read from another table), and never
 * otherwise. 128 bits of SHA-256, base64url.
 */
export function entityTag(data: unknown): string {
  return `"${createHash("sha256").update(JSON.stringify(data)).digest("base64url").slice(0, 22)}"`;
}

/** A record's validators: the ETag of what the caller reads, and its updatedAt. */
export function validatorsOf(data: { updatedAt: string }): Required<Validators> {
  return { etag: entityTag(data), lastModified: new Date(data.updatedAt) };
}

/** Whether a record last changed after an HTTP-date: those have whole seconds, so a time compares by its second. */
export function changedAfter(lastModified: Date, date: Date): boolean {
  return Math.floor(lastModified.getTime() / 1000) > Math.floor(date.getTime() / 1000);
}

/**
 * Throws 412 precondition_failed when the precondition does not hold for the record as it is
 * (RFC 9110 §13.2.2, steps 1 and 2). `If-Match: *` holds for any record that exists; a weak tag
 * never matches (strong comparison); If-Unmodified-Since is read only without If-Match, and only
 * where the record has a modification date.
 */
export async function assertPrecondition(precondition: Precondition | undefined, validators: () => Validators | Promise<Validators>): Promise<void> {
  if (!precondition) return;
  const { ifMatch, ifUnmodifiedSince } = precondition;
  if (ifMatch === "*") return;
  // Read only when there is something to compare them with: a write without a precondition (every
  // tRPC call, most REST ones) pays no hash of the record.
  const current = await validators();
  if (ifMatch !== undefined) {
    const etag = current.etag;
    if (etag !== undefined && !etag.startsWith("W/") && ifMatch.includes(etag)) return;
    throw changedSince("If-Match names no current version of it");
  }
  if (ifUnmodifiedSince && current.lastModified && changedAfter(current.lastModified, ifUnmodifiedSince)) {
    throw changedSince(`it changed at ${current.lastModified.toUTCString()}, after If-Unmodified-Since`);
  }
}

/** 412: the record is not as the client last read it; nothing was changed. */
export function changedSince(why = "it changed meanwhile"): AppError {
  return new AppError("precondition_failed", `This record is not as you read it (${why}); nothing was changed. Read it again.`);
}

/**
 * A record's next updatedAt: now, but always after the one it replaces, so that a conditional
 * write, which changes the row only where updatedAt is still the one it checked, never mistakes two
 * versions written within one millisecond for one.
 */
export function nextUpdatedAt(previous: Date): Date {
  return new Date(Math.max(Date.now(), previous.getTime() + 1));
}
