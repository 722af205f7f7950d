import { z } from "zod";
import { plotlineSchema } from "../plan/schemas";
import { storedText } from "../text/stored-text";

/**
 * The plot grid (issue 35 item 3, decision 0506): the book's plotlines (rows) × its chapters
 * (columns, reading order, grouped by part). Each cell holds the scenes of the chapter whose plan
 * carries the plotline, whether the chapter's own plan carries it, and the writer's note. These
 * schemas serve REST, tRPC, the OpenAPI document, the page and the CLI.
 */

const id = z.string().min(1).max(64);

/** A cell note is a few lines on a card, not a chapter: longer is 422. */
export const MAX_CELL_NOTE = 2000;

export const plotCellParams = z.object({ bookId: id, plotlineId: id, chapterId: id });

export const setPlotCellInput = z
  .strictObject({
    note: storedText()
      .max(MAX_CELL_NOTE, `a cell note can be at most ${MAX_CELL_NOTE} characters`)
      .describe("what this plotline does in this chapter; empty (or only spaces) deletes the note"),
  })
  .meta({ id: "SetPlotCell" });
export type SetPlotCellInput = z.infer<typeof setPlotCellInput>;

export const plotCellSchema = z
  .object({
    bookId: z.string(),
    plotlineId: z.string(),
    chapterId: z.string(),
    note: z.string().describe("the writer's note; \"\": none"),
    updatedAt: z.iso.datetime().nullable().describe("when the note was last saved; null: no note"),
  })
  .meta({ id: "PlotCell" });
export type PlotCellDto = z.infer<typeof plotCellSchema>;

export const plotGridSceneSchema = z.object({
  id: z.string(),
  title: z.string().describe('the writer\'s title; "" for a scene without one, which reads as Scene N (N its position)'),
  position: z.int().describe("its 1-based place in its chapter"),
});

export const plotGridCellSchema = z
  .object({
    plotlineId: z.string(),
    chapterId: z.string(),
    chapter: z.boolean().describe("the chapter's own plan carries the plotline"),
    scenes: z.array(plotGridSceneSchema).describe("the chapter's scenes whose plan carries the plotline, in their order"),
    note: z.string(),
    updatedAt: z.iso.datetime().nullable().describe("when the note was last saved; null: no note"),
  })
  .meta({ id: "PlotGridCell" });
export type PlotGridCellDto = z.infer<typeof plotGridCellSchema>;

export const plotGridChapterSchema = z.object({
  id: z.string(),
  title: z.string(),
  number: z.int().describe("1-based place in reading order among the chapters the caller may read"),
  partId: z.string().nullable().describe("the part it stands in; null: none"),
});

export const plotGridSchema = z
  .object({
    bookId: z.string(),
    editable: z.boolean().describe("whether the caller may change the notes (the roles that plan: owner, co-author, editor)"),
    plotlines: z.array(plotlineSchema).describe("the rows, in the plotlines' order"),
    parts: z.array(z.object({ id: z.string(), title: z.string() })).describe("the parts the columns are grouped under, in reading order"),
    chapters: z.array(plotGridChapterSchema).describe("the columns: chapters in reading order (those in the trash left out)"),
    cells: z.array(plotGridCellSchema).describe("only the cells that hold something: a note, the chapter, or a scene"),
  })
  .meta({ id: "PlotGrid" });
export type PlotGridDto = z.infer<typeof plotGridSchema>;
