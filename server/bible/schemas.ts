// The story bible (issue 21): entries, relations, series, mentions and continuity checks. Every
// input and output schema of the bible's use cases, shared by REST, tRPC, the CLI and the pages.
import { z } from "zod";
import { fieldCheck } from "../errors";
import { bookIdParams } from "../books/schemas";
import { defineCollection } from "../collections";
import { storedPictureSchema } from "../pictures/schemas";
import { storedText } from "../text/stored-text";
import { groupedDigits } from "../text/grouped-digits";

/** What a book's bible may hold (docs/api.md states them; a use case past one answers 422 bible_limit). */
export const BIBLE_LIMITS = {
  /** entries a book sees: its own and its series' together */
  entriesPerBook: 2_000,
  aliasesPerEntry: 30,
  fieldsPerEntry: 40,
  tagsPerEntry: 20,
  /** relations among the entries a book sees */
  relationsPerBook: 5_000,
  seriesPerWriter: 200,
  booksPerSeries: 100,
  /**
   * marks a chapter keeps beside each entry's first: a chapter of 2.6 million `a` with an entry
   * named `a` was 82 MB of marks, read and written on the request thread (issue 30). Counts stay
   * exact; past this a chapter's marks are its earliest.
   */
  marksPerChapter: 10_000,
  /**
   * entries one import may bring: checking a request's 2,000 entries of 30 aliases (62,000
   * strings) blocked the thread that answers everyone for 0.4 s before any of it was read;
   * past this it is refused at once (issue 30, decision 0441). A full bible comes in four.
   */
  entriesPerImport: 500,
  /** a picture's bytes: 2 MiB */
  pictureBytes: 2 * 1024 * 1024,
} as const;

export const BUILT_IN_KINDS = ["character", "place", "object", "group", "lore"] as const;

const ID = z.string().min(1).max(64);
export const entryParams = bookIdParams.extend({ entryId: ID });
export const relationParams = bookIdParams.extend({ relationId: ID });
export const seriesParams = z.object({ seriesId: ID });
export const bookChapterParams = bookIdParams.extend({ chapterId: ID });

/** One line: a name, alias, tag or key never holds a line break or a tab. */
const oneLine = (what: string, max: number) =>
  storedText()
    .trim()
    .min(1, `${what} cannot be empty`)
    .max(max, `${what} can be at most ${max} characters`)
    .refine((text) => !/[\n\r\t]/.test(text), fieldCheck("oneLine", `${what} is one line (no line breaks or tabs)`));

const INVISIBLE_NAMES: Record<number, string> = {
  0x00ad: "SOFT HYPHEN",
  0x200b: "ZERO WIDTH SPACE",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2060: "WORD JOINER",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
  0xfeff: "ZERO WIDTH NO-BREAK SPACE",
};

/**
 * The first invisible character that a name must not hold, or null. A format character (Unicode's
 * Cf: zero-width space, direction overrides …) makes two names that look alike differ, or one
 * that shows as another; the joiners are kept between two visible characters, where Persian,
 * Indic names and emoji need them.
 */
function invisibleCharacter(name: string): { codePoint: string; name: string } | null {
  const at = name.search(INVISIBLE);
  if (at < 0) return null;
  const code = name.codePointAt(at)!;
  const codePoint = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return { codePoint, name: `${codePoint}${INVISIBLE_NAMES[code] ? ` ${INVISIBLE_NAMES[code]}` : ""}` };
}

/**
 * A format character other than the joiners, or a joiner without a visible character (not Cf, not
 * a space) on each side. Each branch looks one character around it: one pass, however long the
 * name (a refused 2 MB one is checked too).
 */
const INVISIBLE = /(?![\u200c\u200d])\p{Cf}|(?<![^\p{Cf}\s])[\u200c\u200d]|[\u200c\u200d](?![^\p{Cf}\s])/u;

export const entryName = oneLine("a name", 100)
  .refine((name) => !/[|｜]/u.test(name), fieldCheck("nameWithBar", "a name cannot hold | (it separates a character's names in analysis parameters)"))
  .superRefine((name, context) => {
    const invisible = invisibleCharacter(name);
    if (invisible) context.addIssue({ code: "custom", ...fieldCheck("invisibleCharacter", `a name must be visible: it holds ${invisible.name}, which a reader cannot see`, { character: invisible.codePoint }) });
  });
export const entryKind = oneLine("a kind", 40).describe(`one of ${BUILT_IN_KINDS.join(", ")}, or a kind the writer names`);
export const entryField = z.strictObject({ key: oneLine("a field's key", 60), value: storedText().max(2_000, "a field's value can be at most 2,000 characters") });

