/**
 * Why the server will not start, said to the operator in one message (no stack: nothing is broken
 * in the code). instrumentation.ts prints it and exits 1.
 */
export class StartRefused extends Error {}
