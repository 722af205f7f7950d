// @ts-check
// Plain JavaScript, like env-schema.mjs: the server, the scripts that migrate, back up and restore,
// and the benchmarks all read a SQLite DATABASE_URL the same way.
import path from "node:path";

/**
 * The database file a `file:` URL names, resolved against the working folder.
 * @param {string} url
 */
export function sqliteFile(url) {
  return path.resolve(url.replace(/^file:/, "").split("?")[0] ?? "");
}
