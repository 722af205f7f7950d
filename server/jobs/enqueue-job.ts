import type { Principal } from "../auth/principal";
import { db } from "../db";
import type { JobDefinition } from "./define-job";
import { wakeJobRunner } from "./runner";
import { JOB_VIEW, toJobDto, type JobDto } from "./schemas";

/**
 * Queues work for the runners of every instance. The calling use case has already checked that
 * the principal may ask for it; the job belongs to the principal's user.
 */
export async function enqueueJob<I>(
  definition: JobDefinition<I>,
  input: I,
  principal: Principal,
  options: { inputFile?: Uint8Array } = {},
): Promise<JobDto> {
  const row = await db.job.create({
    data: {
      kind: definition.kind,
      ownerId: principal.userId,
      input: JSON.stringify(definition.input.parse(input)),
      inputFile: options.inputFile ? new Uint8Array(options.inputFile) : null,
      expiresAt: new Date(Date.now() + definition.ttlSeconds * 1000),
    },
    select: JOB_VIEW,
  });
  wakeJobRunner();
  return toJobDto(row);
}
