import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { backMatterOf } from "./get-back-matter";
import type { BackMatter, UpdateBackMatterInput } from "./schemas";
import { requireOwnEntries } from "./writer-back-matter";

// PATCH /api/v1/users/me/back-matter — change some of the caller's back matter
export async function updateBackMatter(input: UpdateBackMatterInput, principal: Principal): Promise<BackMatter> {
  authorize(principal, "backMatter.update");
  // Checked before anything is written: a bad entry changes nothing, the pages' text included.
  if (input.alsoBy) await requireOwnEntries(principal.userId, input.alsoBy);
  await sql
    .updateTable("User")
    .set({
      ...(input.aboutAuthor !== undefined && { backMatterAboutAuthor: input.aboutAuthor }),
      ...(input.acknowledgements !== undefined && { backMatterAcknowledgements: input.acknowledgements }),
      ...(input.alsoBy !== undefined && { backMatterAlsoBy: input.alsoBy.length === 0 ? null : JSON.stringify(input.alsoBy) }),
      updatedAt: new Date(),
    })
    .where("id", "=", principal.userId)
    .execute();
  // What was saved, answered to a credential that may write without reading (write:books alone).
  return backMatterOf(principal.userId);
}
