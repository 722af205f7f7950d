import { z } from "zod";
import { fieldCheck } from "../errors";
import { groupedDigits } from "../text/grouped-digits";

/**
 * The back-matter pages a book may print after its last chapter, in the order they print
 * (decision 0495): the book's thanks first, then who wrote it, then what else they wrote, the
 * page a reader who finished wants last.
 */
export const BACK_MATTER_PAGES = ["acknowledgements", "aboutAuthor", "alsoBy"] as const;
export type BackMatterPage = (typeof BACK_MATTER_PAGES)[number];

/** How many "also by" entries a writer keeps: a long career's list, far below what a page holds. */
export const ALSO_BY_ENTRIES = 50;

// C0 and C1 controls, DEL included. One character class, tested once: linear in the text.
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Text a writer types into a form for their back matter: well-formed, and no control character
 * (a line break and a tab in a page's text, none in a title). Refused with 422 rather than dropped
 * as a pasted chapter's are, since nothing here is a long paste whose words must all be kept.
 */
function typedText(what: string, max: number, lines: boolean) {
  return z
    .string()
    .refine((text) => text.isWellFormed(), fieldCheck("loneSurrogate", `${what} must be well-formed Unicode text (it holds a lone surrogate)`))
    .refine(
      (text) => !(lines ? CONTROL_BUT_LINES : CONTROL).test(text),
      lines ? fieldCheck("controlCharacter", `${what} must not hold a control character (a line break and a tab are fine)`) : fieldCheck("oneLine", `${what} must be one line without control characters`),
    )
    .max(max, `${what} can be at most ${groupedDigits(max)} characters`);
}

/** A page's text: Markdown as a chapter's; blank is null ("not set"). */
const pageText = (what: string, max: number) =>
  typedText(what, max, true)
    .transform((value) => (value.trim() === "" ? null : value))
    .nullable();

const id = z.string().min(1).max(64);

/** One "also by" entry as given: one of the writer's books, one of their series, or a title published elsewhere. */
export const alsoByEntryInput = z
  .union([
    z.strictObject({ bookId: id.describe("one of your books (its current title prints)") }),
    z.strictObject({ seriesId: id.describe("one of your series (its title prints, then its books in order)") }),
    z.strictObject({ title: typedText("a title", 200, false).trim().min(1, "a title cannot be empty").describe("a title published elsewhere, printed as given") }),
  ])
  .meta({ id: "AlsoByEntryInput" });
export type AlsoByEntryInput = z.output<typeof alsoByEntryInput>;

export const updateBackMatterInput = z
  .strictObject({
    aboutAuthor: pageText("an about-the-author page", 5000).describe("your about-the-author page, Markdown as a chapter is; null clears it"),
    acknowledgements: pageText("acknowledgements", 20_000).describe("acknowledgements your books print unless a book has its own; null clears them"),
    alsoBy: z
      .array(alsoByEntryInput)
      .max(ALSO_BY_ENTRIES, `"also by" can list at most ${ALSO_BY_ENTRIES} entries`)
      .describe("the whole list, in order (it replaces the one kept); [] clears it"),
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, fieldCheck("nothingToChange", "name at least one of aboutAuthor, acknowledgements, alsoBy"))
  .meta({ id: "UpdateBackMatter" });
export type UpdateBackMatterInput = z.output<typeof updateBackMatterInput>;

export const alsoByEntrySchema = z
  .object({
    bookId: z.string().nullable().describe("the book this entry names; null for a series or a title"),
    seriesId: z.string().nullable().describe("the series this entry names; null for a book or a title"),
    title: z.string().describe("what prints: the book's or series' current title, or the title given"),
    books: z.array(z.string()).describe("a series: its books' titles in series order (what prints under it); else []"),
  })
  .meta({ id: "AlsoByEntry" });
export type AlsoByEntry = z.output<typeof alsoByEntrySchema>;

export const backMatterSchema = z
  .object({
    aboutAuthor: z.string().nullable().describe("your about-the-author page, which your books print unless a book has its own"),
    acknowledgements: z.string().nullable().describe("acknowledgements your books print unless a book has its own"),
    alsoBy: z.array(alsoByEntrySchema).describe("the list as it prints (a book or series deleted since is left out)"),
  })
  .meta({ id: "BackMatter" });
export type BackMatter = z.output<typeof backMatterSchema>;

/** The "also by" list as stored: the entries as given, JSON in User.backMatterAlsoBy. */
export function storedAlsoBy(json: string | null): AlsoByEntryInput[] {
  if (!json) return [];
  try {
    const parsed = z.array(z.union([z.object({ bookId: z.string() }), z.object({ seriesId: z.string() }), z.object({ title: z.string() })])).safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** A book's chosen pages as stored (JSON in Book.backMatter): null is "each that has text". */
export function storedPages(json: string | null): BackMatterPage[] | null {
  if (json === null) return null;
  try {
    const parsed = z.array(z.enum(BACK_MATTER_PAGES)).safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The pages a book chose, as stored: each once, in print order. */
export function pagesToStore(pages: readonly BackMatterPage[]): string {
  return JSON.stringify(BACK_MATTER_PAGES.filter((page) => pages.includes(page)));
}
