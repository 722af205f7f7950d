import { env } from "../env";
import { PEER_HEADER } from "../request/node-requests.mjs";

/**
 * The address a request came from, as shown in a token's "last used from" and counted by the
 * per-address sign-in limit. Without a proxy (INKSTONE_TRUSTED_PROXIES=0, the default) it is the
 * connection's other end: a client can write any X-Forwarded-For it likes, so it is not read.
 * Behind N trusted proxies, each appends the address it saw, so the client is the one N hops
 * before the connection's end; anything further left is the client's own claim.
 */
export function clientAddress(headers: { get(name: string): string | null }): string | null {
  const forwarded = (headers.get("x-forwarded-for") ?? "").split(",").map((hop) => hop.trim()).filter(Boolean);
  const peer = headers.get(PEER_HEADER);
  // Outside a Node server (a test calling a use case) there is no peer: the nearest hop stands in.
  const chain = peer ? [...forwarded, peer] : forwarded;
  return chain[Math.max(0, chain.length - 1 - (peer ? env.INKSTONE_TRUSTED_PROXIES : 0))] || null;
}
