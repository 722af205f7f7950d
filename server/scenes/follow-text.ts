import type { Transaction } from "kysely";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { newId } from "../sql/values";
import { sceneBreakLines, type BreakLine } from "../text/scene-break";
import { breakAnchorOf, followScenes, type PlacedScene } from "./places";

/** A scene a caller places in a chapter's new text: an existing one by id (from any chapter of the book: a move), or a new one with the id and title given. */
export type SceneSlot = { id: string; isNew?: { title: string } };

/** A chapter's text as a change left it, and, when the change placed its scenes itself, where each one is. */
export interface ChangedScenes {
  chapterId: string;
  before?: string;
  after: string;
  /** one slot per stretch of `after` (places.ts sceneSpans), in order; absent: the scenes follow the text */
  scenes?: readonly SceneSlot[];
}

/** The columns a scene's place is read with. */
export const placeColumns = ["id", "chapterId", "position", "breakStart", "breakEnd", "breakQuote", "breakPrefix", "breakSuffix"] as const;
type PlaceRow = { id: string; chapterId: string; position: number; breakStart: number | null; breakEnd: number | null; breakQuote: string | null; breakPrefix: string | null; breakSuffix: string | null };

export function placedScene(row: PlaceRow): PlacedScene {
  return {
    id: row.id,
    breakAnchor: row.breakQuote === null ? null : { quote: row.breakQuote, prefix: row.breakPrefix ?? "", suffix: row.breakSuffix ?? "", start: row.breakStart, end: row.breakEnd },
  };
}

/**
 * Keeps the scenes of rewritten chapters on their text, in the change's transaction (decision 0499):
 * each scene's break is followed through the change (places.ts), a break typed makes a scene, a
 * break deleted joins its scene into the one before; a reorder, move, add or delete names its layout
 * instead. A chapter without scenes costs the change one indexed read, shared by all its chapters.
 */
export async function followTextWithScenes(trx: Transaction<DB>, bookId: string, changed: readonly ChangedScenes[], at: Date): Promise<void> {
  const placedByCaller = changed.flatMap((c) => (c.scenes ?? []).flatMap((slot) => (slot.isNew ? [] : [slot.id])));
  const moved = changed.filter((c) => c.scenes !== undefined || c.before !== c.after);
  if (moved.length === 0) return;
  let query = trx.selectFrom("Scene").select(placeColumns).where("bookId", "=", bookId);
  query = placedByCaller.length ? query.where((eb) => eb.or([eb("chapterId", "in", moved.map((c) => c.chapterId)), eb("id", "in", placedByCaller)])) : query.where("chapterId", "in", moved.map((c) => c.chapterId));
  const rows = await query.orderBy("position").execute();
  if (rows.length === 0 && placedByCaller.length === 0 && moved.every((c) => !c.scenes?.length)) return;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const kept = new Set<string>(placedByCaller);
  const writes: { chapterId: string; after: string; breaks: BreakLine[]; ids: (string | null)[]; news: Map<string, string> }[] = [];
  for (const c of moved) {
    const breaks = sceneBreakLines(c.after);
    if (c.scenes) {
      if (c.scenes.length !== breaks.length + 1 && c.scenes.length !== 0) throw new AppError("internal", `A scene layout of ${c.scenes.length} for ${breaks.length + 1} stretches.`);
      writes.push({ chapterId: c.chapterId, after: c.after, breaks, ids: c.scenes.map((slot) => slot.id), news: new Map(c.scenes.flatMap((slot) => (slot.isNew ? [[slot.id, slot.isNew.title]] : []))) });
      continue;
    }
    const own = rows.filter((row) => row.chapterId === c.chapterId);
    if (own.length === 0) continue; // a chapter the writer has not split: one stretch, no scenes
    const ids = followScenes(own.map(placedScene), c.before, c.after, breaks);
    for (const id of ids) if (id) kept.add(id);
    writes.push({ chapterId: c.chapterId, after: c.after, breaks, ids, news: new Map() });
  }
  // Rows of these chapters that no layout kept: joined into the scene before them, or deleted with their text.
  const gone = rows.filter((row) => moved.some((c) => c.chapterId === row.chapterId) && !kept.has(row.id)).map((row) => row.id);
  if (gone.length) await trx.deleteFrom("Scene").where("id", "in", gone).execute();
  for (const { chapterId, after, breaks, ids, news } of writes) {
    for (let i = 0; i < ids.length; i++) {
      const anchor = i === 0 ? null : breakAnchorOf(after, breaks[i - 1]!);
      const place = { chapterId, position: i + 1, breakStart: anchor?.start ?? null, breakEnd: anchor?.end ?? null, breakQuote: anchor?.quote ?? null, breakPrefix: anchor?.prefix ?? null, breakSuffix: anchor?.suffix ?? null };
      const id = ids[i] ?? null;
      const row = id === null ? undefined : byId.get(id);
      if (!row) {
        if (id !== null && !news.has(id)) throw new AppError("not_found", "This book has no scene with this id.");
        await trx.insertInto("Scene").values({ id: id ?? newId(), bookId, title: (id !== null && news.get(id)) || "", createdAt: at, updatedAt: at, ...place }).execute();
        continue;
      }
      if (samePlace(row, place)) continue;
      await trx.updateTable("Scene").set({ ...place, ...(row.chapterId !== chapterId ? { updatedAt: at } : {}) }).where("id", "=", row.id).execute();
    }
  }
}

/**
 * Whether a row needs no write. Offsets alone moving (typing anywhere before a break shifts it) are
 * not written: a change that knows the text before reads the breaks from it, and one that does not
 * finds a break by its line and context, the stored offsets only a hint of where to look. So a save
 * writes a scene's row only when its break's surroundings, its place or its chapter changed.
 */
function samePlace(row: PlaceRow, place: Omit<PlaceRow, "id">): boolean {
  return row.chapterId === place.chapterId && row.position === place.position && (row.breakStart === null) === (place.breakStart === null) && row.breakQuote === place.breakQuote && row.breakPrefix === place.breakPrefix && row.breakSuffix === place.breakSuffix;
}
