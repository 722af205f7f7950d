// @module-tag postgres
import { afterAll, expect, it } from "vitest";

// Configuration is read once, when server/env.ts is first imported: set it before anything
// that reaches it is loaded, hence the dynamic imports.
process.env.INKSTONE_SIGNUP = "closed";
// The worker process may run other test files next.
afterAll(() => {
  delete process.env.INKSTONE_SIGNUP;
});
const { createUser } = await import("@/server/users/create-user");
const { sql } = await import("@/server/db");
const { newWriter } = await import("../support/principals");

it("lets only an admin-scoped caller add users once sign-up is closed", async () => {
  const input = { email: "walk-in@example.com", password: "long enough password", name: "" };
  await expect(createUser(input, null, null)).rejects.toMatchObject({ code: "signup_closed", status: 403 });
  expect(await sql.selectFrom("User").select("id").where("email", "=", input.email).execute()).toEqual([]);

  const admin = { userId: "admin-id", scopes: new Set(["admin"] as const), tokenId: null };
  const added = await createUser(input, admin, null);
  expect(added).toMatchObject({ email: input.email, role: "admin" }); // the first account is admin still
  await expect(newWriter("late")).rejects.toMatchObject({ code: "signup_closed" });
});
