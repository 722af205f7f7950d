import { z } from "zod";
import { chapterSummarySchema } from "../chapters/schemas";
import { storedText } from "../text/stored-text";

export const partTitle = storedText().trim().min(1, "a part needs a title").max(200, "a part's title can be at most 200 characters");
const id = z.string().min(1).max(64);
export const orderVersion = z.int().min(1).describe("the book's order version the change was made against (from GET …/contents); a stale one is 409");

export const partParams = z.object({ bookId: id, partId: id });

export const createPartInput = z.strictObject({ title: partTitle }).meta({ id: "CreatePart" });
export const updatePartInput = z.strictObject({ title: partTitle }).meta({ id: "UpdatePart" });

export const partSchema = z
  .object({
    id: z.string(),
    bookId: z.string(),
    title: z.string(),
    position: z.int().describe("1-based place among the book's parts"),
    chapterCount: z.int().describe("its chapters the caller may read"),
    wordCount: z.int().describe("the words of those chapters"),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Part" });
export type PartDto = z.infer<typeof partSchema>;

const chapterEntry = z.object({ type: z.literal("chapter"), chapter: chapterSummarySchema });
const partEntry = z.object({ type: z.literal("part"), part: partSchema, chapters: z.array(chapterSummarySchema) });
export const contentsSchema = z
  .object({
    orderVersion: z.int().describe("name it in a reorder (PUT …/contents or …/chapter-order) so that a change made since is not overwritten"),
    entries: z.array(z.discriminatedUnion("type", [chapterEntry, partEntry])).describe("the reading order: chapters outside any part, and parts with their chapters"),
  })
  .meta({ id: "Contents" });
export type ContentsDto = z.infer<typeof contentsSchema>;

export const reorderContentsInput = z
  .strictObject({
    orderVersion,
    entries: z
      .array(z.union([z.strictObject({ chapterId: id }), z.strictObject({ partId: id, chapterIds: z.array(id) })]))
      .max(20_000)
      .describe("every chapter of the book once and every part once, in the new order: a chapter outside any part as {chapterId}, a part as {partId, chapterIds}"),
  })
  .meta({ id: "ContentsOrder" });
