#!/usr/bin/env node
// `npm run bench:revisions`: how much the database grows when a writer types for eight hours
// with an autosave every 3 s, with the revision policy (server/chapters/revision-retention.ts)
// beside the same run keeping every save (the baseline), and both against the text's own size.
//
// The saves go through the real use cases on a real SQLite file; only the clock is simulated
// (eight hours pass in seconds), by giving `Date` a settable now. See bench/README.md.
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createJiti } from "jiti";
import { sql as sqlText } from "kysely";
import { migrate } from "../scripts/migrate.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOURS = Number(process.env.BENCH_HOURS ?? 8);
const SAVE_EVERY_MS = 3_000;
const WORDS = 3_000;

let simulatedNow = Date.parse("2026-01-05T09:00:00Z");
const RealDate = Date;
globalThis.Date = class extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(simulatedNow);
    else super(...args);
  }
  static now() {
    return simulatedNow;
  }
};

const dir = mkdtempSync(path.join(os.tmpdir(), "inkstone-bench-revisions-"));
const file = path.join(dir, "inkstone.db");
process.env.DATABASE_URL = `file:${file}`;
process.env.INKSTONE_DATA_DIR = dir;
migrate(process.env, "pipe");

const jiti = createJiti(import.meta.url, { alias: { "@": ROOT } });
const { createUser } = await jiti.import("../server/users/create-user.ts");
const { scopesForRole } = await jiti.import("../server/auth/scopes.ts");
const { createBook } = await jiti.import("../server/books/create-book.ts");
const { uploadChapter } = await jiti.import("../server/chapters/upload-chapter.ts");
const { saveChapter } = await jiti.import("../server/chapters/save-chapter.ts");
const { sql } = await jiti.import("../server/db.ts");

const user = await createUser({ email: "bench@example.test", password: "a long enough password", name: "Bench" }, null, null);
const writer = { userId: user.id, scopes: new Set(scopesForRole(user.role)), tokenId: null };
const book = await createBook({ title: "Bench", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);

// BENCH_PROSE=1: a real novel's 3,000 words (Pride and Prejudice, from the test fixtures) instead
// of one sentence repeated, which compresses far better than prose does (decision 0482).
const prose = process.env.BENCH_PROSE === "1" ? gunzipSync(readFileSync(path.join(ROOT, "test/fixtures/novels/pride-and-prejudice.txt.gz"))).toString("utf8").split(/\s+/) : null;
const words = prose ?? "the snow kept falling on the old road while she walked home".split(" ");
let text = Array.from({ length: WORDS }, (_, i) => words[(prose ? 20_000 : 0) + (i % (prose ? WORDS : words.length))]).join(" ");
const chapter = await uploadChapter({ bookId: book.id, content: text }, writer);
const textBytes = Buffer.byteLength(text);

// Two chapters typed side by side: one under the policy, one whose revisions are never thinned
// (its saves are recorded as restores, which the policy keeps) — the baseline.
const baseline = await uploadChapter({ bookId: book.id, content: text }, writer);
const { changeChapterText } = await jiti.import("../server/chapters/change-text.ts");
const { compressOldRevisions } = await jiti.import("../server/chapters/revision-text.ts");

const saves = (HOURS * 3600_000) / SAVE_EVERY_MS;
const started = performance.now();
let version = 1;
for (let n = 0; n < saves; n++) {
  simulatedNow += SAVE_EVERY_MS;
  text = `${text.slice(0, -12)}${`edit ${n}`.padEnd(12, ".")}`; // a small edit each time, same length
  await saveChapter({ bookId: book.id, chapterId: chapter.id, version, content: text }, writer);
  await changeChapterText({ ...baseline, version }, version, { title: baseline.title, content: text }, { authorId: writer.userId, kind: "restore" });
  version++;
  // As the maintenance sweep does each minute: revisions past the window of every save kept are compressed.
  if ((n + 1) % (60_000 / SAVE_EVERY_MS) === 0) await compressOldRevisions();
}
const elapsed = performance.now() - started;

const count = async (chapterId) =>
  Number((await sql.selectFrom("ChapterRevision").select((eb) => eb.fn.countAll().as("n")).where("chapterId", "=", chapterId).executeTakeFirstOrThrow()).n);
const bytes = async (chapterId) =>
  Number(
    // A revision's text as stored: compressed (decision 0482), or plain for a row written before.
    (
      await sql
        .selectFrom("ChapterRevision")
        .select((eb) => eb.fn.sum(eb(eb.fn("length", ["content"]), "+", eb.fn.coalesce(eb.fn("length", ["compressedContent"]), eb.lit(0)))).as("b"))
        .where("chapterId", "=", chapterId)
        .executeTakeFirstOrThrow()
    ).b,
  );
const kept = await count(chapter.id);
const keptAll = await count(baseline.id);
const mib = (n) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

console.log(`${HOURS} h of typing, a save every ${SAVE_EVERY_MS / 1000} s: ${saves} saves of a ${WORDS}-word chapter (${(textBytes / 1024).toFixed(1)} KiB of text), ${(elapsed / 1000).toFixed(1)} s to run`);
console.log("");
console.log(`${"".padEnd(28)} ${"revisions".padStart(10)} ${"revision text".padStart(14)} ${"× the text".padStart(11)} ${"uncompressed".padStart(13)}`);
for (const [name, n, b] of [
  ["with the policy", kept, await bytes(chapter.id)],
  ["keeping every save (baseline)", keptAll, await bytes(baseline.id)],
]) {
  // Every save keeps the text's length, so uncompressed the revisions would hold n × the text.
  console.log(`${name.padEnd(28)} ${String(n).padStart(10)} ${mib(b).padStart(14)} ${`${(b / textBytes).toFixed(1)}×`.padStart(11)} ${mib(n * textBytes).padStart(13)}`);
}
console.log("");
const { releaseFreePages } = await jiti.import("../server/db.ts");
const { thinRevisions } = await jiti.import("../server/chapters/revision-retention.ts");
// After a checkpoint, so the file holds every page (the WAL is emptied).
const fileSize = async () => {
  await sqlText`PRAGMA wal_checkpoint(TRUNCATE)`.execute(sql);
  return mib(statSync(file).size);
};
console.log(`database file for both chapters: ${await fileSize()} (WAL checkpointed)`);
// Two days later the policy keeps one save per day; the baseline's copies are deleted too (as if
// thinned), then the file is measured as SQLite leaves it and after the maintenance sweep gives
// the free pages back (decision 0482).
simulatedNow += 2 * 24 * 3600_000;
await sql.transaction().execute((trx) => thinRevisions(trx, chapter.id, new Date()));
await sql.deleteFrom("ChapterRevision").where("chapterId", "=", baseline.id).where("version", "<", version).execute();
console.log(`after thinning, ${await count(chapter.id)} + ${await count(baseline.id)} revisions left: ${await fileSize()} without incremental vacuum`);
for (let pass = 0; pass < 100; pass++) await releaseFreePages(); // each pass gives back at most 20 MB
console.log(`after giving the free pages back (incremental vacuum): ${await fileSize()}`);
console.log(`temp folder: ${dir}`);
