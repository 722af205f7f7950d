import { z } from "zod";
import type { Principal } from "../auth/principal";
import { actsForEveryone, authorize } from "../auth/scopes";
import { AppError } from "../errors";
import { defineCollection, pageWindow, type OptionsOf, type Page } from "../collections";
import { jobQueue } from "./job-queue";
import { toJobDto } from "./job-dto";
import { JOB_STATUSES, type JobDto } from "./schemas";

export const jobsCollection = defineCollection({
  sortable: ["createdAt"] as const,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: {
    status: z.enum(JOB_STATUSES),
    kind: z.string().min(1).max(64).describe("e.g. convert.document, convert.export, analysis.run"),
    owner: z.string().min(1).max(64).describe("an account's id: whose jobs (an admin's filter; anyone else may name only themselves)"),
  },
});

// GET /api/v1/jobs — the caller's own jobs that have not expired, newest first; an admin-scoped
// credential sees every account's (the whole queue), or one account's with `owner`.
export async function listJobs(options: OptionsOf<typeof jobsCollection>, principal: Principal): Promise<Page<JobDto>> {
  authorize(principal, "jobs.list");
  const { owner, status, kind } = options.filters;
  if (owner !== undefined && owner !== principal.userId && !actsForEveryone(principal)) {
    throw new AppError("forbidden", "Only the server's admin lists another account's jobs.");
  }
  const ownerId = actsForEveryone(principal) ? owner : principal.userId;
  const { items, total } = await jobQueue.list({ ownerId, status, kind, order: options.order, ...pageWindow(options) });
  return { items: items.map(toJobDto), total, page: options.page, perPage: options.perPage };
}
