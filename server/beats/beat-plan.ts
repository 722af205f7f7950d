import type { Kysely, Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import type { LoadedBook } from "../books/access";
import { analysisReportSchema } from "../analysis/engine/report";
import type { DB } from "../generated/kysely/database";
import { contentsOf } from "../parts/contents";
import type { BeatPlanDto } from "./schemas";

type Reader = Kysely<DB> | Transaction<DB>;

/** The book's chapters in reading order (out of the trash), numbered from 1. */
export async function readingOrderOf(db: Reader, book: LoadedBook, principal: Principal): Promise<{ id: string; title: string; number: number }[]> {
  const contents = await contentsOf(db, book, principal);
  const chapters = contents.entries.flatMap((entry) => (entry.type === "chapter" ? [entry.chapter] : entry.chapters));
  return chapters.map((chapter, index) => ({ id: chapter.id, title: chapter.title, number: index + 1 }));
}

/**
 * The book's beat plan with, for each beat, where the writer plans it and where the newest
 * successful run of the same template on the book places it in the text (its structure section's
 * beat map), both as chapters of today's reading order. null: the book has no beat plan.
 */
export async function beatPlanOf(db: Reader, book: LoadedBook, principal: Principal): Promise<BeatPlanDto | null> {
  const plan = await db.selectFrom("BeatPlan").selectAll().where("bookId", "=", book.id).executeTakeFirst();
  if (!plan) return null;
  const [placements, chapters, analysis] = await Promise.all([
    db
      .selectFrom("BeatPlacement")
      .leftJoin("Scene", "Scene.id", "BeatPlacement.sceneId")
      .select(["BeatPlacement.id", "BeatPlacement.position", "BeatPlacement.name", "BeatPlacement.target", "BeatPlacement.chapterId", "BeatPlacement.sceneId", "BeatPlacement.movedAt"])
      .select(["Scene.chapterId as sceneChapterId", "Scene.title as sceneTitle", "Scene.position as scenePosition"])
      .where("BeatPlacement.beatPlanId", "=", plan.id)
      .orderBy("BeatPlacement.position")
      .execute(),
    readingOrderOf(db, book, principal),
    db
      .selectFrom("AnalysisResult")
      .select(["id", "report", "finishedAt"])
      .where("bookId", "=", book.id)
      .where("templateId", "=", plan.templateId)
      .where("status", "=", "succeeded")
      .orderBy("finishedAt", "desc")
      .orderBy("createdAt", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const chapterById = new Map(chapters.map((chapter) => [chapter.id, chapter]));
  const found = foundChapters(analysis?.report ?? null, plan.sectionId);

  const beats = placements.map((placement, index) => {
    // A scene moved to another chapter takes its beat with it: the scene's chapter is the place.
    const chapter = chapterById.get(placement.sceneChapterId ?? placement.chapterId ?? "");
    const scene = placement.sceneId !== null && placement.sceneChapterId !== null ? { id: placement.sceneId, title: placement.sceneTitle ?? "", position: placement.scenePosition ?? 1 } : null;
    const planned = chapter
      ? { chapterId: chapter.id, chapterNumber: chapter.number, chapterTitle: chapter.title, sceneId: scene?.id ?? null, sceneTitle: scene?.title ?? null, scenePosition: scene?.position ?? null }
      : null;
    const foundId = found?.[index]?.name === placement.name ? found[index]!.chapterId : found?.find((beat) => beat.name === placement.name)?.chapterId;
    const foundChapter = foundId ? chapterById.get(foundId) : undefined;
    return {
      id: placement.id,
      position: placement.position,
      name: placement.name,
      target: Number(placement.target),
      planned,
      moved: placement.movedAt !== null,
      found: foundChapter ? { chapterId: foundChapter.id, chapterNumber: foundChapter.number, chapterTitle: foundChapter.title } : null,
      chaptersApart: planned && foundChapter ? foundChapter.number - planned.chapterNumber : null,
    };
  });
  return {
    bookId: book.id,
    templateId: plan.templateId,
    templateName: plan.templateName,
    templateVersion: plan.templateVersion,
    sectionId: plan.sectionId,
    placedBy: plan.placedBy === "targets" ? "targets" : "chapters",
    analysis: analysis ? { id: analysis.id, finishedAt: analysis.finishedAt ? new Date(analysis.finishedAt).toISOString() : null } : null,
    beats,
    createdAt: new Date(plan.createdAt).toISOString(),
    updatedAt: new Date(plan.updatedAt).toISOString(),
  };
}

/** The beats of a stored report's structure section, in the template's order; null when it has none. */
function foundChapters(report: string | null, sectionId: string): { name: string; chapterId: string | null }[] | null {
  if (report === null) return null;
  const parsed = analysisReportSchema.safeParse(JSON.parse(report));
  if (!parsed.success) return null;
  const chart = parsed.data.sections.find((section) => section.id === sectionId)?.chart;
  return chart?.type === "beats" ? chart.beats : null;
}
