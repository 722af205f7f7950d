/**
 * The address a request came from, as shown in a token's "last used from" and counted by the
 * per-address sign-in limit. The right-most X-Forwarded-For entry is the one the nearest hop saw:
 * a reverse proxy appends it, and `next start` fills it from the socket when the header is absent.
 * Without a proxy a client can send any X-Forwarded-For it likes (docs/operations).
 */
export function clientAddress(headers: { get(name: string): string | null }): string | null {
  return headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() || null;
}
