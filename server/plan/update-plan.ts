import type { Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook, type LoadedBook } from "../books/access";
import { visibleEntries, withSeries } from "../bible/entries";
import { chapterInTrash } from "../chapters/load-chapter";
import { AppError, refusedField } from "../errors";
import type { DB } from "../generated/kysely/database";
import { scenesOf } from "../scenes/scenes";
import { newId } from "../sql/values";
import { planColumns, plansOf, type PlanRow } from "./plans";
import { EMPTY_PLAN, parseStoryDate, parseStoryTime, type PlanKind, type UpdatePlanInput, type UpdatedPlanDto } from "./schemas";

type Item = Omit<UpdatedPlanDto, "plan">;

/**
 * PATCH /api/v1/books/{bookId}/plan/{kind}/{itemId} — change some fields of one part's, chapter's
 * or scene's plan; fields not named stay, lists named replace the old list. Everything it names is
 * checked first and nothing is written on a refusal: an item of another book is 404, a chapter in
 * the trash (or a scene of one) 404 chapter_in_trash, a POV or character that is not a character of
 * the book's (or its series') bible 422, another book's label or plotline 422, a time without a date 422.
 */
export async function updatePlan(input: { bookId: string; kind: PlanKind; itemId: string; changes: UpdatePlanInput }, principal: Principal): Promise<UpdatedPlanDto> {
  authorize(principal, "plan.update");
  const book = await loadBook(principal, input.bookId, "plan.update");
  const { changes } = input;
  // Read before the transaction: on SQLite a read outside it would wait for it to end.
  const bibleBook = await withSeries(book);
  return bookTransaction(book.id, async (trx) => {
    const item = await itemOf(trx, book, principal, input.kind, input.itemId);
    await checkLinks(trx, bibleBook, changes);
    const column = ({ parts: "partId", chapters: "chapterId", scenes: "sceneId" } as const)[input.kind];
    const stored = (await trx.selectFrom("Plan").select(planColumns).where(column, "=", input.itemId).executeTakeFirst()) as PlanRow | undefined;

    const date = changes.storyDate === undefined ? undefined : changes.storyDate === null ? { date: null, day: null } : parseStoryDate(changes.storyDate)!;
    const next = {
      synopsis: changes.synopsis ?? stored?.synopsis ?? "",
      status: changes.status !== undefined ? changes.status : (stored?.status ?? null),
      povId: changes.povId !== undefined ? changes.povId : (stored?.povId ?? null),
      targetWords: changes.targetWords !== undefined ? changes.targetWords : (stored?.targetWords ?? null),
      storyDate: date ? date.date : (stored?.storyDate ?? null),
      storyDay: date ? date.day : (stored?.storyDay ?? null),
      // Clearing the date clears its time, unless the same change gives one (which is then refused below).
      storyTime: changes.storyTime !== undefined ? (changes.storyTime === null ? null : parseStoryTime(changes.storyTime)) : changes.storyDate === null ? null : (stored?.storyTime ?? null),
    };
    if (next.storyTime !== null && next.storyDate === null && next.storyDay === null) {
      throw new AppError("validation_failed", "A story time needs a story date or day.", [refusedField("storyTime", "storyTimeWithoutDate", "give a storyDate (YYYY-MM-DD or day N) with the time")]);
    }

    const now = new Date();
    let planId = stored?.id;
    if (planId) await trx.updateTable("Plan").set({ ...next, updatedAt: now }).where("id", "=", planId).execute();
    else {
      planId = newId();
      await trx
        .insertInto("Plan")
        .values({ id: planId, bookId: book.id, partId: null, chapterId: null, sceneId: null, [column]: input.itemId, ...next, createdAt: now, updatedAt: now })
        .execute();
    }
    if (changes.characterIds) await replaceLinks(trx, "PlanCharacter", "entryId", planId, changes.characterIds);
    if (changes.labelIds) await replaceLinks(trx, "PlanLabel", "labelId", planId, changes.labelIds);
    if (changes.plotlineIds) await replaceLinks(trx, "PlanPlotline", "plotlineId", planId, changes.plotlineIds);
    const [plan] = (await plansOf(trx, book.id, planId)).values();
    return { ...item, plan: plan ?? EMPTY_PLAN };
  });
}

async function replaceLinks(trx: Transaction<DB>, table: "PlanCharacter" | "PlanLabel" | "PlanPlotline", column: "entryId" | "labelId" | "plotlineId", planId: string, ids: string[]) {
  await trx.deleteFrom(table).where("planId", "=", planId).execute();
  if (ids.length > 0) await trx.insertInto(table).values(ids.map((id) => ({ planId, [column]: id }) as never)).execute();
}

