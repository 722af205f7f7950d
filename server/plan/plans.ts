import type { Kysely, Transaction } from "kysely";
import type { DB } from "../generated/kysely/database";
import { EMPTY_PLAN, formatStoryDate, type PlanDto, type PlanStatus } from "./schemas";
import { groupBy } from "../group-by";

type Reader = Kysely<DB> | Transaction<DB>;

/** The columns a plan is read with. */
export const planColumns = ["id", "partId", "chapterId", "sceneId", "synopsis", "status", "povId", "targetWords", "storyDate", "storyDay", "storyTime", "updatedAt"] as const;

export interface PlanRow {
  id: string;
  partId: string | null;
  chapterId: string | null;
  sceneId: string | null;
  synopsis: string;
  status: string | null;
  povId: string | null;
  targetWords: number | null;
  storyDate: string | null;
  storyDay: number | null;
  storyTime: string | null;
  updatedAt: Date;
}

/** Plans by the item they belong to: `part:<id>`, `chapter:<id>`, `scene:<id>`. */
export type PlansByItem = Map<string, PlanDto>;

export function itemKey(row: { partId: string | null; chapterId: string | null; sceneId: string | null }): string {
  if (row.partId) return `part:${row.partId}`;
  if (row.chapterId) return `chapter:${row.chapterId}`;
  return `scene:${row.sceneId}`;
}

/**
 * Every plan of a book with its characters, labels and plotlines: four queries whatever the
 * book's size (a 600-scene outline is read in one go, not an item at a time). `only` narrows it to
 * one plan (after a change).
 */
export async function plansOf(db: Reader, bookId: string, only?: string): Promise<PlansByItem> {
  let plans = db.selectFrom("Plan").select(planColumns).where("bookId", "=", bookId);
  if (only) plans = plans.where("id", "=", only);
  const [rows, characters, labels, plotlines] = await Promise.all([
    plans.execute(),
    db
      .selectFrom("PlanCharacter")
      .innerJoin("Plan", "Plan.id", "PlanCharacter.planId")
      .innerJoin("BibleEntry", "BibleEntry.id", "PlanCharacter.entryId")
      .select(["PlanCharacter.planId", "PlanCharacter.entryId as linkId"])
      .where("Plan.bookId", "=", bookId)
      .$if(only !== undefined, (q) => q.where("Plan.id", "=", only!))
      .orderBy("BibleEntry.name")
      .execute(),
    db
      .selectFrom("PlanLabel")
      .innerJoin("Plan", "Plan.id", "PlanLabel.planId")
      .innerJoin("Label", "Label.id", "PlanLabel.labelId")
      .select(["PlanLabel.planId", "PlanLabel.labelId as linkId"])
      .where("Plan.bookId", "=", bookId)
      .$if(only !== undefined, (q) => q.where("Plan.id", "=", only!))
      .orderBy("Label.name")
      .execute(),
    db
      .selectFrom("PlanPlotline")
      .innerJoin("Plan", "Plan.id", "PlanPlotline.planId")
      .innerJoin("Plotline", "Plotline.id", "PlanPlotline.plotlineId")
      .select(["PlanPlotline.planId", "PlanPlotline.plotlineId as linkId"])
      .where("Plan.bookId", "=", bookId)
      .$if(only !== undefined, (q) => q.where("Plan.id", "=", only!))
      .orderBy("Plotline.position")
      .execute(),
  ]);
  const grouped = (list: { planId: string; linkId: string }[]) => groupBy(list, (link) => link.planId, (link) => link.linkId);
  const [characterIds, labelIds, plotlineIds] = [grouped(characters), grouped(labels), grouped(plotlines)];
  return new Map(
    rows.map((row) => [
      itemKey(row),
      {
        ...toPlanDto(row as PlanRow),
        characterIds: characterIds.get(row.id) ?? [],
        labelIds: labelIds.get(row.id) ?? [],
        plotlineIds: plotlineIds.get(row.id) ?? [],
      },
    ]),
  );
}

export function toPlanDto(row: PlanRow): PlanDto {
  return {
    ...EMPTY_PLAN,
    synopsis: row.synopsis,
    status: row.status as PlanStatus | null,
    povId: row.povId,
    targetWords: row.targetWords,
    storyDate: formatStoryDate(row),
    storyTime: row.storyTime,
    updatedAt: row.updatedAt.toISOString(),
  };
}
