import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { selectTemplates, visibleTo } from "../analysis/templates";
import { AppError } from "../errors";
import { groupBy } from "../group-by";
import { newId } from "../sql/values";
import { beatPlanOf, readingOrderOf } from "./beat-plan";
import { placeBeats, plannedLength } from "./place";
import type { ApplyBeatPlanInput, BeatPlanDto } from "./schemas";

interface StructureSection {
  id: string;
  probe: string;
  params?: { beats?: { name: string; target: number }[] };
}

/**
 * PUT /api/v1/books/{bookId}/beat-plan — applies a structure template as the book's plan: the beats
 * of its first structure (beat sheet) section, each placed on a chapter by the template's share of
 * the book (placeBeats). It replaces the plan the book had, moves and all: applying is choosing a
 * template, and a book follows one. An unknown template (or another writer's draft) is 404, one
 * without a beat sheet 422, a book without chapters 422; nothing is written on a refusal.
 */
export async function applyBeatPlan(input: { bookId: string } & ApplyBeatPlanInput, principal: Principal): Promise<BeatPlanDto> {
  authorize(principal, "beats.applyTemplate");
  const book = await loadBook(principal, input.bookId, "beats.applyTemplate");
  const template = await selectTemplates()
    .where((eb) => eb.or([eb("AnalysisTemplate.id", "=", input.template), eb("AnalysisTemplate.slug", "=", input.template)]))
    .where(visibleTo(principal))
    .executeTakeFirst();
  if (!template) throw new AppError("not_found", "No template has this id or slug.", { template: input.template });
  const sections = (JSON.parse(template.definition) as { sections?: StructureSection[] }).sections ?? [];
  const section = sections.find((candidate) => candidate.probe === "structure" && (candidate.params?.beats?.length ?? 0) > 0);
  if (!section) {
    throw new AppError("validation_failed", `“${template.name}” has no beat sheet to plan with.`, [{ path: "template", message: "choose a template with a structure (beat sheet) section, such as three-act-structure or save-the-cat" }]);
  }
  const beats = section.params!.beats!;

  return bookTransaction(book.id, async (trx) => {
    const chapters = await readingOrderOf(trx, book, principal);
    if (chapters.length === 0) throw new AppError("validation_failed", "This book has no chapters to place the beats on yet.", [{ path: "bookId", message: "add a chapter first" }]);
    const [chapterPlans, scenePlans] = await Promise.all([
      trx.selectFrom("Plan").select(["chapterId", "targetWords"]).where("bookId", "=", book.id).where("chapterId", "is not", null).execute(),
      trx.selectFrom("Scene").leftJoin("Plan", "Plan.sceneId", "Scene.id").select(["Scene.chapterId", "Plan.targetWords"]).where("Scene.bookId", "=", book.id).execute(),
    ]);
    const chapterTarget = new Map(chapterPlans.map((plan) => [plan.chapterId, plan.targetWords]));
    const sceneTargets = groupBy(scenePlans, (scene) => scene.chapterId, (scene) => scene.targetWords ?? null);
    const placing = chapters.map((chapter) => ({ id: chapter.id, targetWords: plannedLength(chapterTarget.get(chapter.id) ?? null, sceneTargets.get(chapter.id) ?? []) }));
    const { placedBy, chapterIds } = placeBeats(
      placing,
      beats.map((beat) => beat.target),
    );

    const now = new Date();
    await trx.deleteFrom("BeatPlan").where("bookId", "=", book.id).execute();
    const planId = newId();
    await trx
      .insertInto("BeatPlan")
      .values({ id: planId, bookId: book.id, templateId: template.id, templateName: template.name, templateVersion: template.version, sectionId: section.id, placedBy, createdAt: now, updatedAt: now })
      .execute();
    await trx
      .insertInto("BeatPlacement")
      .values(beats.map((beat, index) => ({ id: newId(), beatPlanId: planId, position: index + 1, name: beat.name, target: beat.target, chapterId: chapterIds[index] ?? null, sceneId: null, movedAt: null })))
      .execute();
    return (await beatPlanOf(trx, book, principal))!;
  });
}

