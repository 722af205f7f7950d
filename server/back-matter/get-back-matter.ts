import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import type { BackMatter } from "./schemas";
import { loadWriterBackMatter, resolveAlsoBy } from "./writer-back-matter";

// GET /api/v1/users/me/back-matter — the back matter the caller's books print unless a book says otherwise
export async function getBackMatter(principal: Principal): Promise<BackMatter> {
  authorize(principal, "backMatter.get");
  return backMatterOf(principal.userId);
}

/** A writer's back matter as it prints, "also by" resolved to titles; the caller has checked the scope. */
export async function backMatterOf(userId: string): Promise<BackMatter> {
  const stored = await loadWriterBackMatter(userId);
  return { aboutAuthor: stored.aboutAuthor, acknowledgements: stored.acknowledgements, alsoBy: await resolveAlsoBy(userId, stored.alsoBy) };
}
