import type { Principal } from "../auth/principal";
import type { Operation } from "../auth/scopes";
import type { JobDefinition } from "./define-job";
import { jobQueue } from "./job-queue";
import { wakeJobRunner } from "./runner";
import { toJobDto } from "./job-dto";
import type { JobDto } from "./schemas";

/**
 * Queues work for the runners of every instance. The calling use case has already checked that
 * the principal may ask for it; the job belongs to the principal's user, within the writer's caps
 * (server/jobs/limits.ts). An uploaded file travels with the job until it has finished. A job made
 * for a book names it and the operation that asked: reading the job asks that operation again.
 */
export async function enqueueJob<I>(
  definition: JobDefinition<I>,
  input: I,
  principal: Principal,
  options: { inputFile?: Uint8Array; book?: { id: string; operation: Operation } } = {},
): Promise<JobDto> {
  const job = await jobQueue.enqueue({
    kind: definition.kind,
    ownerId: principal.userId,
    input: JSON.stringify(definition.input.parse(input)),
    inputFile: options.inputFile,
    book: options.book,
    expiresAt: new Date(Date.now() + definition.ttlSeconds * 1000),
  });
  wakeJobRunner();
  return toJobDto(job);
}
