// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectFailure, expectSuccess } from "../support/http-client";
import { kyselyFor } from "../support/database";
import { PASSWORD, uniqueEmail } from "../support/http-users";
import { startServer } from "../support/server";

// A server of its own with low limits: the shared one lets the tests sign in all day.
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({ INKSTONE_LOGIN_ATTEMPTS: "3", INKSTONE_ADDRESS_ATTEMPTS: "6", INKSTONE_SIGNUP_ATTEMPTS: "3" });
}, 90_000);
afterAll(() => server?.stop());

const from = (address: string) => ({ "x-forwarded-for": address });
const loginFrom = (address: string, email: string, password: string) =>
  call("POST", "/auth/login", { baseUrl: server.baseUrl, json: { email, password }, headers: from(address) });
const signUpFrom = (address: string, email: string) =>
  call("POST", "/api/v1/users", { baseUrl: server.baseUrl, json: { email, password: PASSWORD }, headers: from(address) });

async function writerSignedUpFrom(address: string): Promise<string> {
  const email = uniqueEmail("limited");
  expectSuccess(await signUpFrom(address, email), 201);
  return email;
}

describe("the per-address limit", () => {
  it("stops one address spraying passwords across e-mails (sign-ups count too), not other addresses", async () => {
    const email = await writerSignedUpFrom("192.0.2.1");
    const sprayer = "198.51.100.1";
    expectSuccess(await signUpFrom(sprayer, uniqueEmail("sprayer")), 201);
    for (let i = 0; i < 5; i++) expectFailure(await loginFrom(sprayer, uniqueEmail("victim"), "Winter2026!"), 401, "invalid_credentials");
    const refused = await loginFrom(sprayer, email, PASSWORD);
    expectFailure(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expectFailure(await signUpFrom(sprayer, uniqueEmail("more")), 429, "rate_limited");
    expectSuccess(await loginFrom("192.0.2.1", email, PASSWORD), 200);
  });
});

describe("the per-address sign-up limit (issue 30, item 5)", () => {
  it("stops one address opening account after account, with Retry-After, not other addresses", async () => {
    const opener = "198.51.100.40";
    for (let i = 0; i < 3; i++) expectSuccess(await signUpFrom(opener, uniqueEmail("burst")), 201);
    const refused = await signUpFrom(opener, uniqueEmail("burst"));
    expectFailure(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.msg).toMatch(/accounts/);
    // Another address is unaffected.
    expectSuccess(await signUpFrom("198.51.100.41", uniqueEmail("neighbour")), 201);
  });
});

describe("the per-e-mail limit", () => {
  it("lets a stranger spend the e-mail's tries, but not lock the writer out of an address they use", async () => {
    const email = await writerSignedUpFrom("203.0.113.10");
    expectSuccess(await loginFrom("203.0.113.10", email, PASSWORD), 200);
    for (let i = 0; i < 3; i++) expectFailure(await loginFrom(`198.51.100.${20 + i}`, email, "guess"), 401, "invalid_credentials");
    // the stranger, from anywhere, is stopped even with the right password
    expectFailure(await loginFrom("198.51.100.30", email, PASSWORD), 429, "rate_limited");
    // the writer, at home, still gets in, and a wrong password there is still only wrong
    expectFailure(await loginFrom("203.0.113.10", email, "typo"), 401, "invalid_credentials");
    expectSuccess(await loginFrom("203.0.113.10", email, PASSWORD), 200);
    expectFailure(await loginFrom("198.51.100.31", email, "guess"), 429, "rate_limited");
  });
});

describe("old counters", () => {
  it("are swept when a new window starts", async () => {
    const database = kyselyFor(server.databaseUrl, server.dataDir);
    try {
      const keys = async () => (await database.selectFrom("RateLimitBucket").select("key").execute()).map((row) => row.key);
      await database
        .insertInto("RateLimitBucket")
        .values({ key: "address:192.0.2.99", windowStart: new Date(Date.now() - 24 * 3600 * 1000), count: 50 })
        .execute();
      expectFailure(await loginFrom("192.0.2.100", uniqueEmail("nobody"), "guess"), 401, "invalid_credentials");
      expect(await keys()).not.toContain("address:192.0.2.99");
      expect(await keys()).toContain("address:192.0.2.100");
    } finally {
      await database.destroy();
    }
  });
});
