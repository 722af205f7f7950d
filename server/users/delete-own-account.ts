import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { eraseAccount } from "./erase-account";
import { checkOwnPassword } from "./own-password";

// DELETE /api/v1/users/me — the writer leaves, with their data, after typing their password.
export async function deleteOwnAccount(input: { password: string }, principal: Principal): Promise<void> {
  authorize(principal, "users.deleteSelf");
  await checkOwnPassword(principal.userId, input.password, "password");
  await eraseAccount(principal.userId);
}
