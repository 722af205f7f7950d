// Rows written through Kysely must look like rows Prisma writes, so that both read them alike.

/** A new row id (Prisma's are cuids; any unique string of up to 64 characters will do). */
export function newId(): string {
  // The global Web Crypto (Node 19+), not node:crypto: the chapter schemas that import this
  // module are also the editor's, in the browser.
  return crypto.randomUUID();
}

/**
 * A DateTime as Prisma's SQLite adapter stores it (ISO 8601 text with `+00:00`): rows written by
 * either sort together by their text. PostgreSQL reads the same text into a timestamp.
 */
export function dbTime(date: Date = new Date()): string {
  return date.toISOString().replace("Z", "+00:00");
}

/** A DateTime as read: a Date from Prisma or from PostgreSQL, text from SQLite through Kysely. */
export type DbTime = Date | string;

/** The ISO 8601 form the API answers with. */
export function isoTime(value: DbTime): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
