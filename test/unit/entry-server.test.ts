// @module-tag shared
import { request as httpRequest, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEntryServer, mergeVary } from "@/server/entry/http-server.mjs";
import { ORIGINAL_METHOD_HEADER, PEER_HEADER } from "@/server/request/node-requests.mjs";

describe("mergeVary", () => {
  it("keeps every field name once, first spelling and order first", () => {
    expect(mergeVary("Accept, Authorization", "rsc, accept, Accept-Encoding")).toBe("Accept, Authorization, rsc, Accept-Encoding");
    expect(mergeVary("", "rsc")).toBe("rsc");
  });
});

/** Raw bytes to the server and everything it answers until it closes. */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

// The entry with a stand-in for Next: it answers with what reached it, and sets Vary twice the way
// a page path gets it (next.config's headers(), then Next's renderer).
describe("the server entry (without Next)", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createEntryServer({
      handle: async (request, response) => {
        response.setHeader("Vary", "Accept, Authorization");
        response.setHeader("Vary", "rsc, next-router-state-tree");
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify({ method: request.method, original: request.headers[ORIGINAL_METHOD_HEADER] ?? null, peer: request.headers[PEER_HEADER] }));
      },
      upgrades: new Map([["/live", (_request, socket) => void socket.end("HTTP/1.1 101 Switching Protocols\r\n\r\nlive")]]),
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a second Vary adds to the first instead of replacing it", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/books`);
    expect(response.headers.get("vary")).toBe("Accept, Authorization, rsc, next-router-state-tree");
  });

  it("writes the connection's peer over whatever the client claims", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_HEADER]: "203.0.113.9" } });
    expect(await response.json()).toMatchObject({ peer: "127.0.0.1" });
  });

  it("hands TRACE on as OPTIONS that names it, for the route to refuse with its own Allow", async () => {
    const answer = await raw(port, "TRACE /api/v1/books HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(answer).toContain('"method":"OPTIONS"');
    expect(answer).toContain('"original":"TRACE"');
  });

  it("refuses CONNECT with 405 in the error envelope", async () => {
    const answer = await raw(port, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toContain('"error":"method_not_allowed"');
  });

  it("gives an upgrade to the endpoint registered for its path, and refuses one on any other path", async () => {
    const upgrade = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`;
    expect(await raw(port, upgrade("/live"))).toBe("HTTP/1.1 101 Switching Protocols\r\n\r\nlive");
    const refused = await raw(port, upgrade("/api/v1/books"));
    expect(refused).toMatch(/^HTTP\/1\.1 404 /);
    expect(refused).toContain('"error":"not_found"');
  });

  // With Node's 5 s, a client that paused 5 s sent its next request on a connection the server was
  // closing: a Playwright test's GET after a reload failed with "socket hang up" about once a run.
  it("keeps an idle connection open longer than a load balancer or client keeps theirs", () => {
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it("sends no HSTS over plain HTTP", async () => {
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) =>
      httpRequest({ port, host: "127.0.0.1", path: "/" }, (response) => {
        response.resume();
        resolve(response.headers);
      })
        .on("error", reject)
        .end(),
    );
    expect(headers["strict-transport-security"]).toBeUndefined();
  });
});
