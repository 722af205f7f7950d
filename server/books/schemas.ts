import type { Selectable } from "kysely";
import { z } from "zod";
import { fieldCheck } from "../errors";
import { BOOK_ROLES, roleMayDo, type BookRole } from "../auth/book-roles";
import { BACK_MATTER_PAGES, pagesToStore, storedPages } from "../back-matter/schemas";
import type { Book } from "../generated/kysely/database";
import { storedPicture, storedPictureSchema } from "../pictures/schemas";
import { coverWarnings, coverWarningSchema } from "./cover-warnings";
import { storedText } from "../text/stored-text";
import { asCountRule, asParagraphIndent, COUNT_RULES, PARAGRAPH_INDENTS } from "../text/text-rules";
import { THEMES, type ThemeId } from "../convert/engine/export-options";
import { CONFORMANCE_LEVELS, type AccessibilityClaim } from "../convert/engine/accessibility-claim";
import { groupedDigits } from "../text/grouped-digits";

export const BOOK_STATUSES = ["planning", "drafting", "revising", "finished"] as const;

/**
 * A cover's bytes: 5 MiB. A store's recommended e-book cover (1,600 × 2,560 pixels) is 1–3 MB as a
 * JPEG; a PNG of it can be larger, and the writer is asked for a JPEG.
 */
export const BOOK_COVER_BYTES = 5 * 1024 * 1024;
/**
 * A cover is a JPEG, PNG or GIF: EPUB 3.2's image types, which every reader shows (WebP is EPUB
 * 3.3's: a 3.2 reader need not show it, and epubcheck 4 refuses it as a cover).
 */
export const COVER_MEDIA_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;

const CLAIM_DESCRIPTIONS = {
  conformsTo: "the standard and level the book was evaluated against, as EPUB Accessibility 1.1 words it",
  certifiedBy: "the person or organisation that evaluated the book",
  credential: "the evaluator's credential; null: none given",
  report: "where the evaluation report can be read (http or https); null: none given",
};

/** A claim as GET answers it and as it is stored. */
const accessibilityClaimSchema = z
  .strictObject({
    conformsTo: z.enum(CONFORMANCE_LEVELS).describe(CLAIM_DESCRIPTIONS.conformsTo),
    certifiedBy: z.string().describe(CLAIM_DESCRIPTIONS.certifiedBy),
    credential: z.string().nullable().describe(CLAIM_DESCRIPTIONS.credential),
    report: z.string().nullable().describe(CLAIM_DESCRIPTIONS.report),
  })
  .meta({ id: "AccessibilityClaim" });

/** A claim as a writer gives it: trimmed, blank credential none, the report an http(s) address. */
const accessibilityClaimInputSchema = z
  .strictObject({
    conformsTo: z.enum(CONFORMANCE_LEVELS).describe(CLAIM_DESCRIPTIONS.conformsTo),
    certifiedBy: storedText().trim().min(1, "name who evaluated the book").max(200, "an evaluator's name can be at most 200 characters").describe(CLAIM_DESCRIPTIONS.certifiedBy),
    credential: storedText().trim().max(200, "a credential can be at most 200 characters").transform((value) => value || null).nullable().default(null).describe(CLAIM_DESCRIPTIONS.credential),
    report: z
      .url({ protocol: /^https?$/, error: "a report is an http or https address" })
      .max(2000, "a report's address can be at most 2,000 characters")
      .nullable()
      .default(null)
      .describe(CLAIM_DESCRIPTIONS.report),
  });

/**
 * The writer's accessibility claim for the EPUB (decision 0485 amended): Inkstone claims no level
 * by itself, so a claim names who evaluated the book. Stored as JSON.
 */
function accessibilityClaimInput() {
  return accessibilityClaimInputSchema
    .transform((claim): string => JSON.stringify(claim satisfies AccessibilityClaim))
    .nullable()
    .describe(
      "a WCAG conformance claim the EPUB carries (dcterms:conformsTo with a11y:certifiedBy), made by the writer for a book someone has evaluated; null: none, and the EPUB says no level is claimed",
    );
}

