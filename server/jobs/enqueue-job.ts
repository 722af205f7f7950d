import type { Principal } from "../auth/principal";
import type { JobDefinition } from "./define-job";
import { jobQueue } from "./job-queue";
import { wakeJobRunner } from "./runner";
import { toJobDto } from "./job-dto";
import type { JobDto } from "./schemas";

/**
 * Queues work for the runners of every instance. The calling use case has already checked that
 * the principal may ask for it; the job belongs to the principal's user, within the writer's caps
 * (server/jobs/limits.ts). An uploaded file travels with the job until it has finished.
 */
export async function enqueueJob<I>(
  definition: JobDefinition<I>,
  input: I,
  principal: Principal,
  options: { inputFile?: Uint8Array } = {},
): Promise<JobDto> {
  const job = await jobQueue.enqueue({
    kind: definition.kind,
    ownerId: principal.userId,
    input: JSON.stringify(definition.input.parse(input)),
    inputFile: options.inputFile,
    expiresAt: new Date(Date.now() + definition.ttlSeconds * 1000),
  });
  wakeJobRunner();
  return toJobDto(job);
}