const writableEntry = {
  kind: entryKind,
  name: entryName.describe("the name the entry is found by in the prose, with its aliases"),
  aliases: z
    .array(entryName)
    .max(BIBLE_LIMITS.aliasesPerEntry, `an entry can have at most ${BIBLE_LIMITS.aliasesPerEntry} aliases`)
    .describe("other names it is found by (nicknames, titles, other spellings); a common word or a single Chinese character is allowed but flagged in `warnings`"),
  description: storedText().max(10_000, "a description can be at most 10,000 characters"),
  fields: z
    .array(entryField)
    .max(BIBLE_LIMITS.fieldsPerEntry, `an entry can have at most ${BIBLE_LIMITS.fieldsPerEntry} fields`)
    .refine((fields) => new Set(fields.map((f) => f.key.toLowerCase())).size === fields.length, fieldCheck("sameFieldKey", "two fields have the same key"))
    .describe("free fields in the writer's order, e.g. eye colour, age, rank"),
  tags: z.array(oneLine("a tag", 40)).max(BIBLE_LIMITS.tagsPerEntry, `an entry can have at most ${BIBLE_LIMITS.tagsPerEntry} tags`),
  status: z
    .strictObject({
      note: storedText().trim().max(200, "a status can be at most 200 characters").default("").describe('the status over the story in the writer\'s words, e.g. "dies", "leaves for the capital"'),
      exitChapterId: ID.nullable().default(null).describe("the chapter it leaves the story in: a mention in a later chapter of that book is a continuity finding"),
    })
    .describe("where the entry stands over the story"),
};

export const ENTRY_SCOPES = ["book", "series"] as const;

/** The fields of a new entry, as one import row carries them too. */
export const newEntryFields = z.strictObject({
  kind: writableEntry.kind.default("character"),
  name: writableEntry.name,
  aliases: writableEntry.aliases.default([]),
  description: writableEntry.description.default(""),
  fields: writableEntry.fields.default([]),
  tags: writableEntry.tags.default([]),
  status: writableEntry.status.prefault({}),
});

export const createEntryInput = newEntryFields
  .extend({
    scope: z.enum(ENTRY_SCOPES).default("book").describe('"series": the entry belongs to the book\'s series, and so to each of its books'),
  })
  .meta({ id: "NewBibleEntry" });
export type CreateEntryInput = z.output<typeof createEntryInput>;

