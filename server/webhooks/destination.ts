import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { AppError } from "../errors";

/**
 * A self-hosted server must not become a probe of its own network (decision 0474): deliveries go
 * only to public addresses unless the operator allows private ones (INKSTONE_WEBHOOKS_ALLOW_PRIVATE).
 * The check is on the address the name resolves to when the request connects (the `lookup` below
 * is the connection's own), so a name that resolves to a public address when registered and to
 * 127.0.0.1 when sent (DNS rebinding) is refused too.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata services (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255
] as const) {
  PRIVATE.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  PRIVATE.addSubnet(network, prefix, "ipv6");
}

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1), as IPv4; null for any other. */
function embeddedIpv4(address: string): string | null {
  const normalized = new URL(`http://[${address}]/`).hostname.slice(1, -1).toLowerCase();
  if (!normalized.startsWith("::ffff:")) return null;
  const groups = normalized.slice("::ffff:".length).split(":");
  if (groups.length !== 2) return null;
  const [high, low] = groups.map((group) => Number.parseInt(group, 16)) as [number, number];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether an IP address is loopback, private, link-local, or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, "ipv4");
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  return v4 !== null ? PRIVATE.check(v4, "ipv4") : PRIVATE.check(address, "ipv6");
}

export class RefusedDestination extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(`${host} resolves to ${address}, a private or local address; webhooks are sent to public addresses only (the operator can allow private ones: INKSTONE_WEBHOOKS_ALLOW_PRIVATE=1)`);
  }
}

/** The host of a URL as DNS or an address literal sees it (brackets off an IPv6 literal). */
function hostOf(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
}

/**
 * At registration: refuses (422) an address that is a private literal or a name that resolves only
 * to private addresses. A name that does not resolve now is taken: DNS may be down for a moment,
 * and every delivery checks again when it connects.
 */
export async function assertPublicDestination(value: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = hostOf(new URL(value));
  const refuse = (address: string) => new AppError("destination_not_allowed", new RefusedDestination(host, address).message, { url: value, address });
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw refuse(host);
    return;
  }
  const addresses = await resolveAll(host).catch(() => []);
  const firstPrivate = addresses.find((entry) => isPrivateAddress(entry.address));
  if (addresses.length > 0 && addresses.every((entry) => isPrivateAddress(entry.address))) throw refuse(firstPrivate!.address);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` a delivery's connection uses: resolves the name and connects only to a public
 * address among its answers (any address when private ones are allowed).
 */
export function checkedLookup(allowPrivate: boolean) {
  return (host: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const usable = allowPrivate ? addresses : addresses.filter((entry) => !isPrivateAddress(entry.address));
      if (usable.length === 0) return callback(new RefusedDestination(host, addresses[0]?.address ?? "no address"), []);
      if (options.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/** An address literal is checked here: the connection does no lookup for one. */
export function refusedLiteral(url: URL, allowPrivate: boolean): RefusedDestination | null {
  const host = hostOf(url);
  return !allowPrivate && isIP(host) && isPrivateAddress(host) ? new RefusedDestination(host, host) : null;
}
