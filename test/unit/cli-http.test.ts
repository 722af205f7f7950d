// @module-tag shared
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRequest } from "../../cli/http";

/**
 * The CLI's HTTP exchange (cli/http.ts, decision 0523) against real servers on loopback: what
 * fetch did for the CLI, it still does.
 */
interface Seen {
  method: string;
  url: string;
  authorization?: string;
  length?: string;
  chunked: boolean;
  body: string;
}

const seen: Seen[] = [];

function serve(handle: (request: http.IncomingMessage, response: http.ServerResponse, body: string) => void): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on("data", (part: Buffer) => parts.push(part)).on("end", () => {
      const body = Buffer.concat(parts).toString("utf8");
      seen.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, length: request.headers["content-length"], chunked: request.headers["transfer-encoding"] === "chunked", body });
      handle(request, response, body);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

let main: { server: http.Server; base: string };
let other: { server: http.Server; base: string };

beforeAll(async () => {
  other = await serve((_request, response) => response.end("elsewhere"));
  main = await serve((request, response, body) => {
    const path = request.url!;
    if (path === "/gzip") {
      response.writeHead(200, { "content-encoding": "gzip", "content-type": "text/plain" });
      response.end(zlib.gzipSync("a gzipped answer, decoded"));
    } else if (path === "/brotli") {
      response.writeHead(200, { "content-encoding": "br" });
      response.end(zlib.brotliCompressSync("a brotli answer, decoded"));
    } else if (path === "/moved-post") {
      response.writeHead(302, { location: "/landing" }).end();
    } else if (path === "/moved-keep") {
      response.writeHead(308, { location: "/landing" }).end();
    } else if (path === "/moved-away") {
      response.writeHead(301, { location: `${other.base}/away` }).end();
    } else if (path === "/landing") {
      response.end(`${request.method} ${body}`);
    } else if (path === "/empty") {
      response.writeHead(204).end();
    } else if (path === "/links") {
      response.writeHead(200, [["link", '</a>; rel="next"'], ["x-many", "one"], ["x-many", "two"]]).end("{}");
    } else if (path === "/slow") {
      setTimeout(() => response.end("late"), 2_000);
    } else response.writeHead(404, "Nothing Here").end();
  });
});

afterAll(() => {
  main.server.closeAllConnections();
  other.server.closeAllConnections();
  main.server.close();
  other.server.close();
});

const get = (path: string, headers: Record<string, string> = {}) => httpRequest(new URL(`${main.base}${path}`), { method: "GET", headers });

describe("the CLI's HTTP exchange", () => {
  it("answers a Response with the status, its text and every header as sent", async () => {
    const missing = await get("/nowhere");
    expect([missing.status, missing.statusText, missing.ok]).toEqual([404, "Nothing Here", false]);
    const links = await get("/links");
    expect(links.headers.get("link")).toBe('</a>; rel="next"');
    expect(links.headers.get("x-many")).toBe("one, two");
    expect(await links.json()).toEqual({});
    const empty = await get("/empty");
    expect([empty.status, empty.body]).toEqual([204, null]);
  });

  it("decodes a gzip or brotli answer", async () => {
    expect(await (await get("/gzip")).text()).toBe("a gzipped answer, decoded");
    expect(await (await get("/brotli")).text()).toBe("a brotli answer, decoded");
  });

  it("follows a redirect as fetch does: a 302 POST becomes a GET, a 308 sends the body again", async () => {
    const post = (path: string) => httpRequest(new URL(`${main.base}${path}`), { method: "POST", headers: { "content-type": "text/plain" }, body: "the body" });
    expect(await (await post("/moved-post")).text()).toBe("GET ");
    expect(await (await post("/moved-keep")).text()).toBe("POST the body");
  });

  it("does not carry the token to another origin", async () => {
    seen.length = 0;
    const answer = await get("/moved-away", { authorization: "Bearer secret" });
    expect(await answer.text()).toBe("elsewhere");
    expect(seen.map((request) => [request.url, request.authorization])).toEqual([
      ["/moved-away", "Bearer secret"],
      ["/away", undefined],
    ]);
  });

  it("sends a body in hand with its length, as fetch does (a chunked DELETE's body is refused by the server)", async () => {
    seen.length = 0;
    const answer = await httpRequest(new URL(`${main.base}/landing`), { method: "DELETE", headers: { "content-type": "application/json" }, body: '{"name":"Zoë"}' });
    expect(await answer.text()).toBe('DELETE {"name":"Zoë"}');
    expect(seen.map(({ length, chunked }) => [length, chunked])).toEqual([["15", false]]);
  });

  it("sends a streamed body", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("streamed "));
        controller.enqueue(new TextEncoder().encode("in parts"));
        controller.close();
      },
    });
    const answer = await httpRequest(new URL(`${main.base}/landing`), { method: "PUT", headers: {}, body });
    expect(await answer.text()).toBe("PUT streamed in parts");
  });

  it("gives up with a TimeoutError at the deadline, and names a refused connection by its code", async () => {
    await expect(httpRequest(new URL(`${main.base}/slow`), { method: "GET", headers: {}, signal: AbortSignal.timeout(100) })).rejects.toMatchObject({ name: "TimeoutError" });
    const closed = await serve(() => {});
    closed.server.close();
    await expect(httpRequest(new URL(`${closed.base}/`), { method: "GET", headers: {} })).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