export const patchEntryInput = z
  .strictObject({
    kind: writableEntry.kind,
    name: writableEntry.name,
    aliases: writableEntry.aliases,
    description: writableEntry.description,
    fields: writableEntry.fields,
    tags: writableEntry.tags,
    status: writableEntry.status,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, fieldCheck("nothingToChange", "name at least one attribute to change"))
  .meta({ id: "PatchBibleEntry" });
export type EntryChanges = z.output<typeof patchEntryInput>;

export const ENTRY_WRITABLE_ATTRIBUTES = Object.keys(writableEntry);

export const entryWarningSchema = z
  .object({
    name: z.string().describe("the name or alias"),
    code: z.enum(["common_word", "single_character"]).describe("common_word: also a word of ordinary prose; single_character: one Chinese character, found inside every word that holds it"),
    message: z.string(),
  })
  .meta({ id: "BibleEntryWarning" });

export const chapterRefSchema = z.object({ id: z.string(), bookId: z.string(), title: z.string(), position: z.int() }).meta({ id: "BibleChapterRef" });

export const entrySchema = z
  .object({
    id: z.string(),
    scope: z.enum(ENTRY_SCOPES),
    bookId: z.string().nullable().describe("the book the entry belongs to; null for a series' entry"),
    seriesId: z.string().nullable().describe("the series the entry belongs to; null for a book's entry"),
    kind: z.string(),
    name: z.string(),
    aliases: z.array(z.string()),
    description: z.string(),
    fields: z.array(z.object({ key: z.string(), value: z.string() })),
    tags: z.array(z.string()),
    status: z.object({ note: z.string(), exitChapter: chapterRefSchema.nullable() }),
    picture: storedPictureSchema.nullable(),
    warnings: z.array(entryWarningSchema).describe("names and aliases that will over-match (common words, single Chinese characters); allowed"),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "BibleEntry" });
export type EntryDto = z.infer<typeof entrySchema>;

export const entriesCollection = defineCollection({
  sortable: ["name", "kind", "createdAt", "updatedAt"] as const,
  defaultSort: "name",
  defaultOrder: "asc",
  filters: {
    kind: z.string().min(1).max(40),
    tag: z.string().min(1).max(40).describe("entries carrying this tag"),
    scope: z.enum(ENTRY_SCOPES),
  },
});

/** Every name the editor marks and completes: all of a book's entries, compactly. */
export const entryNameSchema = z
  .object({ id: z.string(), scope: z.enum(ENTRY_SCOPES), kind: z.string(), name: z.string(), aliases: z.array(z.string()) })
  .meta({ id: "BibleEntryName" });
export type EntryNameDto = z.infer<typeof entryNameSchema>;
export const entryNamesSchema = z.array(entryNameSchema);

// Relations ---------------------------------------------------------------------------------------

const relationLabel = oneLine("a label", 80).describe('what the first entry is to the second: "sister of", "serves", "lives in"');
export const createRelationInput = z.strictObject({ fromId: ID, toId: ID, label: relationLabel }).meta({ id: "NewBibleRelation" });
export const patchRelationInput = z.strictObject({ label: relationLabel }).meta({ id: "PatchBibleRelation" });

const entryRef = z.object({ id: z.string(), name: z.string(), kind: z.string() });
export const relationSchema = z
  .object({ id: z.string(), fromId: z.string(), toId: z.string(), label: z.string(), from: entryRef, to: entryRef, createdAt: z.iso.datetime() })
  .meta({ id: "BibleRelation" });
export type RelationDto = z.infer<typeof relationSchema>;
export const relationListSchema = z.array(relationSchema);

// Series ------------------------------------------------------------------------------------------

const seriesBookIds = z
  .array(ID)
  .max(BIBLE_LIMITS.booksPerSeries, `a series holds at most ${BIBLE_LIMITS.booksPerSeries} books`)
  .refine((ids) => new Set(ids).size === ids.length, fieldCheck("namedTwice", "a book is named twice"))
  .describe("the series' books in reading order; a book leaves any other series it was in");
const writableSeries = {
  title: storedText().trim().min(1, "a series needs a title").max(200, "a title can be at most 200 characters"),
  description: storedText().max(5_000, "a description can be at most 5,000 characters"),
  bookIds: seriesBookIds,
};
export const createSeriesInput = z
  .strictObject({ title: writableSeries.title, description: writableSeries.description.default(""), bookIds: writableSeries.bookIds.default([]) })
  .meta({ id: "NewSeries" });
export const patchSeriesInput = z
  .strictObject(writableSeries)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, fieldCheck("nothingToChange", "name at least one attribute to change"))
  .meta({ id: "PatchSeries" });
export const SERIES_WRITABLE_ATTRIBUTES = Object.keys(writableSeries);