/** The part, chapter or scene the plan belongs to, as the outline lists it; 404 when the book has none such. */
async function itemOf(trx: Transaction<DB>, book: LoadedBook, principal: Principal, kind: PlanKind, itemId: string): Promise<Item> {
  if (kind === "parts") {
    const part = await trx.selectFrom("Part").select(["id", "title"]).where("id", "=", itemId).where("bookId", "=", book.id).executeTakeFirst();
    if (!part) throw new AppError("not_found", "This book has no part with this id.");
    const chapters = await trx.selectFrom("Chapter").select((eb) => eb.fn.coalesce(eb.fn.sum<number>("wordCount"), eb.lit(0)).as("words")).where("partId", "=", part.id).where("deletedAt", "is", null).executeTakeFirst();
    return { kind: "part", id: part.id, title: part.title, scenePosition: null, partId: part.id, chapterId: null, wordCount: Number(chapters?.words ?? 0) };
  }
  if (kind === "chapters") {
    const chapter = await trx.selectFrom("Chapter").select(["id", "title", "partId", "wordCount", "deletedAt"]).where("id", "=", itemId).where("bookId", "=", book.id).executeTakeFirst();
    if (!chapter) throw new AppError("not_found", "This book has no chapter with this id.");
    if (chapter.deletedAt) throw chapterInTrash({ bookId: book.id, chapterId: chapter.id }, "This chapter is in the book's trash; restore it to plan it.");
    return { kind: "chapter", id: chapter.id, title: chapter.title, scenePosition: null, partId: chapter.partId, chapterId: chapter.id, wordCount: chapter.wordCount };
  }
  const scene = await trx
    .selectFrom("Scene")
    .innerJoin("Chapter", "Chapter.id", "Scene.chapterId")
    .select(["Scene.id", "Scene.title", "Scene.position", "Scene.chapterId", "Chapter.partId", "Chapter.deletedAt"])
    .where("Scene.id", "=", itemId)
    .where("Scene.bookId", "=", book.id)
    .executeTakeFirst();
  if (!scene) throw new AppError("not_found", "This book has no scene with this id.");
  if (scene.deletedAt) throw chapterInTrash({ bookId: book.id, chapterId: scene.chapterId }, "This scene's chapter is in the book's trash; restore it to plan the scene.");
  const [counted] = await scenesOf(book, principal, { sceneId: scene.id }, trx);
  return { kind: "scene", id: scene.id, title: scene.title, scenePosition: scene.position, partId: scene.partId, chapterId: scene.chapterId, wordCount: counted?.wordCount ?? 0 };
}

/** Every id the change names must be the book's: its bible's characters, its labels, its plotlines (422 naming the field). */
async function checkLinks(trx: Transaction<DB>, book: LoadedBook & { seriesId: string | null }, changes: UpdatePlanInput): Promise<void> {
  const problems: { path: string; message: string }[] = [];
  const people = [...(changes.povId ? [changes.povId] : []), ...(changes.characterIds ?? [])];
  if (people.length > 0) {
    const found = await visibleEntries(trx, book).select(["id", "kind"]).where("id", "in", people).execute();
    const characters = new Set(found.filter((entry) => entry.kind === "character").map((entry) => entry.id));
    const others = new Set(found.filter((entry) => entry.kind !== "character").map((entry) => entry.id));
    const why = (id: string) => (others.has(id) ? `${id} is a story-bible entry but not a character (set its kind to character)` : `${id} is not a character of this book's story bible or its series'`);
    if (changes.povId && !characters.has(changes.povId)) problems.push({ path: "povId", message: why(changes.povId) });
    const strangers = (changes.characterIds ?? []).filter((id) => !characters.has(id));
    if (strangers.length > 0) problems.push({ path: "characterIds", message: strangers.slice(0, 5).map(why).join("; ") });
  }
  for (const [path, table, ids] of [
    ["labelIds", "Label", changes.labelIds],
    ["plotlineIds", "Plotline", changes.plotlineIds],
  ] as const) {
    if (!ids || ids.length === 0) continue;
    const found = new Set((await trx.selectFrom(table).select("id").where("bookId", "=", book.id).where("id", "in", ids).execute()).map((row) => row.id));
    const strangers = ids.filter((id) => !found.has(id));
    if (strangers.length > 0) problems.push({ path, message: `not ${table.toLowerCase()}s of this book: ${strangers.slice(0, 5).join(", ")}` });
  }
  if (problems.length > 0) throw new AppError("validation_failed", "The plan names something this book does not have.", problems);
}
