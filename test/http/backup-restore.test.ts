// @module-tag postgres
// Issue 34 item 1: a backup that finishes while writers write, and a restore that checks what it
// restores. `npm run backup` and `npm run restore` run as children, as an operator runs them, on a
// server of this file's own (SQLite here; PostgreSQL in npm run test:postgres).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectSuccess } from "../support/http-client";
import { PASSWORD, uniqueEmail } from "../support/http-users";
import { kyselyFor, onPostgres, POSTGRES, postgresUrl } from "../support/database";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 90_000);
afterAll(() => server?.stop());

/** `npm run <script> -- <folder>` with the given database and data folder; its status and output. */
function runScript(script: "backup" | "restore", folder: string, databaseUrl: string, dataDir: string) {
  const child = spawn(process.execPath, [`scripts/${script}.mjs`, folder], {
    env: { ...process.env, DATABASE_URL: databaseUrl, INKSTONE_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

/** A new, empty database and data folder to restore into. */
async function newPlace(label: string): Promise<{ databaseUrl: string; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `inkstone-${label}-`));
  if (!POSTGRES) return { databaseUrl: `file:${path.join(dataDir, "inkstone.db")}`, dataDir };
  const database = `inkstone_${label.replace(/\W/g, "_")}_${Date.now()}`;
  await onPostgres(`CREATE DATABASE "${database}"`);
  return { databaseUrl: postgresUrl(database), dataDir };
}

async function chapterRows(databaseUrl: string, dataDir: string, ids: string[]) {
  const db = kyselyFor(databaseUrl, dataDir);
  try {
    const chapters = await db.selectFrom("Chapter").selectAll().where("id", "in", ids).orderBy("id").execute();
    const revisions = await db.selectFrom("ChapterRevision").selectAll().where("chapterId", "in", ids).orderBy("id").execute();
    return { chapters, revisions };
  } finally {
    await db.destroy();
  }
}

describe("npm run backup and npm run restore (item 1)", () => {
  it("back up while four writers add chapters, then restore every chapter acknowledged before, row for row", async () => {
    const send = (method: string, route: string, token: string | null, json?: unknown) => call(method, route, { baseUrl: server.baseUrl, token, json });
    const email = uniqueEmail("backed-up");
    expectSuccess(await send("POST", "/api/v1/users", null, { email, password: PASSWORD }), 201);
    const { access_token: token } = expectSuccess(await send("POST", "/auth/login", null, { email, password: PASSWORD }), 200);
    const book = expectSuccess(await send("POST", "/api/v1/books", token, { title: "Kept" }), 201);

    const acknowledged: string[] = [];
    let writing = true;
    const writer = async (n: number) => {
      for (let i = 0; writing; i++) {
        const made = await send("POST", `/api/v1/books/${book.id}/chapters`, token, { title: `W${n}.${i}`, content: `Words of writer ${n}, chapter ${i}. `.repeat(40) });
        acknowledged.push(expectSuccess(made, 201).id);
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    // The backup starts with saves under way and more landing throughout.
    while (acknowledged.length < 20) await new Promise((resolve) => setImmediate(resolve));
    const before = [...acknowledged];
    const folder = path.join(mkdtempSync(path.join(tmpdir(), "inkstone-backups-")), "today");
    const backedUp = await runScript("backup", folder, server.databaseUrl, server.dataDir);
    const during = acknowledged.length - before.length;
    writing = false;
    await Promise.all(writers);
    expect(backedUp.output).toContain("Backed up");
    expect(backedUp.code).toBe(0);
    expect(during).toBeGreaterThan(0);

    // For the server's user alone: the folder and every file in it.
    const manifest = JSON.parse(readFileSync(path.join(folder, "manifest.json"), "utf8")) as { files: Record<string, string> };
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    for (const file of ["manifest.json", ...Object.keys(manifest.files)]) expect(statSync(path.join(folder, file)).mode & 0o777, file).toBe(0o600);
    expect(Object.keys(manifest.files)).toContain("secrets.json");

    const place = await newPlace("restored");
    const restored = await runScript("restore", folder, place.databaseUrl, place.dataDir);
    expect(restored.output).toContain("Restored the backup");
    expect(restored.code).toBe(0);
    expect(readFileSync(path.join(place.dataDir, "secrets.json"))).toEqual(readFileSync(path.join(server.dataDir, "secrets.json")));

    // Every chapter acknowledged before the backup began is there, each row (and its revisions) as the server holds it.
    const inBackup = await chapterRows(place.databaseUrl, place.dataDir, acknowledged);
    expect(inBackup.chapters.map((chapter) => chapter.id)).toEqual(expect.arrayContaining(before));
    const live = await chapterRows(server.databaseUrl, server.dataDir, inBackup.chapters.map((chapter) => chapter.id));
    expect(inBackup.chapters).toEqual(live.chapters);
    expect(inBackup.revisions).toEqual(live.revisions);

    // The restored database serves, to the writer's token of before.
    const again = await startServer({}, { ...server, databaseUrl: place.databaseUrl, dataDir: place.dataDir });
    try {
      const listed = await call("GET", `/api/v1/books/${book.id}/chapters?per_page=100`, { baseUrl: again.baseUrl, token });
      expect(Number(listed.headers.get("x-total-count"))).toBe(inBackup.chapters.length);
    } finally {
      again.stop();
    }
  }, 180_000);

  it("refuses a backup with a damaged file, and a place that already holds a database, and writes nothing", async () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), "inkstone-backups-")), "damaged");
    expect((await runScript("backup", folder, server.databaseUrl, server.dataDir)).code).toBe(0);

    // Over the server's own database: refused before anything is read into it.
    const overLive = await runScript("restore", folder, server.databaseUrl, mkdtempSync(path.join(tmpdir(), "inkstone-other-")));
    expect(overLive.code).toBe(1);
    expect(overLive.output).toMatch(POSTGRES ? /has tables: restore into a new, empty database/ : /is there: restore into a new database/);

    const copy = path.join(folder, POSTGRES ? "inkstone.dump" : "inkstone.db");
    const bytes = readFileSync(copy);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(copy, bytes);
    const place = await newPlace("damaged");
    const refused = await runScript("restore", folder, place.databaseUrl, place.dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${path.basename(copy)} is damaged`);
    expect(() => statSync(path.join(place.dataDir, "secrets.json"))).toThrow();
    if (!POSTGRES) expect(() => statSync(path.join(place.dataDir, "inkstone.db"))).toThrow();
  }, 120_000);
});
