import { env } from "../env";

/**
 * The longest a conversion or export may take, inline or as a job, waiting for a free converter
 * included: the worker pool stops its worker then. (Not in schemas.ts: the CLI imports that file,
 * and this is the server's configuration.)
 */
export const CONVERSION_TIMEOUT_MS = env.INKSTONE_CONVERSION_TIMEOUT_SECONDS * 1000;
