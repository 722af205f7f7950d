import { countsCharacters } from "@/server/books/language";

const dateTime = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
const dateOnly = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
const whole = new Intl.NumberFormat("en-GB");

/** "3 Mar 2026, 14:05" in the server's time zone (a self-hosted server usually shares the writer's). */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

export function formatNumber(n: number): string {
  return whole.format(n);
}

const relative = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["minute", 60],
  ["hour", 60 * 60],
  ["day", 24 * 60 * 60],
];

/** "3 minutes ago", "yesterday", "4 days ago"; a date once it is over a week old. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 60) return "just now";
  if (Math.abs(seconds) >= 7 * 24 * 60 * 60) return formatDate(iso);
  const [unit, size] = UNITS.findLast(([, size]) => Math.abs(seconds) >= size) ?? UNITS[0]!;
  return relative.format(Math.round(seconds / size), unit);
}

/**
 * "1 word", "2,417 words"; "2,417 characters" for a book in a language counted in characters
 * (Chinese, Japanese), whose count is one per character.
 */
export function formatWords(n: number, language = "en"): string {
  const unit = countsCharacters(language) ? "character" : "word";
  return `${whole.format(n)} ${unit}${n === 1 ? "" : "s"}`;
}
