import http, { type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

/**
 * What only Node's own request can tell, written onto it before Next sees it.
 *
 * The address of the connection's other end, which no client can set (any value it sends in this
 * header is replaced): server/auth/client-address.ts reads it.
 */
export const PEER_HEADER = "x-inkstone-peer";

/**
 * Methods the Fetch API refuses to represent (TRACE, CONNECT; Node itself answers 400 to TRACK). Next.js builds a Request for
 * every request before any route or proxy runs, so these failed with a plain-text 500. Here they
 * reach the route as OPTIONS carrying this header, and the route answers 405 with its own Allow.
 */
export const ORIGINAL_METHOD_HEADER = "x-inkstone-original-method";
const UNREPRESENTABLE = new Set(["TRACE"]);
const patched = Symbol.for("inkstone.nodeRequests");

/** Installs both on every HTTP server of the process (once; the server starts after). */
export function prepareNodeRequests(): void {
  const prototype = http.Server.prototype as http.Server & { [patched]?: true };
  if (prototype[patched]) return;
  prototype[patched] = true;
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
      if (request.method && UNREPRESENTABLE.has(request.method)) {
        request.headers[ORIGINAL_METHOD_HEADER] = request.method;
        request.method = "OPTIONS";
      }
      // Node drops a CONNECT without a word unless someone listens for it.
      if (this.listenerCount("connect") === 0) this.on("connect", refuseConnect);
    }
    return (emit as (this: http.Server, ...all: unknown[]) => boolean).call(this, event, ...args);
  } as typeof prototype.emit;
}

function refuseConnect(_request: IncomingMessage, socket: Duplex): void {
  const body = JSON.stringify({ code: 40500, msg: "CONNECT is not served here.", error: "method_not_allowed" });
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}
