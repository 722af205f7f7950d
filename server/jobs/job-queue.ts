import type { JobQueue } from "./queue";
import { databaseJobQueue } from "./queue-database";

/** Today's queue: the Job table every instance shares, its files in the blob store. */
export const jobQueue: JobQueue = databaseJobQueue;
