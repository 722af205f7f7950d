import { archiveAccount } from "../../accounts/archive-account";
import { jobSchema } from "../../jobs/schemas";
import { defineEndpoint } from "../endpoint";
import { POLL_AFTER_SECONDS } from "../envelope";

// POST /api/v1/users/me/archive — everything the account owns as one zip, made as a background job
export const archiveAccountEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/archive",
  summary:
    "Queue an archive of everything your account owns (books with chapters as Markdown and EPUB, revisions, story bible and pictures, covers, goals, series, " +
    "tokens and webhooks without their secrets) as one zip: 202 with the job to poll (Location); download the zip from the job's file",
  operation: "users.archive",
  auth: "required",
  success: {
    status: 202,
    description: "queued: poll the job (Location) until it has succeeded, then GET its links.file for the zip",
    schema: jobSchema,
    headers: ["location", "retry-after"],
    // As every 202 that queues a job (accepted() in ../envelope): where to poll, and when.
    headersOf: (job) => ({ location: job.links.self, "retry-after": String(POLL_AFTER_SECONDS) }),
  },
  errors: ["rate_limited"],
  run: (_, principal) => archiveAccount(principal),
});
