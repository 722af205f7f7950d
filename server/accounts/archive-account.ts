import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { enqueueJob } from "../jobs/enqueue-job";
import type { JobDto } from "../jobs/schemas";
import { accountArchiveJob } from "./archive-job";

// POST /api/v1/users/me/archive — everything the account owns, as one zip made in the background
export async function archiveAccount(principal: Principal): Promise<JobDto> {
  authorize(principal, "users.archive");
  return enqueueJob(accountArchiveJob, {}, principal);
}
