// @module-tag shared
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRequest } from "../../cli/http";
import { multipartBody } from "../../cli/multipart";

/**
 * The CLI's HTTP exchange (cli/http.ts, decisions 0523 and 0527) against real servers on loopback:
 * what fetch did for the CLI, it still does.
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
// More than a loopback socket's buffers hold: the server finishes sending only once the CLI reads.
const LARGE_BYTES = 16 * 1024 * 1024;
let largeSent: () => void;
const largeFinished = new Promise<void>((resolve) => (largeSent = resolve));

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
    } else if (path === "/large") {
      response.on("finish", largeSent);
      response.end(Buffer.alloc(LARGE_BYTES, "a"));
    } else if (path === "/links") {
      response.writeHead(200, [["link", '</a>; rel="next"'], ["X-Many", "one"], ["x-many", "two"], ["Set-Cookie", "a=1"], ["set-cookie", "b=2"]]).end("{}");
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
  it("answers with the status, its text and every header as sent, read as fetch's Response reads them", async () => {
    const missing = await get("/nowhere");
    expect([missing.status, missing.statusText, missing.ok]).toEqual([404, "Nothing Here", false]);
    const links = await get("/links");
    expect(links.headers.get("Link")).toBe('</a>; rel="next"');
    expect(links.headers.get("x-many")).toBe("one, two");
    expect(links.headers.get("x-none")).toBeNull();
    const asFetch = new Headers([["link", '</a>; rel="next"'], ["X-Many", "one"], ["x-many", "two"], ["Set-Cookie", "a=1"], ["set-cookie", "b=2"]]);
    expect([...links.headers].filter(([name]) => name !== "date" && name !== "connection" && name !== "keep-alive" && name !== "transfer-encoding")).toEqual([...asFetch]);
    // Read twice (inkstone api reads a refusal's message, then prints its body): the same both times.
    expect(await links.json()).toEqual({});
    expect(await links.text()).toBe("{}");
    const empty = await get("/empty");
    expect([empty.status, (await empty.bytes()).byteLength]).toEqual([204, 0]);
  });

  it("reads an answer that nobody asks for, so that its connection never holds the command open", async () => {
    await get("/large");
    await largeFinished;
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

describe("the CLI's multipart body", () => {
  it("is byte for byte what fetch sends for the same FormData, but for the boundary", async () => {
    const file = new Uint8Array([0, 1, 2, 255, 13, 10]);
    const ours = multipartBody([
      { name: "file", file, fileName: 'a "quoted"\r\nname.md', type: "text/markdown" },
      { name: "bare", file, fileName: "no-type.bin" },
      { name: "title", text: "two\nlines\r\nand\rthree" },
      { name: 'odd "name"\n', text: "Zoë" },
    ]);
    const form = new FormData();
    form.append("file", new Blob([file], { type: "text/markdown" }), 'a "quoted"\r\nname.md');
    form.append("bare", new Blob([file]), "no-type.bin");
    form.append("title", "two\nlines\r\nand\rthree");
    form.append('odd "name"\n', "Zoë");
    const theirs = new Response(form);
    const boundaryOf = (contentType: string) => /^multipart\/form-data; boundary=(.+)$/.exec(contentType)![1]!;
    const ourBoundary = boundaryOf(ours.contentType);
    const theirBoundary = boundaryOf(theirs.headers.get("content-type")!);
    const theirBytes = Buffer.from(await theirs.arrayBuffer());
    expect(Buffer.from(ours.bytes).toString("latin1").replaceAll(ourBoundary, "BOUNDARY")).toBe(theirBytes.toString("latin1").replaceAll(theirBoundary, "BOUNDARY"));
    // A boundary of its own each time, as fetch's.
    expect(boundaryOf(multipartBody([]).contentType)).not.toBe(ourBoundary);
  });
});
