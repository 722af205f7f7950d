// @ts-check
// The Node server every request of Inkstone arrives at, before Next.js: what only the connection
// can tell (the peer's address), what the Fetch API cannot carry (TRACE, CONNECT), what Next would
// otherwise overwrite (Vary), and HTTPS with HSTS when it has a certificate. Owning the server,
// rather than patching Node's prototypes for all of the process, keeps these to Inkstone's own
// server and makes them visible here. main.mjs puts Next behind it; the tests start that same file.
import http, { ServerResponse } from "node:http";
import https from "node:https";
import { log, loggablePath, requestContext } from "../log.mjs";
import { ORIGINAL_METHOD_HEADER, PEER_HEADER, UNREPRESENTABLE_METHODS } from "../request/node-requests.mjs";
import { REQUEST_ID_HEADER, requestIdFrom } from "./operations.mjs";

/**
 * On every HTTPS answer: browsers that saw it once use HTTPS for this host for a year. Without
 * includeSubDomains: a self-hosted Inkstone often lives on one subdomain of a domain whose other
 * hosts are not its to decide.
 */
export const HSTS = "max-age=31536000";

/**
 * @typedef {(request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>} RequestHandler
 * @typedef {(request: http.IncomingMessage, socket: import("node:stream").Duplex, head: Buffer) => void} UpgradeHandler
 * @typedef {{ cert: Buffer, key: Buffer }} Tls
 * @typedef {object} EntryOptions
 * @property {RequestHandler} handle every request, once the entry has prepared it (Next's request handler)
 * @property {ReadonlyMap<string, UpgradeHandler>} [upgrades] WebSocket endpoints by path: the
 *   live co-editing server registers its path here, e.g. a `ws` server made with `noServer: true`
 *   whose `handleUpgrade` this calls
 * @property {UpgradeHandler} [otherUpgrade] upgrades no endpoint claimed (Next's, for `next dev`'s
 *   hot reload); without it they are refused with 404
 * @property {Tls} [tls] a certificate and key: the server speaks HTTPS and sends HSTS
 * @property {ReturnType<typeof import("./operations.mjs").createOperations>} [operations] the
 *   health endpoints, the access log and the metrics; without them, requests still get their ids
 */

/**
 * The field names of two Vary values, each once, in the order first seen.
 * @param {string} existing
 * @param {string} added
 */
export function mergeVary(existing, added) {
  /** @type {Map<string, string>} */
  const names = new Map();
  for (const name of `${existing},${added}`.split(",")) {
    const trimmed = name.trim();
    if (trimmed && !names.has(trimmed.toLowerCase())) names.set(trimmed.toLowerCase(), trimmed);
  }
  return [...names.values()].join(", ");
}

/**
 * A response whose Vary accumulates. next.config's headers() put `Vary: Accept, Authorization`
 * on the paths that serve both a page and the API, but Next's page renderer then sets its own Vary
 * outright, and a cache that saw only Next's list could hand a page to an API caller or JSON to a
 * browser. A Vary that lists more fields is never wrong.
 */
class InkstoneResponse extends ServerResponse {
  /** the body's bytes written so far, for the access log */
  bodyBytes = 0;

  /** @param {unknown} chunk @param {unknown} [encoding] */
  countBody(chunk, encoding) {
    if (typeof chunk === "string") this.bodyBytes += Buffer.byteLength(chunk, typeof encoding === "string" ? /** @type {BufferEncoding} */ (encoding) : "utf8");
    else if (chunk instanceof Uint8Array) this.bodyBytes += chunk.byteLength;
  }

  // Each overload's arguments, passed on as they came (chunk first, when there is one).
  /** @param {any[]} args */
  write(...args) {
    this.countBody(args[0], args[1]);
    return Reflect.apply(super.write, this, args);
  }

  /** @param {any[]} args */
  end(...args) {
    this.countBody(args[0], args[1]);
    return Reflect.apply(super.end, this, args);
  }

  /**
   * @param {string} name
   * @param {number | string | readonly string[]} value
   */
  setHeader(name, value) {
    const existing = name.toLowerCase() === "vary" ? this.getHeader("vary") : undefined;
    if (existing === undefined) return super.setHeader(name, value);
    return super.setHeader(name, mergeVary(String(existing), [value].flat().join(",")));
  }
}

