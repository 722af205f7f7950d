// @module-tag postgres
// Decision 0483: the server keeps an active admin. Use cases against a real database of their own,
// where the first account is the admin.
import { expect, it } from "vitest";
import { sql } from "@/server/db";
import { deleteOwnAccount } from "@/server/users/delete-own-account";
import { updateAccount } from "@/server/users/update-account";
import { newWriter } from "../support/principals";

const PASSWORD = "long enough password";
const exists = async (userId: string) => (await sql.selectFrom("User").select("id").where("id", "=", userId).executeTakeFirst()) !== undefined;

it("refuses to delete the last active admin; a disabled admin does not count; a second active one does", async () => {
  const first = await newWriter("first");
  const second = await newWriter("second");
  await expect(deleteOwnAccount({ password: PASSWORD }, first)).rejects.toMatchObject({ code: "last_admin", status: 409 });
  expect(await exists(first.userId)).toBe(true);

  await updateAccount({ userId: second.userId, role: "admin", disabled: true }, first);
  await expect(deleteOwnAccount({ password: PASSWORD }, first)).rejects.toMatchObject({ code: "last_admin" });

  await updateAccount({ userId: second.userId, disabled: false }, first);
  await deleteOwnAccount({ password: PASSWORD }, first);
  expect(await exists(first.userId)).toBe(false);
  expect(await sql.selectFrom("User").select(["role", "disabledAt"]).where("id", "=", second.userId).executeTakeFirstOrThrow()).toEqual({ role: "admin", disabledAt: null });
});
