/**
 * The id of every new row: a random UUID. Rows made before issue 18 keep the cuids Prisma gave
 * them; ids are opaque strings of up to 64 characters either way.
 */
export function newId(): string {
  // The global Web Crypto (Node 19+), not node:crypto: the chapter schemas that import this
  // module are also the editor's, in the browser.
  return crypto.randomUUID();
}

/**
 * A DateTime as stored (ISO 8601 text with `+00:00`, the form Prisma's SQLite adapter wrote), so
 * old and new rows sort together by their text; PostgreSQL reads the same text into a timestamp.
 * Only the drivers (server/sql/) use it: queries give and take Dates.
 */
export function dbTime(date: Date = new Date()): string {
  return date.toISOString().replace("Z", "+00:00");
}

/** The ISO 8601 form the API answers with. */
export function isoTime(value: Date): string {
  return value.toISOString();
}