/**
 * Writes what the connection knows onto the request: the peer (replacing any value the client
 * sent), and a method the Fetch API cannot represent as OPTIONS plus the original's name. A client's
 * own method header is dropped: it would make an OPTIONS run as whatever method it named.
 * @param {http.IncomingMessage} request
 */
function prepare(request) {
  request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
  delete request.headers[ORIGINAL_METHOD_HEADER];
  if (request.method && UNREPRESENTABLE_METHODS.has(request.method)) {
    request.headers[ORIGINAL_METHOD_HEADER] = request.method;
    request.method = "OPTIONS";
  }
}

/**
 * An answer in the error envelope written straight onto a socket (CONNECT and upgrades never get a
 * ServerResponse), closing it.
 * @param {import("node:stream").Duplex} socket
 * @param {http.IncomingMessage} request
 * @param {405 | 404} status
 * @param {{ code: number, msg: string, error: string }} body
 */
function refuseOnSocket(socket, request, status, body) {
  const requestId = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
  const text = JSON.stringify({ ...body, requestId });
  const reason = status === 405 ? "Method Not Allowed" : "Not Found";
  log.info({ requestId, method: request.method, path: loggablePath((request.url ?? "/").split("?")[0] ?? "/"), status }, "request refused at the socket");
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nX-Request-Id: ${requestId}\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
  );
}

/** How long an idle kept-alive connection stays open: longer than common load balancers' 60 s. */
export const KEEP_ALIVE_MS = 65_000;

/**
 * The entry's server, not yet listening.
 * @param {EntryOptions} options
 */
export function createEntryServer(options) {
  /**
   * @param {http.IncomingMessage} request
   * @param {http.ServerResponse} response
   */
  const listener = (request, response) => {
    // Every request gets an id before anything else, sent back on every answer and carried by
    // each log line written while it is answered (server/log.mjs) and by its error body.
    const id = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
    request.headers[REQUEST_ID_HEADER] = id;
    response.setHeader(REQUEST_ID_HEADER, id);
    const arrival = { method: request.method ?? "GET", path: (request.url ?? "/").split("?")[0] ?? "/", started: process.hrtime.bigint() };
    /** @type {import("../log.mjs").RequestContext} */
    const context = { id };
    requestContext.run(context, () => {
      options.operations?.observe(request, response, context, arrival);
      prepare(request);
      if (options.tls) response.setHeader("strict-transport-security", HSTS);
      const answered = options.operations?.answerProbe(request, response, arrival.path) ?? Promise.resolve(false);
      answered
        .then((done) => (done ? undefined : options.handle(request, response)))
        .catch((/** @type {unknown} */ error) => {
          log.error({ err: error }, `Failed to answer ${arrival.method} ${loggablePath(arrival.path)}`);
          if (response.headersSent) return void response.destroy();
          response.statusCode = 500;
          response.setHeader("content-type", "application/json; charset=utf-8");
          response.end(JSON.stringify({ code: 50000, msg: "Something went wrong on the server.", error: "internal", requestId: id }));
        });
    });
  };
  // Typed as Node's own: callers see a plain http.Server, whose responses are InkstoneResponses.
  const responses = /** @type {{ ServerResponse: typeof ServerResponse }} */ (/** @type {unknown} */ ({ ServerResponse: InkstoneResponse }));
  const server = options.tls ? https.createServer({ ...responses, ...options.tls }, listener) : http.createServer(responses, listener);
  // Node closes an idle kept-alive connection after 5 s, and a client that sends on it just then
  // meets a reset ("socket hang up") with nothing to retry: a load balancer (60 s idle), the CLI's
  // fetch or a Playwright test that paused. Clients close first when the server waits longer than
  // they do (decision 0455).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node's advice: the header deadline outlasts the keep-alive wait.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  // Node drops a CONNECT without a word unless someone listens for it.
  server.on("connect", (request, socket) =>
    refuseOnSocket(socket, request, 405, { code: 40500, msg: "CONNECT is not served here.", error: "method_not_allowed" }),
  );
  server.on("upgrade", (/** @type {http.IncomingMessage} */ request, /** @type {import("node:stream").Duplex} */ socket, /** @type {Buffer} */ head) => {
    prepare(request);
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    const handler = options.upgrades?.get(path) ?? options.otherUpgrade;
    if (handler) return handler(request, socket, head);
    refuseOnSocket(socket, request, 404, { code: 40400, msg: "No WebSocket is served at this path.", error: "not_found" });
  });
  return server;
}