export const seriesSchema = z
  .object({
    id: z.string(),
    ownerId: z.string(),
    title: z.string(),
    description: z.string(),
    books: z.array(z.object({ id: z.string(), title: z.string(), position: z.int().describe("1-based place in the series") })),
    entryCount: z.int().describe("entries of the series itself (not its books' own)"),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Series" });
export type SeriesDto = z.infer<typeof seriesSchema>;

export const seriesCollection = defineCollection({
  sortable: ["title", "createdAt", "updatedAt"] as const,
  defaultSort: "title",
  defaultOrder: "asc",
  filters: {},
});

// Mentions ----------------------------------------------------------------------------------------

export const MENTIONS_PER_PAGE = { default: 100, max: 500 } as const;

export const mentionsQuery = z.object({
  chapterId: ID.optional().describe("only this chapter's mentions"),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(MENTIONS_PER_PAGE.max).default(MENTIONS_PER_PAGE.default),
});

const place = z.object({ chapterId: z.string(), chapterTitle: z.string(), position: z.int().describe("the chapter's 1-based place"), start: z.int() });
export const mentionSchema = z
  .object({
    chapterId: z.string(),
    chapterTitle: z.string(),
    position: z.int(),
    start: z.int().describe("UTF-16 offset in the chapter's content"),
    end: z.int(),
    text: z.string().describe("the name or alias as written"),
    sentence: z.string().describe("the sentence around it (at most 400 characters)"),
    sentenceStart: z.int().describe("the sentence's offset in the chapter's content"),
  })
  .meta({ id: "BibleMention" });

export const entryMentionsSchema = z
  .object({
    entryId: z.string(),
    total: z.int().describe("mentions in the whole book, all of them"),
    chapters: z.array(z.object({ chapterId: z.string(), title: z.string(), position: z.int(), count: z.int() })).describe("chapters it appears in, in book order"),
    first: place.nullable(),
    last: place.nullable(),
    mentions: z.object({ items: z.array(mentionSchema), total: z.int(), page: z.int(), perPage: z.int() }).describe("every marked mention with its sentence, in book order, paged (`page`, `perPage`); `total` counts the marked ones (see the chapter's `complete`)"),
  })
  .meta({ id: "BibleEntryMentions" });
export type EntryMentionsDto = z.infer<typeof entryMentionsSchema>;

/** The entries present in one chapter, with every span: the editor's side panel and marks. */
export const chapterMentionsSchema = z
  .object({
    chapterId: z.string(),
    version: z.int().describe("the chapter version the spans were found in"),
    complete: z
      .boolean()
      .describe(`false when the chapter has more mentions than it marks: every entry keeps its first, and the chapter its earliest ${groupedDigits(BIBLE_LIMITS.marksPerChapter)}; counts are always exact`),
    entries: z.array(
      z.object({
        entryId: z.string(),
        kind: z.string(),
        name: z.string(),
        count: z.int().describe("mentions in the chapter, all of them"),
        spans: z.array(z.object({ start: z.int(), end: z.int() })).describe("the marked ones, in text order"),
      }),
    ),
  })
  .meta({ id: "BibleChapterMentions" });
export type ChapterMentionsDto = z.infer<typeof chapterMentionsSchema>;

// Continuity checks -------------------------------------------------------------------------------

export const FINDING_KINDS = ["after_exit", "near_name", "long_absence"] as const;
export const checksQuery = z.object({
  absence: z.coerce
    .number()
    .int()
    .min(1, "an absence is at least 1 chapter")
    .max(1_000, "an absence can be at most 1,000 chapters")
    .default(10)
    .describe("a character absent for more than this many chapters in a row is a finding"),
});

export const findingSchema = z
  .object({
    kind: z.enum(FINDING_KINDS),
    entryId: z.string(),
    entryName: z.string(),
    chapterId: z.string().describe("the chapter the finding points at"),
    chapterTitle: z.string(),
    position: z.int().describe("the chapter's 1-based place"),
    offset: z.int().describe("UTF-16 offset of the spot in that chapter's content"),
    length: z.int().describe("the spot's length (0: the chapter as a whole)"),
    text: z.string().describe("what is written at the spot"),
    message: z.string(),
    occurrences: z.int().optional().describe("near_name: how often the variant appears in the book"),
    absentChapters: z.int().optional().describe("long_absence: chapters in a row without the character"),
    // What `message` says, as data, so that a page can say it in its own language (decision 0512).
    mentions: z.int().optional().describe("after_exit: how often the entry is named in this chapter"),
    exitPosition: z.int().nullable().optional().describe("after_exit: the 1-based place of the chapter it leaves in; null: an earlier book of the series"),
    returnsAt: z.int().nullable().optional().describe("long_absence: the 1-based place of the chapter that names it again; null: none does"),
  })
  .meta({ id: "BibleFinding" });
export type FindingDto = z.infer<typeof findingSchema>;
export const checksSchema = z
  .object({ findings: z.array(findingSchema), chaptersScanned: z.int(), absence: z.int() })
  .meta({ id: "BibleChecks" });
export type ChecksDto = z.infer<typeof checksSchema>;

// Export, import, cast --------------------------------------------------------------------------

export const bibleMarkdownSchema = z.object({ fileName: z.string(), markdown: z.string() }).meta({ id: "BibleMarkdown" });

export const importEntriesInput = z
  .strictObject({
    entries: z.array(newEntryFields.extend({ scope: z.enum(ENTRY_SCOPES).default("book") })).min(1, "name at least one entry")
      .max(BIBLE_LIMITS.entriesPerImport, `an import brings at most ${BIBLE_LIMITS.entriesPerImport} entries: split the file and import each part`),
    onDuplicate: z.enum(["fail", "skip"]).default("fail").describe('"skip": an entry whose name or alias is taken is left out and reported; "fail": nothing is imported'),
  })
  .meta({ id: "BibleImport" });
export const importResultSchema = z
  .object({
    created: z.array(entryNameSchema),
    skipped: z.array(z.object({ index: z.int(), name: z.string(), reason: z.string(), entryId: z.string().nullable() })),
    warnings: z.array(entryWarningSchema.extend({ entryId: z.string() })),
  })
  .meta({ id: "BibleImportResult" });

export const proposedEntriesSchema = z
  .object({
    items: z
      .array(
        z.object({
          name: z.string().describe("the name as the text writes it"),
          kind: z.literal("character"),
          mentions: z.int().describe("times the text names it"),
          chapters: z.int().describe("chapters it is named in"),
        }),
      )
      .describe("most mentioned first; at most 20"),
  })
  .meta({ id: "BibleProposals" });
export type ProposedEntriesDto = z.infer<typeof proposedEntriesSchema>;

export const addCastMemberInput = z
  .strictObject({ name: entryName, aliases: writableEntry.aliases.default([]) })
  .meta({ id: "NewCastMember" });