/** A stored claim, or null for none (or a row this version cannot read). */
export function storedAccessibilityClaim(json: string | null): AccessibilityClaim | null {
  if (json === null) return null;
  try {
    const parsed = accessibilityClaimSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const writable = {
  title: storedText().trim().min(1, "a book needs a title").max(200, "a title can be at most 200 characters"),
  type: storedText().trim().min(1, "a genre cannot be empty").max(60, "a genre can be at most 60 characters").describe("the genre, e.g. novel, fantasy, memoir"),
  description: storedText().max(5000, "a description can be at most 5,000 characters"),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "must be a language tag such as en, zh-Hans or pt-BR")
    .describe("BCP 47 language tag"),
  status: z.enum(BOOK_STATUSES),
  targetWordCount: z
    .int("a target is a whole number of words")
    .min(1, "a target is at least one word")
    .max(10_000_000, "a target can be at most 10,000,000 words")
    .nullable(),
  countRule: z
    .enum(COUNT_RULES)
    .describe(
      "how the book counts its length, everywhere (editor, totals, goals, ledger, release minimums, exports): words; characters (字数 as 起点 and Word count it: each Han character, each full-width punctuation mark, each run of Latin letters or digits; a Chinese or Japanese book's default); charactersWithoutPunctuation. Changing it recounts every chapter",
    ),
  paragraphIndent: z
    .enum(PARAGRAPH_INDENTS)
    .describe(
      "how paragraphs open in the editor and every export, whatever spaces the text holds: none; fullWidth (two characters, 　　, every paragraph: a Chinese book's default); typographic (a first-line indent, none after a heading or scene break)",
    ),
  theme: z
    .enum(THEMES)
    .describe(
      "the typography of the book's PDF, EPUB and DOCX (an export's theme= stands over it): classic (Noto Serif, centred bold titles, the book's indent: the look before themes); modern (sans-serif titles set left, block paragraphs, ⁂); chinese (宋体 text, 楷体 titles, 首行缩进 on every paragraph, looser lines)",
    ),
  ...publishing(),
};

/**
 * Who the book is by and what it carries besides its chapters (issue 33 item 3), each null until
 * the writer gives it: exports print them (server/convert/export-book.ts). Blank is null.
 */
function publishing() {
  const text = (max: number, what: string) =>
    storedText()
      .max(max, `${what} can be at most ${groupedDigits(max)} characters`)
      .transform((value) => (value.trim() === "" ? null : value))
      .nullable();
  return {
    author: storedText()
      .trim()
      .max(200, "an author's name can be at most 200 characters")
      .transform((value) => value || null)
      .nullable()
      .describe("the name the book is published under (a pen name); null: the owner's account name"),
    contact: text(1000, "a contact block").describe(
      "Standard Manuscript Format's contact block on page one, a line each (legal name, address, e-mail, telephone, agent); null: the author and the owner's e-mail. Shown only to those who may write in the book",
    ),
    copyright: text(2000, "a copyright page").describe("the copyright page, plain text (a line break starts a line, a blank line a paragraph)"),
    dedication: text(1000, "a dedication").describe("the dedication, plain text"),
    acknowledgements: text(20_000, "acknowledgements").describe("printed after the last chapter, Markdown as a chapter is"),
    aboutAuthor: text(20_000, "an about-the-author page").describe("printed last, Markdown as a chapter is"),
    backMatter: backMatterChoice(),
    accessibilityClaim: accessibilityClaimInput(),
  };
}

/**
 * Which back-matter pages the book prints after its last chapter (decision 0495); stored as JSON,
 * each once, in print order.
 */
function backMatterChoice() {
  return z
    .array(z.enum(BACK_MATTER_PAGES))
    .max(BACK_MATTER_PAGES.length * 2, "name each back-matter page once")
    .transform(pagesToStore)
    .nullable()
    .describe(
      `the back-matter pages this book prints after its last chapter, of ${BACK_MATTER_PAGES.join(", ")} (they print in that order), each from the book's own text (acknowledgements, aboutAuthor) or else its owner's (GET /api/v1/users/me/back-matter); [] prints none; null: each that has text`,
    );
}

/** The book's attributes that say who wrote it and what it carries besides its chapters. */
export const PUBLISHING_ATTRIBUTES = ["author", "contact", "copyright", "dedication", "acknowledgements", "aboutAuthor", "backMatter", "accessibilityClaim"] as const;

/** A book's language, as every input that sets one checks it. */
export const bookLanguage = writable.language;

export const bookIdParams = z.object({ bookId: z.string().min(1).max(64) });

// What a book is beyond the seed's three attributes, when the caller does not say.
const optional = {
  language: writable.language.default("en"),
  status: writable.status.default("drafting"),
  targetWordCount: writable.targetWordCount.default(null),
  // Left out, a new book is classic (the column's default) and a PUT keeps the book's, as with its text rules.
  theme: writable.theme.optional(),
};

/** The counting rule and indent: left out, they are the book's language's (bookDefaults in ./language.ts). */
function textRulesOptional() {
  return {
    countRule: writable.countRule.optional().describe(`${writable.countRule.description} Left out: the language's default`),
    paragraphIndent: writable.paragraphIndent.optional().describe(`${writable.paragraphIndent.description} Left out: the language's default`),
  };
}

/** Who wrote the book and its matter: left out of a new book, they are null; a PUT that omits one clears it. */
const publishingOptional = z.object(writable).pick({ author: true, contact: true, copyright: true, dedication: true, acknowledgements: true, aboutAuthor: true, backMatter: true, accessibilityClaim: true }).partial().shape;
const publishingCleared = Object.fromEntries(PUBLISHING_ATTRIBUTES.map((name) => [name, writable[name].default(null)])) as {
  [K in (typeof PUBLISHING_ATTRIBUTES)[number]]: z.ZodDefault<(typeof writable)[K]>;
};

export const createBookInput = z
  .strictObject({
    title: writable.title,
    type: writable.type.default("novel"),
    description: writable.description.default(""),
    ...optional,
    // Left out, the account's interface language (decision 0510): a Chinese writer's new book is Chinese.
    language: writable.language.optional().describe("BCP 47 language tag. Left out: the language of the interface the account chose (zh-CN for 简体中文), else en"),
    ...textRulesOptional(),
    ...publishingOptional,
  })
  .meta({ id: "CreateBook" });
export type CreateBookInput = z.output<typeof createBookInput>;

/** The attributes a PUT must name: the book as the seed defines it. */
export const BOOK_REQUIRED_ATTRIBUTES = ["title", "type", "description"] as const;

/**
 * PUT replaces the book: the seed's attributes are required, the others optional, and an omitted
 * one goes back to its default (a PUT says what the whole book is now).
 */
export const replaceBookInput = z
  .strictObject({ title: writable.title, type: writable.type, description: writable.description, ...optional, ...textRulesOptional(), ...publishingCleared })
  .meta({ id: "ReplaceBook" });

/** PATCH: any writable attribute, plus `deleted` to move the book into or out of the trash. */
export const patchBookInput = z
  .strictObject({
    ...z.object(writable).partial().shape,
    deleted: z.boolean().optional().describe("true moves the book to the trash, false restores it"),
  })
  .refine((patch) => Object.keys(patch).length > 0, fieldCheck("nothingToChange", "name at least one attribute to change"))
  .meta({ id: "PatchBook" });
export type BookChanges = z.output<typeof patchBookInput>;

/** Attributes a caller with write:books may change (OPTIONS answers with these). */
export const BOOK_WRITABLE_ATTRIBUTES = [...Object.keys(writable), "deleted"];

/** A book's cover: the stored picture, its size in pixels and what the stores would say of it. */
export const bookCoverSchema = storedPictureSchema
  .extend({
    width: z.int().nullable().describe("pixels; null for a cover uploaded before sizes were kept (replace it to have it checked)"),
    height: z.int().nullable().describe("pixels; null as width"),
    warnings: z
      .array(coverWarningSchema)
      .describe("why a store may refuse or blur this cover (too small, below KDP's 1,600 × 2,560, a ratio far from 1.6); empty: none. The cover is kept either way"),
  })
  .meta({ id: "BookCover" });

export const bookSchema = z
  .object({
    id: z.string(),
    ownerId: z.string(),
    title: z.string(),
    type: z.string(),
    description: z.string(),
    language: z.string(),
    status: z.enum(BOOK_STATUSES),
    targetWordCount: z.int().nullable(),
    wordCount: z.int().describe("sum of the chapters' counts, by the book's countRule"),
    countRule: z.enum(COUNT_RULES).describe(writable.countRule.description!),
    paragraphIndent: z.enum(PARAGRAPH_INDENTS).describe(writable.paragraphIndent.description!),
    theme: z.enum(THEMES).describe(writable.theme.description!),
    chapterCount: z.int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    deleted: z.boolean().describe("in the trash"),
    deletedAt: z.iso.datetime().nullable(),
    cover: bookCoverSchema.nullable().describe("the cover the EPUB export carries (PUT /api/v1/books/{bookId}/cover); null: none"),
    author: z.string().nullable().describe(writable.author.description!),
    contact: z.string().nullable().describe(writable.contact.description!),
    copyright: z.string().nullable().describe(writable.copyright.description!),
    dedication: z.string().nullable().describe(writable.dedication.description!),
    acknowledgements: z.string().nullable().describe(writable.acknowledgements.description!),
    aboutAuthor: z.string().nullable().describe(writable.aboutAuthor.description!),
    backMatter: z.array(z.enum(BACK_MATTER_PAGES)).nullable().describe(writable.backMatter.description!),
    accessibilityClaim: accessibilityClaimSchema.nullable().describe(writable.accessibilityClaim.description!),
    role: z.enum(BOOK_ROLES).describe("the caller's role on the book: owner, or what the owner made them (an admin acts as the owner)"),
  })
  .meta({ id: "Book" });
export type BookDto = z.infer<typeof bookSchema>;

/** The columns a book is read with. */
export const bookColumns = [
  "id",
  "ownerId",
  "title",
  "type",
  "description",
  "language",
  "status",
  "targetWordCount",
  "wordCount",
  "chapterCount",
  "createdAt",
  "updatedAt",
  "deletedAt",
  "purgedAt",
  "coverMediaType",
  "coverSize",
  "coverUpdatedAt",
  "coverWidth",
  "coverHeight",
  "countRule",
  "paragraphIndent",
  "theme",
  ...PUBLISHING_ATTRIBUTES,
] as const;

export type BookRow = Pick<Selectable<Book>, (typeof bookColumns)[number]>;

export function toBookDto(row: BookRow, role: BookRole): BookDto {
  return {
    id: row.id,
    ownerId: row.ownerId,
    title: row.title,
    type: row.type,
    description: row.description,
    language: row.language,
    status: (BOOK_STATUSES as readonly string[]).includes(row.status) ? (row.status as BookDto["status"]) : "drafting",
    targetWordCount: row.targetWordCount,
    wordCount: row.wordCount,
    countRule: asCountRule(row.countRule),
    paragraphIndent: asParagraphIndent(row.paragraphIndent),
    theme: asTheme(row.theme),
    chapterCount: row.chapterCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deleted: row.deletedAt !== null,
    deletedAt: row.deletedAt === null ? null : row.deletedAt.toISOString(),
    cover: bookCover(row),
    author: row.author,
    // An address and a telephone number are the writer's, not every reader's of the book.
    contact: roleMayDo(role, "write") ? row.contact : null,
    copyright: row.copyright,
    dedication: row.dedication,
    acknowledgements: row.acknowledgements,
    aboutAuthor: row.aboutAuthor,
    backMatter: storedPages(row.backMatter),
    accessibilityClaim: storedAccessibilityClaim(row.accessibilityClaim),
    role,
  };
}

/** The cover the row's columns describe, checked from the size kept when it was uploaded. */
function bookCover(row: BookRow): BookDto["cover"] {
  const picture = storedPicture({ mediaType: row.coverMediaType, size: row.coverSize, updatedAt: row.coverUpdatedAt }, `/api/v1/books/${row.id}/cover`);
  if (!picture) return null;
  const { coverWidth: width, coverHeight: height } = row;
  return { ...picture, width, height, warnings: width !== null && height !== null ? coverWarnings(width, height) : [] };
}

/** A stored theme as one of THEMES: classic for anything else (a row written by a later version). */
export function asTheme(stored: string): ThemeId {
  return (THEMES as readonly string[]).includes(stored) ? (stored as ThemeId) : "classic";
}
