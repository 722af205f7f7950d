// The body of bench/corkboard.mjs, bundled by bench/in-process.mjs and run on a fresh SQLite
// database. A corkboard drag on a 120-chapter, 600-scene book (issue 35, decision 0505) commits as
// one of three use cases: a scene moved to another chapter (moveScene: two text rewrites, two
// revisions), scenes reordered within their chapter (reorderScenes), a chapter moved in the
// contents (reorderContents). Beside them, the baseline: a scene's title changed (updateScene), the
// cheapest write a card can make. Each measured from call to answer, median and p95.
import type { Principal } from "@/server/auth/principal";
import { scopesForRole } from "@/server/auth/scopes";
import { sql } from "@/server/db";
import { moveChapterTo, type OrderEntry } from "@/server/parts/contents-tree";
import { getContents } from "@/server/parts/get-contents";
import { reorderContents } from "@/server/parts/reorder-contents";
import { moveScene } from "@/server/scenes/move-scene";
import { reorderScenes } from "@/server/scenes/reorder-scenes";
import { splitBook } from "@/server/scenes/split-scenes";
import { updateScene } from "@/server/scenes/update-scene";
import { newId } from "@/server/sql/values";

const CHAPTERS = 120;
const PARTS = 6;
const SCENES_PER_CHAPTER = 5;
/** A 3,000-word chapter of five 600-word scenes between scene-break lines. */
const CHAPTER_TEXT = Array.from({ length: SCENES_PER_CHAPTER }, (_, k) => `Scene ${k + 1}. ` + "The rain kept on over the harbour wall. ".repeat(75).trim()).join("\n\n* * *\n\n");

export interface Figures {
  medianMs: number;
  p95Ms: number;
}

function figures(times: number[]): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)]!, p95Ms: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]! };
}

async function versionOf(chapterId: string): Promise<number> {
  return (await sql.selectFrom("Chapter").select("version").where("id", "=", chapterId).executeTakeFirstOrThrow()).version;
}

async function scenesOf(chapterId: string): Promise<string[]> {
  return (await sql.selectFrom("Scene").select("id").where("chapterId", "=", chapterId).orderBy("position").execute()).map((row) => row.id);
}

export async function run(rounds: number): Promise<Record<string, Figures | number>> {
  const now = new Date();
  const userId = newId();
  await sql.insertInto("User").values({ id: userId, email: "corkboard@bench.test", name: "corkboard", passwordHash: "x", role: "writer", createdAt: now, updatedAt: now }).execute();
  const principal: Principal = { userId, scopes: new Set(scopesForRole("writer")), tokenId: null };
  const bookId = newId();
  await sql.insertInto("Book").values({ id: bookId, ownerId: userId, title: "The Long Corkboard", chapterCount: CHAPTERS, createdAt: now, updatedAt: now }).execute();
  const parts = Array.from({ length: PARTS }, (_, i) => ({ id: newId(), bookId, title: `Part ${i + 1}`, position: i + 1, createdAt: now, updatedAt: now }));
  await sql.insertInto("Part").values(parts).execute();
  const chapters = Array.from({ length: CHAPTERS }, (_, i) => ({
    id: newId(), bookId, title: `Chapter ${i + 1}`, position: i + 1, partId: parts[Math.floor(i / (CHAPTERS / PARTS))]!.id, content: CHAPTER_TEXT, wordCount: 3000, version: 1, createdAt: now, updatedAt: now,
  }));
  for (let i = 0; i < chapters.length; i += 50) await sql.insertInto("Chapter").values(chapters.slice(i, i + 50)).execute();
  // The scenes as a writer makes them: every chapter split at its breaks (600 scenes).
  const split = await splitBook({ bookId }, principal);

  const timed = async (work: (round: number) => Promise<unknown>): Promise<Figures> => {
    await work(-1); // warm the code path
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const start = performance.now();
      await work(round);
      times.push(performance.now() - start);
    }
    return figures(times);
  };

  // Interleaved would be fairer to load, but each kind changes the book the next one reads; the
  // rounds are many and short, so each kind runs its rounds in turn, the baseline first and last.
  const [a, b] = [chapters[10]!.id, chapters[70]!.id]; // in different parts
  const baselineBefore = await timed(async (round) => updateScene({ bookId, sceneId: (await scenesOf(a))[0]!, title: `Opening ${round}` }, principal));
  const move = await timed(async (round) => {
    // Back and forth between two chapters of different parts, to the middle of the other's scenes.
    const [from, to] = round % 2 ? [b, a] : [a, b];
    const sceneId = (await scenesOf(from))[1]!;
    return moveScene({ bookId, sceneId, version: await versionOf(from), toChapterId: to, toVersion: await versionOf(to), position: 3 }, principal);
  });
  const reorder = await timed(async () => {
    const ids = await scenesOf(a);
    return reorderScenes({ bookId, chapterId: a, version: await versionOf(a), sceneIds: [...ids.slice(1), ids[0]!] }, principal);
  });
  const chapterMove = await timed(async (round) => {
    const contents = await getContents({ bookId }, principal);
    const entries: OrderEntry[] = contents.entries.map((entry) => (entry.type === "chapter" ? { chapterId: entry.chapter.id } : { partId: entry.part.id, chapterIds: entry.chapters.map((c) => c.id) }));
    const [moving, over] = round % 2 ? [chapters[95]!.id, chapters[5]!.id] : [chapters[5]!.id, chapters[95]!.id];
    return reorderContents({ bookId, orderVersion: contents.orderVersion, entries: moveChapterTo(entries, moving, over) }, principal);
  });
  const baselineAfter = await timed(async (round) => updateScene({ bookId, sceneId: (await scenesOf(a))[0]!, title: `Closing ${round}` }, principal));
  return { scenes: split.length, baselineBefore, move, reorder, chapterMove, baselineAfter };
}
