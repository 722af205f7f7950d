import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "@/server/http/openapi";
import { ORIGINAL_METHOD_HEADER, PEER_HEADER } from "@/server/request/node-requests.mjs";
import { browserSignIn } from "../support/http-browser";
import { call, expectFailure, get, url, type ApiResponse } from "../support/http-client";
import { PASSWORD, signUp } from "../support/http-users";
import { startServer, type RunningServer } from "../support/server";

// The server entry (server/entry/) in front of Next: what it adds is checked here on the real
// server, the one `npm start` runs and every HTTP test talks to.

const NAVIGATION = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** Raw bytes to the shared test server and all it answers until it closes the connection. */
function raw(bytes: string): Promise<string> {
  const target = new URL(url("/"));
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname, () => socket.write(bytes));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("the entry in front of Next (item 2)", () => {
  it("refuses CONNECT with 405 in the error envelope", async () => {
    const answer = await raw("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));
    // with a request id, in the body and the header, as every answer has (issue 34 item 3)
    expect(body).toEqual({ code: 40500, msg: "CONNECT is not served here.", error: "method_not_allowed", requestId: expect.any(String) });
    expect(answer).toContain(`\r\nX-Request-Id: ${body.requestId}\r\n`);
  });

  it("refuses a WebSocket upgrade on a path no WebSocket endpoint serves, in the error envelope", async () => {
    const answer = await raw("GET /api/v1/books HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
    expect(answer).toContain('"error":"not_found"');
  });

  it("keeps next.config's Vary and Next's own on a page, instead of Next's replacing it", async () => {
    const writer = await signUp("entry-vary");
    const jar = await browserSignIn(writer.email, PASSWORD);
    const page = await get("/books", null, { accept: NAVIGATION, cookie: jar.header() });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const vary = (page.headers.get("vary") ?? "").toLowerCase().split(/\s*,\s*/);
    // next.config.mjs's headers() on the negotiated paths, then Next's renderer's (rsc, …)
    expect(vary).toEqual(expect.arrayContaining(["accept", "authorization", "rsc"]));
    expect(new Set(vary).size).toBe(vary.length);
  });

  it("drops a client's own original-method header, so an OPTIONS cannot run as a POST", async () => {
    const writer = await signUp("entry-smuggle");
    const before = await call("GET", "/api/v1/books", { token: writer.token });
    const answer = await call("OPTIONS", "/api/v1/books", {
      token: writer.token,
      json: { title: "Smuggled", type: "novel", description: "" },
      headers: { [ORIGINAL_METHOD_HEADER]: "POST" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("allow")).toMatch(/\bPOST\b/);
    const after = await call("GET", "/api/v1/books", { token: writer.token });
    expect(after.body.data).toEqual(before.body.data);
    expect(after.body.data.some((book: { title: string }) => book.title === "Smuggled")).toBe(false);
  });

  it("sends no HSTS over plain HTTP", async () => {
    const answer = await get("/api/v1/users/me");
    expectFailure(answer, 401, "unauthenticated");
    expect(answer.headers.get("strict-transport-security")).toBeNull();
  });
});

/** A request over HTTPS that trusts only the test's own certificate. */
function secureCall(
  baseUrl: string,
  ca: Buffer,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] = "application/json";
  } else if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return new Promise((resolve, reject) => {
    const request = httpsRequest(`${baseUrl}${path}`, { method, headers, ca }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const bytes = new Uint8Array(Buffer.concat(chunks));
        const text = new TextDecoder().decode(bytes);
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of [value ?? []].flat()) answerHeaders.append(name, one);
        }
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: response.statusCode ?? 0, headers: answerHeaders, text, bytes, body: parsed });
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("start-up (item 7)", () => {
  it("stops with the variable's name and what it must be when a setting is wrong, before serving anything", () => {
    const started = spawnSync(process.execPath, ["server/entry/main.mjs"], {
      env: { ...process.env, PORT: "0", INKSTONE_WORKERS: "two", INKSTONE_TLS_CERT: "/nowhere/cert.pem" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain("INKSTONE_WORKERS: must be a whole number from 1 to 16");
    expect(started.stderr).toContain("INKSTONE_TLS_CERT and INKSTONE_TLS_KEY go together");
    expect(started.stdout).not.toContain("serving");
  });
});

describe("HTTPS from the entry itself, given a certificate and key (item 2)", () => {
  let server: RunningServer;
  let ca: Buffer;
  const call = (method: string, path: string, options?: Parameters<typeof secureCall>[4]) => secureCall(server.baseUrl, ca, method, path, options);

  beforeAll(async () => {
    // A self-signed certificate for 127.0.0.1, made for this run.
    const dir = mkdtempSync(path.join(tmpdir(), "inkstone-tls-"));
    const cert = path.join(dir, "cert.pem");
    const key = path.join(dir, "key.pem");
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
      "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert,
    ], { stdio: "pipe" });
    ca = readFileSync(cert);
    // No trusted proxy: the client's address is the connection's other end, whatever it claims.
    server = await startServer({ INKSTONE_TLS_CERT: cert, INKSTONE_TLS_KEY: key, INKSTONE_TRUSTED_PROXIES: "0" });
  }, 120_000);
  afterAll(() => server?.stop());

  it("serves the API over HTTPS, with HSTS on every answer", async () => {
    expect(server.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const refused = await call("GET", "/api/v1/users/me");
    expectFailure(refused, 401, "unauthenticated");
    expect(refused.headers.get("strict-transport-security")).toBe("max-age=31536000");

    const email = `entry-tls-${Date.now()}@example.test`;
    const created = await call("POST", "/api/v1/users", { json: { email, password: PASSWORD, name: "Over TLS" } });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const login = await call("POST", "/auth/login", { json: { email, password: PASSWORD } });
    expect(login.status, login.text).toBe(200);
    const me = await call("GET", "/api/v1/users/me", { token: login.body.data.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email, name: "Over TLS" });
  });

  it("hands TRACE to the route there too, which refuses it with its own Allow", async () => {
    const answer = await call("TRACE", "/api/v1/books");
    expectFailure(answer, 405, "method_not_allowed");
    expect(answer.headers.get("allow")).toMatch(/\bGET\b/);
    expect(answer.headers.get("allow")).not.toContain("TRACE");
    expect(answer.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("gives a browser a Secure session cookie", async () => {
    const email = `entry-tls-browser-${Date.now()}@example.test`;
    expect((await call("POST", "/api/v1/users", { json: { email, password: PASSWORD, name: "Browser" } })).status).toBe(201);
    const csrf = await call("GET", "/api/auth/csrf");
    const cookies = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    const signedIn = await call("POST", "/api/auth/callback/credentials", {
      form: { email, password: PASSWORD, csrfToken: csrf.body.csrfToken },
      headers: { cookie: cookies },
    });
    expect(signedIn.status, signedIn.text).toBe(302);
    const session = signedIn.headers.getSetCookie().find((line) => line.startsWith(`__Secure-${SESSION_COOKIE}=`));
    expect(session, signedIn.headers.getSetCookie().join("\n")).toBeDefined();
    expect(session).toMatch(/;\s*Secure/i);
  });

  it("takes the client's address from the connection, not from headers the client writes", async () => {
    const email = `entry-peer-${Date.now()}@example.test`;
    expect((await call("POST", "/api/v1/users", { json: { email, password: PASSWORD, name: "Peer" } })).status).toBe(201);
    const { access_token: token } = (await call("POST", "/auth/login", { json: { email, password: PASSWORD } })).body.data;
    const minted = await call("POST", "/api/v1/tokens", { token, json: { name: "peer", scopes: "read:books" } });
    expect(minted.status, minted.text).toBe(201);
    const used = await call("GET", "/api/v1/books", {
      token: minted.body.data.access_token,
      headers: { "x-forwarded-for": "203.0.113.7", [PEER_HEADER]: "198.51.100.1" },
    });
    expect(used.status).toBe(200);
    const listed = (await call("GET", "/api/v1/tokens", { token })).body.data as { id: string; lastUsedFrom: string | null }[];
    expect(listed.find((row) => row.id === minted.body.data.token.id)?.lastUsedFrom).toBe("127.0.0.1");
  });
});
