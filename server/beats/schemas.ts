import { z } from "zod";
import { fieldCheck } from "../errors";

/**
 * A beat plan (issue 35 item 4, decision 0507): a structure template's beats placed on the book's
 * chapters or scenes, read beside where the structure analysis finds each beat in the text. These
 * schemas serve REST, tRPC, the OpenAPI document, the page and the CLI.
 */

const id = z.string().min(1).max(64);

export const PLACED_BY = ["targets", "chapters"] as const;

export const beatParams = z.object({ bookId: id, beatId: id });

export const applyBeatPlanInput = z
  .strictObject({
    template: z
      .string()
      .trim()
      .min(1, "name a template")
      .max(120)
      .describe("the analysis template to apply: its id, or a built-in's slug (three-act-structure, save-the-cat, heros-journey, kishotenketsu, seven-point-structure …); it needs a structure (beat sheet) section"),
  })
  .meta({ id: "ApplyBeatPlan" });
export type ApplyBeatPlanInput = z.infer<typeof applyBeatPlanInput>;

export const moveBeatInput = z
  .strictObject({
    chapterId: id.describe("place the beat on this chapter"),
    sceneId: id.describe("place the beat on this scene (and so on its chapter)"),
  })
  .partial()
  .refine((place) => (place.chapterId === undefined) !== (place.sceneId === undefined), fieldCheck("exactlyOne", "name either chapterId or sceneId"))
  .meta({ id: "MoveBeat" });
export type MoveBeatInput = z.infer<typeof moveBeatInput>;

const chapterPlace = z.object({
  chapterId: z.string(),
  chapterNumber: z.int().describe("1-based place of the chapter in reading order"),
  chapterTitle: z.string(),
});

export const plannedBeatSchema = chapterPlace.extend({
  sceneId: z.string().nullable(),
  sceneTitle: z.string().nullable().describe('the writer\'s title; "" for a scene without one, which reads as Scene N (N its scenePosition); null: planned on the chapter'),
  scenePosition: z.int().nullable().describe("the scene's 1-based place in its chapter"),
});

export const beatSchema = z
  .object({
    id: z.string(),
    position: z.int().describe("1-based place of the beat in the template"),
    name: z.string(),
    target: z.number().describe("where the template says the beat usually falls, in percent of the book"),
    planned: plannedBeatSchema.nullable().describe("where the writer plans it; null: its chapter was deleted (or is in the trash)"),
    moved: z.boolean().describe("false: still where the template placed it"),
    found: chapterPlace
      .nullable()
      .describe("where the newest run of the template's analysis on this book places the beat in the text; null: not run yet, or the chapter it named is gone"),
    chaptersApart: z.int().nullable().describe("found − planned chapter numbers: positive, the text reaches the beat later than planned; 0, on plan"),
  })
  .meta({ id: "Beat" });
export type BeatDto = z.infer<typeof beatSchema>;

export const beatPlanSchema = z
  .object({
    bookId: z.string(),
    templateId: z.string(),
    templateName: z.string(),
    templateVersion: z.int(),
    sectionId: z.string().describe("the template's structure section whose beats these are"),
    placedBy: z.enum(PLACED_BY).describe("how the beats were first placed: by the chapters' planned target words when every chapter has one, else by chapter order"),
    analysis: z
      .object({ id: z.string(), finishedAt: z.iso.datetime().nullable() })
      .nullable()
      .describe("the analysis the found places come from: the newest successful run of the template on this book; null: none yet"),
    beats: z.array(beatSchema),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "BeatPlan" });
export type BeatPlanDto = z.infer<typeof beatPlanSchema>;
