import type { Kysely, Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import type { LoadedBook } from "../books/access";
import { can } from "../books/policy";
import { withSeries, visibleEntries } from "../bible/entries";
import type { DB } from "../generated/kysely/database";
import { contentsOf } from "../parts/contents";
import { scenesOf } from "../scenes/scenes";
import { filterOutline } from "./outline-filter";
import { plansOf } from "./plans";
import { toLabelDto, toPlotlineDto } from "./named";
import { EMPTY_PLAN, type OutlineDto, type OutlineFilters, type PlanDto, type PlanItemDto } from "./schemas";
import { groupBy } from "../group-by";

type Reader = Kysely<DB> | Transaction<DB>;

/**
 * The book's plan in reading order: each part, then its chapters, each chapter followed by its
 * scenes; chapters outside parts where they stand. What the caller may read of the book is what
 * they read of the plan (a beta reader: the released chapters, the parts holding one, their
 * scenes), since the contents decide it (server/parts/contents.ts). Filters keep the items whose
 * own plan matches every one given, with the part and chapter above each (`matches: false`) so
 * that a matching scene is still seen where it stands.
 */
export async function outlineOf(db: Reader, book: LoadedBook, principal: Principal, filters: OutlineFilters = {}): Promise<OutlineDto> {
  const [contents, plans, plotlines, labels, scenes] = await Promise.all([
    contentsOf(db, book, principal),
    plansOf(db, book.id),
    db.selectFrom("Plotline").selectAll().where("bookId", "=", book.id).orderBy("position").orderBy("createdAt").execute(),
    db.selectFrom("Label").selectAll().where("bookId", "=", book.id).orderBy("name").execute(),
    // The scenes the caller may read, each with its words counted from the text (decision 0499).
    scenesOf(book, principal, {}, db),
  ]);
  const scenesByChapter = groupBy(scenes, (scene) => scene.chapterId);

  const planOf = (key: string): PlanDto => plans.get(key) ?? EMPTY_PLAN;
  const items: PlanItemDto[] = [];
  const addChapter = (chapter: { id: string; title: string; wordCount: number }, partId: string | null) => {
    items.push({ kind: "chapter", id: chapter.id, title: chapter.title, scenePosition: null, partId, chapterId: chapter.id, wordCount: chapter.wordCount, matches: true, plan: planOf(`chapter:${chapter.id}`) });
    for (const scene of scenesByChapter.get(chapter.id) ?? []) {
      // The writer's title as kept ("" untitled): each page and document names an untitled scene in its own language by its place.
      items.push({ kind: "scene", id: scene.id, title: scene.title, scenePosition: scene.position, partId, chapterId: chapter.id, wordCount: scene.wordCount, matches: true, plan: planOf(`scene:${scene.id}`) });
    }
  };
  for (const entry of contents.entries) {
    if (entry.type === "chapter") addChapter(entry.chapter, null);
    else {
      items.push({ kind: "part", id: entry.part.id, title: entry.part.title, scenePosition: null, partId: entry.part.id, chapterId: null, wordCount: entry.part.wordCount, matches: true, plan: planOf(`part:${entry.part.id}`) });
      for (const chapter of entry.chapters) addChapter(chapter, entry.part.id);
    }
  }

  const named = new Set(items.flatMap((item) => [item.plan.povId, ...item.plan.characterIds]).filter((id): id is string => id !== null));
  const characters = await charactersFor(db, book, principal, named);
  return { bookId: book.id, items: filterOutline(items, filters), plotlines: plotlines.map(toPlotlineDto), labels: labels.map(toLabelDto), characters };
}

/**
 * The characters the outline names by id. Those who read the draft (every role that plans) get the
 * whole cast of the book and its series, to choose from; a beta reader, who does not read the
 * bible, gets only the names the plan they see uses.
 */
async function charactersFor(db: Reader, book: LoadedBook, principal: Principal, named: Set<string>): Promise<{ id: string; name: string }[]> {
  const cast = visibleEntries(db, await withSeries(book)).select(["id", "name"]).orderBy("name");
  if (can(principal, "readDraft", book)) return cast.where("kind", "=", "character").execute();
  if (named.size === 0) return [];
  return cast.where("id", "in", [...named]).execute();
}
