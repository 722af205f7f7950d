import type { History } from "./schemas";

/** The history's days as CSV (RFC 4180): dates and numbers only, so nothing needs quoting. */
export function historyCsv(history: Pick<History, "days">): string {
  const lines = ["date,written,removed,imported,restored,net"];
  for (const d of history.days) lines.push(`${d.date},${d.written},${d.removed},${d.imported},${d.restored},${d.net}`);
  return `${lines.join("\r\n")}\r\n`;
}
