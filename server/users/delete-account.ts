import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { otherAccount } from "./accounts";
import { eraseAccount } from "./erase-account";

// DELETE /api/v1/users/{userId} — the admin deletes another account with its data
export async function deleteAccount(input: { userId: string }, principal: Principal): Promise<void> {
  authorize(principal, "users.delete");
  await otherAccount(principal, input.userId);
  await eraseAccount(input.userId);
}
