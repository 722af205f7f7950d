// Issue 33 item 9: `inkstone webhooks` as a child process against a running server, with a real
// receiver here: create (the secret printed once), ping, list, the delivery log, redeliver, delete;
// and `inkstone jobs cancel`.
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";
import { unfinishedJob } from "../support/http-webhooks-cases";

let writer: { home: string; email: string };
let receiver: Server;
let url: string;
const received: { signature: string; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ signature: String(request.headers["inkstone-signature"]), body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/inkstone`;
  writer = await loggedIn("webhooks-cli");
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe("inkstone webhooks", () => {
  it("creates a webhook, pings it, lists it and its deliveries, redelivers and deletes it", async () => {
    const created = json(await inkstone(writer.home, ["webhooks", "create", url, "--events", "chapter.saved,job.succeeded", "--description", "sync", "--json"]));
    expect(created).toMatchObject({ url, events: ["chapter.saved", "job.succeeded"], description: "sync", active: true, secret: expect.stringMatching(/^whsec_/) });

    expect(ok(await inkstone(writer.home, ["webhooks", "ping", created.id]))).toMatch(/^Ping delivered: 204 in \d+ ms\.\n$/);
    const [ping] = received;
    const [t, v1] = ping!.signature.split(",").map((part) => part.split("=")[1]);
    expect(createHmac("sha256", created.secret).update(`${t}.${ping!.body}`).digest("hex")).toBe(v1);

    expect(ok(await inkstone(writer.home, ["webhooks", "list"]))).toMatch(new RegExp(`${created.id}\\s+${url.replaceAll(".", "\\.")}\\s+chapter\\.saved,job\\.succeeded\\s+every\\s+yes`));
    const log = json(await inkstone(writer.home, ["webhooks", "deliveries", created.id, "--json"]));
    expect(log.items).toEqual([expect.objectContaining({ event: "ping", status: "delivered" })]);
    expect(ok(await inkstone(writer.home, ["webhooks", "deliveries", created.id]))).toMatch(/ping\s+delivered\s+1\s+204 in \d+ ms/);

    const again = json(await inkstone(writer.home, ["webhooks", "redeliver", created.id, log.items[0].id, "--json"]));
    expect(again.attempts).toHaveLength(2);
    expect(received).toHaveLength(2);

    expect(ok(await inkstone(writer.home, ["webhooks", "delete", created.id]))).toBe(`Deleted ${created.id}.\n`);
    expect(fails(await inkstone(writer.home, ["webhooks", "ping", created.id]))).toBe("inkstone: There is no webhook with this id. (404 not_found)");
  });

  it("refuses an unknown event before sending anything, in one line", async () => {
    expect(fails(await inkstone(writer.home, ["webhooks", "create", url, "--events", "book.burned"]))).toMatch(/^inkstone: invalid input: events/);
    expect(json(await inkstone(writer.home, ["webhooks", "list", "--json"])).items).toEqual([]);
  });
});

describe("inkstone jobs cancel", () => {
  it("cancels a running job, which then shows as cancelled; an unknown one is refused in one line", async () => {
    const token = ok(await inkstone(writer.home, ["config", "get", "api.token"])).trim();
    const jobId = await unfinishedJob({ token }, inject("baseUrl"));
    expect(ok(await inkstone(writer.home, ["jobs", "cancel", jobId]))).toBe(`Cancelled ${jobId}.\n`);
    expect(json(await inkstone(writer.home, ["jobs", "show", jobId, "--json"]))).toMatchObject({ status: "cancelled", error: { code: "job_cancelled" } });
    expect(fails(await inkstone(writer.home, ["jobs", "wait", jobId]))).toMatch(/cancelled/);
    expect(fails(await inkstone(writer.home, ["jobs", "cancel", "no-such-job"]))).toMatch(/\(404 not_found\)$/);
  });
});
