// @module-tag postgres
import { describe, expect, it, vi } from "vitest";

// Low limits for this file only; hoisted above the imports that read the configuration.
vi.hoisted(() => {
  process.env.INKSTONE_LOGIN_ATTEMPTS = "3";
  process.env.INKSTONE_ADDRESS_ATTEMPTS = "6";
});

import { login } from "@/server/auth/login";
import { hitRateLimit } from "@/server/auth/rate-limit";
import { sql } from "@/server/db";
import { createUser } from "@/server/users/create-user";

const password = "correct horse battery";
let n = 0;
async function account() {
  n += 1;
  const email = `limits${n}@example.com`;
  await createUser({ email, password, name: "" }, null, `192.0.2.${n}`);
  return email;
}

describe("the per-address limit", () => {
  it("counts password checks from one address across e-mails, sign-ups included", async () => {
    const email = await account();
    const sprayer = "198.51.100.1";
    await createUser({ email: "sprayer@example.com", password, name: "" }, null, sprayer);
    for (let i = 0; i < 5; i++) {
      await expect(login({ email: `victim${i}@example.com`, password: "guess" }, sprayer)).rejects.toMatchObject({ code: "invalid_credentials" });
    }
    await expect(login({ email, password }, sprayer)).rejects.toMatchObject({ code: "rate_limited", status: 429 });
    await expect(createUser({ email: "more@example.com", password, name: "" }, null, sprayer)).rejects.toMatchObject({ code: "rate_limited" });
    expect(await sql.selectFrom("User").select("id").where("email", "=", "more@example.com").execute()).toEqual([]);
    await expect(login({ email, password }, "198.51.100.2")).resolves.toMatchObject({ token_type: "Bearer" });
  });
});

describe("the per-e-mail limit", () => {
  it("stops a stranger's guesses but lets the writer in from an address they signed in from before", async () => {
    const email = await account();
    await login({ email, password }, "203.0.113.10");
    for (let i = 0; i < 3; i++) {
      await expect(login({ email, password: "guess" }, `198.51.100.${20 + i}`)).rejects.toMatchObject({ code: "invalid_credentials" });
    }
    await expect(login({ email, password }, "198.51.100.30")).rejects.toMatchObject({ code: "rate_limited" });
    await expect(login({ email, password: "guess" }, "203.0.113.10")).rejects.toMatchObject({ code: "invalid_credentials" });
    await expect(login({ email, password }, "203.0.113.10")).resolves.toMatchObject({ token_type: "Bearer" });
    // The writer's way in did not hand the stranger fresh tries.
    await expect(login({ email, password: "guess" }, "198.51.100.31")).rejects.toMatchObject({ code: "rate_limited" });
  });

  it("forgets a writer's own typos once they get the password right", async () => {
    const email = await account();
    for (let i = 0; i < 2; i++) await expect(login({ email, password: "typo" }, "203.0.113.40")).rejects.toMatchObject({ code: "invalid_credentials" });
    await login({ email, password }, "203.0.113.40");
    for (let i = 0; i < 3; i++) await expect(login({ email, password: "typo" }, "203.0.113.41")).rejects.toMatchObject({ code: "invalid_credentials" });
  });
});

describe("sweeping", () => {
  it("deletes buckets whose window ended long ago when a new window starts, and keeps current ones", async () => {
    const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
    await sql.insertInto("RateLimitBucket").values({ key: "login:old@example.com", windowStart: dayAgo, count: 9 }).execute();
    await hitRateLimit("login:current@example.com", 3, 900);
    await hitRateLimit("login:new@example.com", 3, 900);
    const keys = (await sql.selectFrom("RateLimitBucket").select("key").execute()).map((b) => b.key);
    expect(keys).not.toContain("login:old@example.com");
    expect(keys).toEqual(expect.arrayContaining(["login:current@example.com", "login:new@example.com"]));
  });
});
