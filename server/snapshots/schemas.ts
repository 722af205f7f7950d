import { z } from "zod";
import { fieldCheck } from "../errors";
import { bookIdParams } from "../books/schemas";
import { storedText } from "../text/stored-text";

/**
 * Named snapshots of a book (issue 36 item 4, decision 0489): the schemas every transport, the
 * page and the CLI share.
 */
const ID = z.string().min(1).max(64);

export const SNAPSHOT_NAME_MAX = 100;
export const SNAPSHOT_NOTE_MAX = 2_000;
/** A book keeps at most this many snapshots: its list is one unpaged answer, and each holds every chapter's row. */
export const MAX_SNAPSHOTS_PER_BOOK = 200;

export const snapshotParams = bookIdParams.extend({ snapshotId: ID });
export const snapshotChapterParams = snapshotParams.extend({ chapterId: ID });

export const snapshotName = storedText()
  .trim()
  .min(1, "a snapshot needs a name")
  .max(SNAPSHOT_NAME_MAX, `a snapshot's name can be at most ${SNAPSHOT_NAME_MAX} characters`)
  .refine((text) => !/[\n\r\t]/.test(text), fieldCheck("oneLine", "a snapshot's name is one line (no line breaks or tabs)"))
  .describe('e.g. "Draft 2 for beta"; trimmed, unique in the book (letter case aside)');

export const createSnapshotInput = z
  .strictObject({
    name: snapshotName,
    note: storedText().trim().max(SNAPSHOT_NOTE_MAX, `a note can be at most ${SNAPSHOT_NOTE_MAX} characters`).default("").describe("what this draft is, for whom"),
    partId: ID.optional().describe("freeze one part (卷) of the book: only its chapters; left out, the whole book"),
  })
  .meta({ id: "CreateSnapshot" });

const authorSchema = z
  .object({ userId: z.string(), name: z.string().nullable().describe("their name as their account gives it now; null when the account has none or is gone") })
  .nullable()
  .describe("who made it");

export const snapshotSummarySchema = z
  .object({
    id: z.string(),
    bookId: z.string(),
    name: z.string(),
    note: z.string(),
    createdAt: z.iso.datetime(),
    author: authorSchema,
    chapterCount: z.int().describe("chapters it holds (never those in the trash when it was made)"),
    wordCount: z.int().describe("their words, counted when it was made"),
    part: z
      .object({ id: z.string(), title: z.string().describe("its title then") })
      .nullable()
      .describe("the part (卷) it froze, compared with that part's chapters today; null: the whole book"),
  })
  .meta({ id: "SnapshotSummary" });
export type SnapshotSummaryDto = z.infer<typeof snapshotSummarySchema>;
export const snapshotsSchema = z.array(snapshotSummarySchema);

export const snapshotChapterSummarySchema = z
  .object({
    chapterId: z.string(),
    title: z.string().describe("its title then"),
    position: z.int().describe("1-based place in the book then"),
    version: z.int().describe("the chapter's version it holds (its revision)"),
    wordCount: z.int(),
  })
  .meta({ id: "SnapshotChapterSummary" });
export type SnapshotChapterSummaryDto = z.infer<typeof snapshotChapterSummarySchema>;

export const snapshotSchema = snapshotSummarySchema
  .extend({ chapters: z.array(snapshotChapterSummarySchema).describe("in their order then") })
  .meta({ id: "Snapshot" });
export type SnapshotDto = z.infer<typeof snapshotSchema>;

export const snapshotChapterSchema = snapshotChapterSummarySchema
  .extend({ snapshotId: z.string(), content: z.string().describe("its Markdown text then") })
  .meta({ id: "SnapshotChapter" });
export type SnapshotChapterDto = z.infer<typeof snapshotChapterSchema>;

/** What a snapshot is compared with: "today" (the book as it stands) or another snapshot's id. */
export const compareQuery = z.strictObject({
  with: ID.default("today").describe('"today" (the book as it stands, the default) or another snapshot\'s id'),
  chapter: ID.optional().describe("a chapter's id: its text diff comes with the answer"),
});

const sideSchema = z.object({ title: z.string(), position: z.int(), wordCount: z.int() }).nullable();

export const CHAPTER_CHANGES = ["added", "removed", "changed", "unchanged"] as const;

export const chapterComparisonSchema = z
  .object({
    chapterId: z.string(),
    status: z.enum(CHAPTER_CHANGES).describe("added: only in the newer side; removed: only in the snapshot; changed: its title or text differ; unchanged"),
    from: sideSchema.describe("the chapter in the snapshot compared; null: added since"),
    to: sideSchema.describe("the chapter in the other side; null: removed"),
    inTrashToday: z.boolean().describe("the chapter is in the book's trash now (a restore must take it out first)"),
  })
  .meta({ id: "ChapterComparison" });
export type ChapterComparisonDto = z.infer<typeof chapterComparisonSchema>;

export const diffPartSchema = z.object({ kind: z.enum(["same", "added", "removed"]), text: z.string() }).meta({ id: "DiffPart" });
export type DiffPart = z.infer<typeof diffPartSchema>;

export const chapterDiffSchema = z
  .object({
    chapterId: z.string(),
    parts: z.array(diffPartSchema).describe("the older text to the newer, in order: lines first, then words within a paragraph that mostly stayed"),
    approximate: z.boolean().describe("the texts differ too much to match within the time allowed: whole stretches are shown removed and added"),
  })
  .meta({ id: "ChapterDiff" });
export type ChapterDiffDto = z.infer<typeof chapterDiffSchema>;

const comparedSideSchema = z.object({
  snapshotId: z.string().nullable().describe("null: today"),
  name: z.string(),
  createdAt: z.iso.datetime().nullable(),
});

export const comparisonSchema = z
  .object({
    from: comparedSideSchema,
    to: comparedSideSchema,
    chapters: z.array(chapterComparisonSchema).describe("in the newer side's order, then the removed ones in the snapshot's"),
    totals: z.object({ added: z.int(), removed: z.int(), changed: z.int(), unchanged: z.int(), fromWords: z.int(), toWords: z.int() }),
    diff: chapterDiffSchema.nullable().describe("the text diff of the chapter asked for with `chapter`; null when none was asked for"),
  })
  .meta({ id: "SnapshotComparison" });
export type ComparisonDto = z.infer<typeof comparisonSchema>;

export const restoreFromSnapshotInput = z
  .strictObject({ version: z.int().min(1).optional().describe("the chapter's version the restore was decided against: 409 if it was saved since") })
  .meta({ id: "SnapshotRestoration" });
