import { createServer, request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";

export interface Proxy {
  /** http://host:port of the proxy */
  url: string;
  /** "METHOD /path" of every request, in the order they arrived */
  seen: string[];
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** where to listen: 127.0.0.1 unless given (0.0.0.0 for every interface) */
  listen?: string;
  /** the host the URL names (for a proxy on every interface: a non-loopback address) */
  host?: string;
  /** awaited before a request is passed on: a slow network or a busy server for that request */
  hold?: (request: IncomingMessage) => Promise<void> | undefined;
  /** the proxy's own answer to a request, instead of the server's (a 429, a 503): undefined passes it on */
  answer?: (request: IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string } | undefined;
}

/** An HTTP proxy in front of the test server, which passes everything on and can hold chosen requests back. */
export function startProxy(target: string, options: ProxyOptions = {}): Promise<Proxy> {
  const upstream = new URL(target);
  const seen: string[] = [];
  const server = createServer((incoming, outgoing) => {
    seen.push(`${incoming.method} ${incoming.url}`);
    const own = options.answer?.(incoming);
    if (own) {
      incoming.resume();
      outgoing.writeHead(own.status, { "content-type": "application/json", ...own.headers });
      outgoing.end(own.body ?? "");
      return;
    }
    void Promise.resolve(options.hold?.(incoming)).then(() => {
      const forwarded = request(
        { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: upstream.host } },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on("error", () => outgoing.destroy());
      incoming.pipe(forwarded);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, options.listen ?? "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${options.host ?? "127.0.0.1"}:${port}`,
        seen,
        close: () =>
          new Promise((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          }),
      });
    });
  });
}

/** An address of this machine that is not loopback, if it has one. */
export function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address?.family === "IPv4" && !address.internal)?.address;
}
