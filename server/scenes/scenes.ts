import type { Kysely, Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import type { LoadedBook } from "../books/access";
import { countRuleOf } from "../books/count-rule-of";
import { can } from "../books/policy";
import { chapterInTrash } from "../chapters/load-chapter";
import { sql } from "../db";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { countProseOf } from "../text/count-task";
import { bodyOf, sceneSpans } from "./places";
import type { SceneDto } from "./schemas";

type Reader = Kysely<DB> | Transaction<DB>;

const sceneColumns = ["Scene.id", "Scene.bookId", "Scene.chapterId", "Scene.position", "Scene.title", "Scene.createdAt", "Scene.updatedAt"] as const;

/**
 * The scenes of a book (or of one chapter, or one scene) the caller may read, in reading order,
 * each with its words and its stretch of the text. What the outline calls for its words per scene.
 * Words are counted from the text as it stands (a long book in a worker), never stored: a save
 * then keeps no count of its scenes (decision 0499).
 */
export async function scenesOf(book: LoadedBook, principal: Principal, only: { chapterId?: string; sceneId?: string } = {}, db: Reader = sql): Promise<SceneDto[]> {
  let query = db
    .selectFrom("Scene")
    .innerJoin("Chapter", "Chapter.id", "Scene.chapterId")
    .select(sceneColumns)
    .where("Scene.bookId", "=", book.id)
    .where("Chapter.deletedAt", "is", null);
  // A beta reader reads released chapters only, and none of the live draft while a snapshot is shared (decision 0497): as chapters.list.
  if (!can(principal, "readDraft", book)) {
    if (book.readerSnapshotId) return [];
    query = query.where("Chapter.releasedAt", "is not", null);
  }
  if (only.chapterId) query = query.where("Scene.chapterId", "=", only.chapterId);
  if (only.sceneId) query = query.where("Scene.id", "=", only.sceneId);
  const rows = await query.orderBy("Chapter.position").orderBy("Scene.position").execute();
  if (rows.length === 0) return [];
  const chapterIds = [...new Set(rows.map((row) => row.chapterId))];
  const texts = new Map((await db.selectFrom("Chapter").select(["id", "content"]).where("id", "in", chapterIds).execute()).map((c) => [c.id, c.content]));
  const spans = new Map(chapterIds.map((chapterId) => [chapterId, sceneSpans(texts.get(chapterId) ?? "")]));
  const placed = rows.map((row) => {
    const span = spans.get(row.chapterId)![row.position - 1] ?? { start: 0, bodyStart: 0, end: 0, breakLine: null };
    return { row, span, body: bodyOf(texts.get(row.chapterId) ?? "", span) };
  });
  const words = await countProseOf(placed.map((p) => p.body), await countRuleOf(book.id, db), principal.userId);
  return placed.map(({ row, span }, i) => ({
    id: row.id,
    bookId: row.bookId,
    chapterId: row.chapterId,
    position: row.position,
    title: row.title,
    wordCount: words[i]!,
    start: span.start,
    end: span.end,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** A chapter as a scene change reads it, in the change's transaction: 404 when the book has no such chapter, chapter_in_trash when trashed. */
export async function chapterForScenes(trx: Transaction<DB>, bookId: string, chapterId: string) {
  const chapter = await trx
    .selectFrom("Chapter")
    .select(["id", "bookId", "title", "content", "version", "wordCount", "deletedAt"])
    .where("id", "=", chapterId)
    .where("bookId", "=", bookId)
    .executeTakeFirst();
  if (!chapter) throw new AppError("not_found", "This book has no chapter with this id.");
  if (chapter.deletedAt) throw chapterInTrash({ bookId, chapterId });
  return chapter;
}
export type ChapterForScenes = Awaited<ReturnType<typeof chapterForScenes>>;

/** 409 when a scene change names a version of a chapter that is not its current one: nothing changes. */
export function checkVersion(chapter: ChapterForScenes, expected: number): void {
  if (chapter.version !== expected)
    throw new AppError("version_conflict", `This chapter was saved elsewhere since version ${expected}; reload it, nothing was changed.`, { chapterId: chapter.id, expectedVersion: expected, currentVersion: chapter.version });
}

/** A chapter's scene ids in order (empty: the writer has not split it). */
export async function sceneIdsOf(trx: Transaction<DB>, chapterId: string): Promise<string[]> {
  return (await trx.selectFrom("Scene").select("id").where("chapterId", "=", chapterId).orderBy("position").execute()).map((row) => row.id);
}

/** A scene of the book, as a write finds it: 404 when the book has none with this id. */
export async function sceneRow(trx: Transaction<DB>, bookId: string, sceneId: string) {
  const scene = await trx.selectFrom("Scene").select(["id", "chapterId", "position", "title"]).where("id", "=", sceneId).where("bookId", "=", bookId).executeTakeFirst();
  if (!scene) throw new AppError("not_found", "This book has no scene with this id.");
  return scene;
}

/** One scene as the caller may read it; 404 when there is none (or its chapter is not readable to them). */
export async function sceneOf(book: LoadedBook, principal: Principal, sceneId: string): Promise<SceneDto> {
  const [scene] = await scenesOf(book, principal, { sceneId });
  if (!scene) throw new AppError("not_found", "This book has no scene with this id.");
  return scene;
}
