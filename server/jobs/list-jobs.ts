import { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
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
  },
});

// GET /api/v1/jobs — the caller's own jobs that have not expired, newest first.
export async function listJobs(options: OptionsOf<typeof jobsCollection>, principal: Principal): Promise<Page<JobDto>> {
  authorize(principal, "jobs.list");
  const { items, total } = await jobQueue.list({ ownerId: principal.userId, ...options.filters, order: options.order, ...pageWindow(options) });
  return { items: items.map(toJobDto), total, page: options.page, perPage: options.perPage };
}
