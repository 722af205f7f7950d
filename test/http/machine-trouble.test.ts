// @module-tag postgres
// Issue 34 item 2: clear answers when the machine fails. A full disk (a small tmpfs under a SQLite
// server) answers 507 storage_full and a PostgreSQL out of reach (a proxy the test closes) 503
// database_unavailable, each with Retry-After, nothing changed, and the log says so once when it
// starts and once when it ends, with no stack and no "cannot rollback".
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrate } from "../../scripts/migrate.mjs";
import { call, expectFailure, expectSuccess } from "../support/http-client";
import { PASSWORD, uniqueEmail } from "../support/http-users";
import { migratedDatabase, POSTGRES } from "../support/database";
import { startServer, type RunningServer } from "../support/server";

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()!();
});

/** A writer on `server` with a book and a chapter; the helpers to save and read it. */
async function writerOn(server: RunningServer) {
  const send = (method: string, route: string, token: string | null, json?: unknown) => call(method, route, { baseUrl: server.baseUrl, token, json });
  const email = uniqueEmail("machine");
  expectSuccess(await send("POST", "/api/v1/users", null, { email, password: PASSWORD }), 201);
  const { access_token: token } = expectSuccess(await send("POST", "/auth/login", null, { email, password: PASSWORD }), 200);
  const book = expectSuccess(await send("POST", "/api/v1/books", token, { title: "On a tired machine" }), 201);
  const chapter = expectSuccess(await send("POST", `/api/v1/books/${book.id}/chapters`, token, { title: "One", content: "The first words." }), 201);
  const route = `/api/v1/books/${book.id}/chapters/${chapter.id}`;
  return {
    save: (content: string, version: number) => send("PUT", route, token, { title: "One", content, version }),
    read: () => send("GET", route, token),
    send,
    token,
  };
}

/** A tmpfs of `megabytes` MB, or null where this machine may not mount one (not root). */
function smallDisk(megabytes: number): string | null {
  const folder = mkdtempSync(path.join(tmpdir(), "inkstone-small-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", folder], { stdio: "pipe" });
  } catch {
    rmSync(folder, { recursive: true, force: true });
    return null;
  }
  cleanups.push(() => {
    // Lazily: the server just killed may still hold its files for a moment.
    execFileSync("umount", ["--lazy", folder]);
    rmSync(folder, { recursive: true, force: true });
  });
  return folder;
}
const CAN_MOUNT = !POSTGRES && process.getuid?.() === 0;

describe.skipIf(!CAN_MOUNT)("a full disk (SQLite on a small tmpfs)", () => {
  it("refuses saves with 507 storage_full and Retry-After, keeps the text as it was, and logs the outage once", async () => {
    const disk = smallDisk(48)!;
    const databaseUrl = `file:${path.join(disk, "inkstone.db")}`;
    migrate({ ...process.env, DATABASE_URL: databaseUrl }, "pipe");
    const server = await startServer({}, { dataDir: disk, databaseUrl, jwtSecret: randomBytes(48).toString("base64url") } as RunningServer, { captureOutput: true });
    cleanups.unshift(() => server.stop("SIGKILL"));
    const writer = await writerOn(server);
    const before = expectSuccess(await writer.read(), 200);

    // Whatever room is left goes to a file of the operator's; a 2 MB save finds none.
    const filler = path.join(disk, "filler");
    try {
      writeFileSync(filler, Buffer.alloc(64 * 2 ** 20));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
    }
    const long = "A chapter too long for a full disk. ".repeat(60_000);
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await writer.save(long, before.version);
      expectFailure(refused, 507, "storage_full");
      expect(refused.headers.get("retry-after")).toBe("60");
      expect(refused.body.msg).toContain("disk is full");
    }
    expect(expectSuccess(await writer.read(), 200)).toMatchObject({ version: before.version, content: "The first words." });

    rmSync(filler);
    expectSuccess(await writer.save(long, before.version), 201);
    await server.outputMatching(/Changes are saved again/, 1);
    const log = server.output();
    expect(log.match(/The disk is full/g)).toHaveLength(1);
    expect(log).toMatch(/after \d+ s; 3 requests were refused meanwhile/);
    expect(log).not.toContain("cannot rollback");
    expect(log).not.toContain('"stack"');
  }, 120_000);
});

/** A TCP proxy to PostgreSQL that the test can take down (refusing and dropping connections) and bring back. */
async function postgresProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const up = (port = 0) =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket)).on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      }).listen(port, "127.0.0.1", () => resolve((server!.address() as { port: number }).port));
    });
  const port = await up();
  return {
    port,
    down: () => new Promise<void>((resolve) => {
      server!.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    }),
    up: () => up(port),
  };
}

describe.skipIf(!POSTGRES)("PostgreSQL out of reach", () => {
  it("answers 503 database_unavailable with Retry-After over REST and tRPC, logs one line when it goes and one when it is back", async () => {
    const { dir, url } = await migratedDatabase("outage");
    const direct = new URL(url);
    const proxy = await postgresProxy(direct);
    cleanups.push(() => void proxy.down());
    const proxied = new URL(url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const server = await startServer({}, { dataDir: dir, databaseUrl: proxied.href, jwtSecret: randomBytes(48).toString("base64url") } as RunningServer, { captureOutput: true });
    cleanups.unshift(() => server.stop("SIGKILL"));
    const writer = await writerOn(server);
    const before = expectSuccess(await writer.read(), 200);

    await proxy.down();
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await writer.save(`Lost words ${attempt}.`, before.version);
      expectFailure(refused, 503, "database_unavailable");
      expect(refused.headers.get("retry-after")).toBe("5");
    }
    const viaTrpc = await call("GET", "/api/trpc/users.me", { baseUrl: server.baseUrl, token: writer.token });
    expect(viaTrpc.status).toBe(503);
    expect(viaTrpc.body.error.data.error).toBe("database_unavailable");

    await proxy.up();
    expectSuccess(await writer.save("Words once it is back.", before.version), 201);
    await server.outputMatching(/The database answers again/, 1);
    const log = server.output();
    expect(log.match(/The database cannot be reached/g)).toHaveLength(1);
    expect(log).not.toContain('"stack"');
  }, 120_000);
});
