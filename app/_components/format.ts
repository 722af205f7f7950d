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
