import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accumulateVary, mergeVary } from "@/server/http/vary";

describe("mergeVary", () => {
  it("keeps every field name once, first spelling and order first", () => {
    expect(mergeVary("Accept, Authorization", "rsc, accept, Accept-Encoding")).toBe("Accept, Authorization, rsc, Accept-Encoding");
    expect(mergeVary("", "rsc")).toBe("rsc");
  });
});

describe("accumulateVary", () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    accumulateVary();
    // What happens on a page path: next.config's headers() set Vary, then Next's renderer sets its own.
    server = createServer((_request, response) => {
      response.setHeader("Vary", "Accept, Authorization");
      response.setHeader("Vary", "rsc, next-router-state-tree");
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a second Vary adds to the first instead of replacing it", async () => {
    const response = await fetch(url);
    expect(response.headers.get("vary")).toBe("Accept, Authorization, rsc, next-router-state-tree");
  });
});
