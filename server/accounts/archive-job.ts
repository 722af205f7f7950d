import { z } from "zod";
import { defineJob } from "../jobs/define-job";
import { buildAccountArchive } from "./build-archive";
import { ACCOUNT_ARCHIVE_TIMEOUT_MS, ACCOUNT_ARCHIVE_TTL_SECONDS } from "./schemas";

/**
 * The background half of "download your data": the archive is built from the database as it is
 * when the job runs, for the job's owner, and downloaded from the job's file until it expires.
 */
export const accountArchiveJob = defineJob({
  kind: "account.archive",
  input: z.object({}),
  ttlSeconds: ACCOUNT_ARCHIVE_TTL_SECONDS,
  timeoutMs: ACCOUNT_ARCHIVE_TIMEOUT_MS,
  async run(_input, context) {
    await context.reportProgress(0.02);
    const archive = await buildAccountArchive(context.ownerId, { signal: context.signal, reportProgress: (fraction) => context.reportProgress(fraction) });
    return { result: archive.summary, file: { bytes: archive.bytes, name: archive.name, mediaType: "application/zip" } };
  },
});
