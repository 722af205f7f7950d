import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "../db";

/** The bundled worker the engine runs in (scripts/build-worker.mjs): its bytes are the engine's build. */
const WORKER_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), ".build", "worker.mjs");

const globalForEngine = globalThis as unknown as { inkstoneEngineBuild?: Promise<string> };

/**
 * A hash of the engine's build, read once per process: a result computed by another build of the
 * engine (a reading rule fixed, a probe changed) is never reused for the same book and template.
 */
function engineBuild(): Promise<string> {
  return (globalForEngine.inkstoneEngineBuild ??= readFile(WORKER_FILE).then(
    (bytes) => createHash("sha256").update(bytes).digest("hex").slice(0, 16),
    () => "unbuilt",
  ));
}

export interface BookVersionInput {
  title: string;
  language: string;
  /** The chapters the engine reads (not in the trash), in their order. */
  chapters: { id: string; version: number }[];
}

/**
 * "The same book version", as reuse and replacement of kept analyses understand it: the book's
 * title and language, its chapters' ids and versions in their order (a chapter's version rises with
 * every save of its text or title; moving, trashing or restoring one changes the list), and the
 * engine's build. Two runs with the same value read the same text with the same engine.
 */
export async function bookVersionOf(book: BookVersionInput): Promise<string> {
  const hash = createHash("sha256");
  hash.update(`${await engineBuild()}\n${book.title}\n${book.language}\n`);
  for (const chapter of book.chapters) hash.update(`${chapter.id}:${chapter.version}\n`);
  return hash.digest("hex").slice(0, 32);
}

/** The current version of a book, from its row and chapters' ids and versions alone (no text is read). */
export async function currentBookVersion(book: { id: string; title: string; language: string }): Promise<string> {
  const chapters = await sql
    .selectFrom("Chapter")
    .select(["id", "version"])
    .where("bookId", "=", book.id)
    .where("deletedAt", "is", null)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return bookVersionOf({ title: book.title, language: book.language, chapters });
}
