import { beforeAll, describe, expect, it } from "vitest";
import { call, expectFailure, get, isolatedRequest } from "../support/http-client";
import { createBook } from "../support/http-books";
import { expectTrpcError } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

let writer: Account;
let bookId: string;
beforeAll(async () => {
  writer = await signUp("edges");
  bookId = (await createBook(writer.token)).id;
});

describe("malformed percent-encoding in a path (item 3)", () => {
  const paths = () => [
    "/api/v1/books/%",
    "/api/v1/books/%E0%A4%A",
    `/api/v1/books/${bookId}/chapters/%`,
    `/api/v1/books/${bookId}/chapters/x/revisions/%ZZ`,
    "/api/v1/tokens/%",
    "/api/v1/users/%",
    "/auth/login%",
    "/api/trpc/books.get%",
    "/books/%",
    "/api/books/%",
    "/v1/api/books/%",
    "/sign-in%",
  ];

  it("answers 400 malformed_request in the envelope, for every family of path", async () => {
    for (const path of paths()) {
      const response = await isolatedRequest("GET", path, { headers: { authorization: `Bearer ${writer.token}` } });
      expect(response.status, path).toBe(400);
      expectFailure(response, 400, "malformed_request");
    }
  });
});

describe("methods no route serves (item 3)", () => {
  const paths = () => ["/api/v1/books", `/api/v1/books/${bookId}`, "/api/v1/tokens", "/auth/login", "/api/trpc/books.list", "/books", "/api/books", "/v1/api/books", "/api/v2/books"];

  it("answers TRACE with 405 and the path's Allow, never a 500", async () => {
    for (const path of paths()) {
      const response = await isolatedRequest("TRACE", path, {});
      if (path === "/api/v2/books") {
        expectFailure(response, 404, "not_found");
        continue;
      }
      if (path.startsWith("/api/trpc/")) expectTrpcError(response, 405, null, "METHOD_NOT_SUPPORTED");
      else expectFailure(response, 405, "method_not_allowed");
      const allow = response.headers.get("allow") ?? "";
      expect(allow, path).toMatch(/\b(GET|POST)\b/);
      expect(allow, path).not.toContain("TRACE");
    }
  });

  it("answers PUT on a tRPC path with 405 in tRPC's error shape", async () => {
    const response = await call("PUT", "/api/trpc/books.list", { token: writer.token });
    expectTrpcError(response, 405, null, "METHOD_NOT_SUPPORTED");
    expect(response.headers.get("allow")).toBe("GET, POST, OPTIONS");
  });
});

describe("security headers (item 12)", () => {
  const expectCommon = (headers: Headers, what: string) => {
    expect(headers.get("x-content-type-options"), what).toBe("nosniff");
    expect(headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
    expect(headers.get("content-security-policy"), what).toContain("frame-ancestors 'none'");
  };

  it("are on every API answer, success or failure, with Cache-Control: no-store", async () => {
    const answers = {
      list: await get("/api/v1/books", writer.token),
      unauthenticated: await get("/api/v1/books"),
      unknown: await get("/api/v1/nothing-here", writer.token),
      trpc: await get("/api/trpc/books.list", writer.token),
      trpcMutation: await call("POST", "/api/trpc/books.create", {
        token: writer.token,
        json: { title: "Not cached", type: "novel", description: "" },
      }),
      deleted: await call("DELETE", `/api/v1/books/${(await createBook(writer.token)).id}`, { token: writer.token }),
      openapi: await get("/api/v1/openapi.json"),
      alias: await get("/books", writer.token),
    };
    for (const [what, response] of Object.entries(answers)) {
      expectCommon(response.headers, what);
      expect(response.headers.get("cache-control"), what).toContain("no-store");
    }
  });

  it("give pages a script policy with a fresh nonce and no inline scripts", async () => {
    const first = await get("/sign-in", null, { accept: "text/html" });
    const second = await get("/sign-in", null, { accept: "text/html" });
    expect(first.status).toBe(200);
    expectCommon(first.headers, "page");
    const policy = first.headers.get("content-security-policy")!;
    const scripts = policy.split(";").find((d) => d.trim().startsWith("script-src"))!;
    expect(scripts).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scripts).not.toContain("unsafe-inline");
    expect(second.headers.get("content-security-policy")).not.toBe(policy);
    // Every script the page loads carries the nonce.
    const nonce = scripts.match(/'nonce-([^']+)'/)![1]!;
    const tags = first.text.match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  });
});
