// @ts-check
// The server's log and the request a line belongs to (issue 34 item 3, docs/operations.md#monitoring).
// One pino logger writes JSON lines to stdout; every line written while a request is being answered
// carries that request's id, because the entry (server/entry/main.mjs) answers each request inside
// `requestContext.run(...)` and the logger's mixin reads it. Plain JavaScript, like env-schema.mjs:
// the entry imports it before anything is compiled, and the app's bundles import it too.
//
// Both live on globalThis: Next bundles server code more than once (the instrumentation hook, each
// route), and a line logged in a route must find the context the entry opened and write through
// the same logger.
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { LOG_LEVELS } from "./env-schema.mjs";

/**
 * What the entry knows about the request being answered; the app adds the route it matched.
 * @typedef {object} RequestContext
 * @property {string} id the request id, also sent back as X-Request-Id
 * @property {string} [route] the route template that served it (`/api/v1/books/{bookId}`), never the raw path
 */

const CONTEXT = Symbol.for("inkstone.requestContext");
const LOGGER = Symbol.for("inkstone.logger");
const shared = /** @type {{ [CONTEXT]?: AsyncLocalStorage<RequestContext>, [LOGGER]?: pino.Logger }} */ (/** @type {unknown} */ (globalThis));

/** The request being answered, for whatever runs on its behalf (the entry opens it per request). */
export const requestContext = (shared[CONTEXT] ??= new AsyncLocalStorage());

/**
 * The configured level (server/env-schema.mjs stops a start with an unknown one); read here
 * directly, so that logging works before, and without, the rest of the configuration.
 * @param {string | undefined} level
 */
function levelOf(level) {
  return LOG_LEVELS.find((known) => known === level) ?? "info";
}

/**
 * The server's logger. `log.error({ err }, "what failed")` logs an error with its stack; the
 * request id is added to each line by itself. Timestamps are ISO, levels are names ("info"),
 * so a line reads without pino's tools.
 */
export const log = (shared[LOGGER] ??= pino(
  {
    level: levelOf(process.env.INKSTONE_LOG_LEVEL),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const id = requestContext.getStore()?.id;
      return id === undefined ? {} : { requestId: id };
    },
  },
  // Synchronous: a line logged just before the process ends (a failed start) is not lost.
  pino.destination({ fd: 1, sync: true }),
));

/** The id of the request being answered, when there is one (an error body carries it). */
export function currentRequestId() {
  return requestContext.getStore()?.id;
}

/**
 * Names the route that serves the request being answered, for the access log and the metrics: the
 * declared template, so that /books/a and /books/b count as one route.
 * @param {string} route
 */
export function nameRoute(route) {
  const context = requestContext.getStore();
  if (context) context.route = route;
}

/** Paths whose last segment is a credential (an invitation's link, decision 0487): logged without it. */
const SECRET_PATHS = ["/invite/"];

/**
 * A request's path as the log may show it: a path that carries a secret names its route instead
 * (`/invite/{secret}`), so that whoever reads the log cannot use the link.
 * @param {string} path
 */
export function loggablePath(path) {
  const prefix = SECRET_PATHS.find((secretPath) => path.startsWith(secretPath));
  return prefix ? `${prefix}{secret}` : path;
}
