// Issue 17, item 13: tRPC's edges, and the documented way to call it without its client.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, get } from "../support/http-client";
import { expectTrpcError, trpcMutation, trpcQuery } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

let writer: Account;
beforeAll(async () => {
  writer = await signUp("trpc-edges");
});

describe("errors tRPC raises itself are JSON, labelled so (item 13)", () => {
  it("an unknown procedure: 404 NOT_FOUND", async () => {
    expectTrpcError(await trpcQuery("books.nothing", undefined, writer.token), 404, null, "NOT_FOUND");
    expectTrpcError(await trpcMutation("nowhere.at.all", {}, writer.token), 404, null, "NOT_FOUND");
  });

  it("a GET to a mutation and a POST to a query: 405 METHOD_NOT_SUPPORTED", async () => {
    expectTrpcError(await trpcQuery("books.create", { title: "No" }, writer.token), 405, null, "METHOD_NOT_SUPPORTED");
    expectTrpcError(await trpcMutation("books.list", {}, writer.token), 405, null, "METHOD_NOT_SUPPORTED");
  });

  it("a batch of more than ten calls: 400", async () => {
    const paths = Array.from({ length: 11 }, () => "books.list").join(",");
    expectTrpcError(await get(`/api/trpc/${paths}?batch=1&input=%7B%7D`, writer.token), 400, null, "BAD_REQUEST");
  });
});

describe("other methods on the tRPC path get tRPC's error shape, not the REST envelope (item 13)", () => {
  it.each(["PUT", "PATCH", "DELETE"])("%s: 405 METHOD_NOT_SUPPORTED with Allow", async (method) => {
    const response = await call(method, "/api/trpc/books.create", { token: writer.token, json: { title: "No" } });
    expectTrpcError(response, 405, null, "METHOD_NOT_SUPPORTED");
    expect(response.body.error.data.path).toBe("books.create");
    expect(response.headers.get("allow")).toBe("GET, POST, OPTIONS");
    expect(response.body).not.toHaveProperty("msg");
  });

  it("a body that is not JSON: 415 in tRPC's shape, with Inkstone's code", async () => {
    const response = await call("POST", "/api/trpc/books.create", { token: writer.token, body: "title=No", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(expectTrpcError(response, 415, "unsupported_media_type")).toEqual({ accepted: "application/json" });
  });
});

// The examples of docs/api.md's "Calling tRPC without its client", run as written.
const DOCS = readFileSync(path.join(import.meta.dirname, "../../docs/api.md"), "utf8");
const section = DOCS.slice(DOCS.indexOf("### Calling tRPC without its client"));
const examples = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.replace(/^#.*\n/gm, "").replace(/\\\n\s*/g, " ").trim());
const hasCurl = spawnSync("curl", ["--version"]).status === 0;

describe("docs/api.md's curl examples (item 13)", () => {
  it("show a query, a mutation and both kinds of batch", () => {
    expect(examples).toHaveLength(4);
    expect(examples.filter((e) => e.includes("-X POST"))).toHaveLength(2);
    expect(examples.filter((e) => e.includes("batch=1"))).toHaveLength(2);
  });

  it.skipIf(!hasCurl).each(examples.map((e, i) => [i, e] as const))("example %i answers a result for each call", (_, example) => {
    const output = execFileSync("bash", ["-c", example], {
      env: { ...process.env, INKSTONE_URL: inject("baseUrl"), INKSTONE_TOKEN: writer.token },
      encoding: "utf8",
    });
    const answer = JSON.parse(output) as unknown;
    const results = Array.isArray(answer) ? answer : [answer];
    expect(results.length, output.slice(0, 300)).toBe(example.includes("batch=1") ? 2 : 1);
    for (const result of results) expect(result, output.slice(0, 300)).toHaveProperty("result.data");
  });
});
