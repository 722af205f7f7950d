import { chapterInTrash } from "../chapters/load-chapter";
import { sql } from "../db";
import { AppError } from "../errors";
import { bodyOf, breakMarkOf, joinScenes, sceneSpans } from "../scenes/places";

/**
 * What a compile prints of a book when the writer chooses (issue 35 item 5, decision 0508): whole
 * parts, whole chapters and single scenes, by id. The union of the three is printed in the book's
 * reading order, whatever order they were named in: a chapter named, or standing in a part named,
 * is printed whole; of a chapter otherwise only its scenes named are printed.
 */
export interface CompileChoice {
  parts?: readonly string[];
  chapters?: readonly string[];
  scenes?: readonly string[];
}

/** The checked choice: the chapters printed, and for those printed in part, the 0-based stretches (scenes) kept. */
export interface CompileSelection {
  chapterIds: string[];
  /** chapter id → the places (0-based, in the chapter's scene order) of the scenes printed; absent: the whole chapter */
  scenesIn: Map<string, Set<number>>;
}

/** True when the caller chose anything at all (an empty choice is the whole book). */
export function choosesPart(choice: CompileChoice): boolean {
  return Boolean(choice.parts?.length || choice.chapters?.length || choice.scenes?.length);
}

/**
 * Checks every id named against the book and resolves the choice to chapters and scenes. Another
 * book's id (or none) is 422 naming the attribute, since it is a query or body attribute and not the
 * path; a chapter in the trash, or a scene of one, is 404 `chapter_in_trash` saying how to restore
 * it, as every write naming a trashed chapter answers (decision 0501). A choice that holds no text
 * (parts with no chapters) is 422: an export of nothing.
 */
export async function resolveCompileChoice(bookId: string, choice: CompileChoice): Promise<CompileSelection> {
  const parts = unique(choice.parts);
  const chapters = unique(choice.chapters);
  const scenes = unique(choice.scenes);
  const [partRows, chapterRows, sceneRows] = await Promise.all([
    parts.length === 0 ? [] : sql.selectFrom("Part").select("id").where("bookId", "=", bookId).where("id", "in", parts).execute(),
    chapters.length === 0 ? [] : sql.selectFrom("Chapter").select(["id", "deletedAt"]).where("bookId", "=", bookId).where("id", "in", chapters).execute(),
    scenes.length === 0
      ? []
      : sql
          .selectFrom("Scene")
          .innerJoin("Chapter", "Chapter.id", "Scene.chapterId")
          .select(["Scene.id", "Scene.chapterId", "Scene.position", "Chapter.deletedAt"])
          .where("Scene.bookId", "=", bookId)
          .where("Scene.id", "in", scenes)
          .execute(),
  ]);
  refuseUnknown("parts", "part", parts, new Set(partRows.map((row) => row.id)));
  refuseUnknown("chapters", "chapter", chapters, new Set(chapterRows.map((row) => row.id)));
  refuseUnknown("scenes", "scene", scenes, new Set(sceneRows.map((row) => row.id)));
  const trashed = chapterRows.find((row) => row.deletedAt !== null)?.id ?? sceneRows.find((row) => row.deletedAt !== null)?.chapterId;
  if (trashed) throw chapterInTrash({ bookId, chapterId: trashed }, "A chapter named (or a scene's chapter) is in the book's trash: restore it, or leave it out of the export.");

  const whole = new Set(chapters);
  if (parts.length > 0) {
    const inParts = await sql.selectFrom("Chapter").select("id").where("bookId", "=", bookId).where("deletedAt", "is", null).where("partId", "in", parts).execute();
    for (const row of inParts) whole.add(row.id);
  }
  const scenesIn = new Map<string, Set<number>>();
  for (const scene of sceneRows) {
    if (whole.has(scene.chapterId)) continue;
    const kept = scenesIn.get(scene.chapterId) ?? new Set<number>();
    kept.add(scene.position - 1);
    scenesIn.set(scene.chapterId, kept);
  }
  const chapterIds = [...whole, ...scenesIn.keys()];
  if (chapterIds.length === 0) {
    throw new AppError("validation_failed", "The parts named hold no chapters: there is nothing to export. Name parts with chapters, or chapters or scenes.", [
      { path: "parts", message: "these parts hold no chapters out of the trash" },
    ]);
  }
  return { chapterIds, scenesIn };
}

/** A chapter's text with only the scenes kept, in its order, joined by the chapter's own break mark. */
export function keptScenesText(content: string, kept: ReadonlySet<number>): string {
  const spans = sceneSpans(content);
  const bodies = spans.flatMap((span, i) => (kept.has(i) ? [bodyOf(content, span)] : []));
  return joinScenes(bodies, breakMarkOf(content), false);
}

function unique(ids: readonly string[] | undefined): string[] {
  return [...new Set(ids ?? [])];
}

function refuseUnknown(path: string, noun: string, named: readonly string[], known: ReadonlySet<string>): void {
  const unknown = named.filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  const shown = `${unknown.slice(0, 5).join(", ")}${unknown.length > 5 ? " …" : ""}`;
  throw new AppError("validation_failed", `${unknown.length === 1 ? `A ${noun} named is` : `${unknown.length} ${noun}s named are`} not in this book: ${shown}.`, [
    { path, message: `not ${noun}s of this book: ${unknown.slice(0, 20).join(", ")}` },
  ]);
}
