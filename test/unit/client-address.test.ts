// @module-tag shared
import { afterEach, describe, expect, it } from "vitest";
import { clientAddress } from "@/server/auth/client-address";
import { env } from "@/server/env";
import { PEER_HEADER } from "@/server/request/node-requests.mjs";

const headers = (values: Record<string, string>) => new Headers(values);
const trusted = env.INKSTONE_TRUSTED_PROXIES;
afterEach(() => {
  env.INKSTONE_TRUSTED_PROXIES = trusted;
});

describe("clientAddress", () => {
  it("takes the connection's address and ignores a client's own X-Forwarded-For without a trusted proxy", () => {
    env.INKSTONE_TRUSTED_PROXIES = 0;
    expect(clientAddress(headers({ [PEER_HEADER]: "198.51.100.7", "x-forwarded-for": "203.0.113.1" }))).toBe("198.51.100.7");
  });

  it("behind trusted proxies, takes the address the outermost one saw, not what the client claimed", () => {
    env.INKSTONE_TRUSTED_PROXIES = 1;
    expect(clientAddress(headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "203.0.113.1, 198.51.100.7" }))).toBe("198.51.100.7");
    env.INKSTONE_TRUSTED_PROXIES = 2;
    expect(clientAddress(headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "203.0.113.1, 198.51.100.7, 10.0.0.9" }))).toBe("198.51.100.7");
  });

  it("falls back to the leftmost address when there are fewer hops than proxies configured", () => {
    env.INKSTONE_TRUSTED_PROXIES = 3;
    expect(clientAddress(headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "198.51.100.7" }))).toBe("198.51.100.7");
  });
});
