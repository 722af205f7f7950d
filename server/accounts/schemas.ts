import { MAX_JOB_BYTES_PER_WRITER } from "../jobs/limits";

/**
 * The largest archive built (decision 0484): as much as one writer's jobs may keep, 100 MiB. An
 * archive is built in memory, compressed as it goes; past this the job fails with
 * archive_too_large rather than take the server's memory or the writer's whole job quota.
 */
export const ACCOUNT_ARCHIVE_MAX_BYTES = MAX_JOB_BYTES_PER_WRITER;

/** account.json's `version`: raised when a field changes meaning or goes away, not when one is added. */
export const ARCHIVE_FORMAT_VERSION = 1;

/**
 * How long an archive is kept to be downloaded: every word the writer has, so not a day of it
 * lying in the job store, but long enough for a slow line or a second try.
 */
export const ACCOUNT_ARCHIVE_TTL_SECONDS = 6 * 60 * 60;

/** Every book's EPUB is written in the worker pool in turn: an account of many books takes minutes. */
export const ACCOUNT_ARCHIVE_TIMEOUT_MS = 15 * 60 * 1000;
