// @ts-check
// What only Node's own request can tell, written onto it by the server entry (server/entry/) before
// Next sees it. Plain JavaScript: the entry runs in plain `node`; routes read the same names.

/**
 * The address of the connection's other end, which no client can set (any value it sends in this
 * header is replaced): server/auth/client-address.ts reads it.
 */
export const PEER_HEADER = "x-inkstone-peer";

/**
 * Methods the Fetch API refuses to represent (TRACE; CONNECT never reaches a request listener,
 * and Node itself answers 400 to TRACK). Next.js builds a Request for every request before any
 * route or proxy runs, so these failed with a plain-text 500. The entry hands them on as OPTIONS
 * carrying this header, and the route answers 405 with its own Allow.
 */
export const ORIGINAL_METHOD_HEADER = "x-inkstone-original-method";

/** The methods handed on that way. */
export const UNREPRESENTABLE_METHODS = new Set(["TRACE"]);
