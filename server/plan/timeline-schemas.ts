import { z } from "zod";
import { planCharacterSchema, planStatus } from "./schemas";

/**
 * The timeline (issue 35 item 3, decision 0505): the book's scenes, and its chapters without scenes,
 * in story order beside reading order. Serves REST, tRPC, the OpenAPI document, the page and the CLI.
 */

export const timelineItemSchema = z
  .object({
    kind: z.enum(["chapter", "scene"]).describe("a scene, or a chapter that has no scenes"),
    id: z.string(),
    title: z.string().describe('the writer\'s title; "" for a scene without one, which reads as Scene N (N its scenePosition)'),
    scenePosition: z.int().nullable().describe("a scene's 1-based place in its chapter; null for a chapter"),
    chapterId: z.string(),
    chapterTitle: z.string(),
    partId: z.string().nullable(),
    partTitle: z.string().nullable(),
    readingOrder: z.int().describe("1-based place in reading order among the timeline's items"),
    storyDate: z.string().nullable().describe("YYYY-MM-DD, or `day N` (an invented calendar); null: not placed in time"),
    storyTime: z.string().nullable().describe("HH:MM"),
    lane: z.enum(["date", "day"]).nullable().describe("date: placed by a calendar date; day: by a day of an invented calendar (its own lane: the two do not compare); null: not placed"),
    storyOrder: z.int().nullable().describe("1-based place in story order: the dated items, then the counted days; null: not placed"),
    departs: z
      .enum(["flashback", "flashForward"])
      .nullable()
      .describe("told out of its time: flashback (happens earlier than it is told), flashForward (happens later: a prologue set after the end); null: in step with reading order"),
    synopsis: z.string(),
    status: planStatus.nullable(),
    povId: z.string().nullable(),
  })
  .meta({ id: "TimelineItem" });
export type TimelineItemDto = z.infer<typeof timelineItemSchema>;

export const timelineSchema = z
  .object({
    bookId: z.string(),
    items: z.array(timelineItemSchema).describe("in reading order (chapters in the trash left out)"),
    storyOrder: z.array(z.string()).describe("the placed items' ids in story order: the dated lane, then the counted days"),
    unplaced: z.array(z.string()).describe("the ids of the items without a story date, in reading order"),
    characters: z.array(planCharacterSchema).describe("the POV characters the items name"),
  })
  .meta({ id: "Timeline" });
export type TimelineDto = z.infer<typeof timelineSchema>;
