import type { Paper, TrimSize } from "./export-options";

/**
 * The geometry of a printed book, as the printers' own tables give it (issue 37 items 1 and 2,
 * decision 0490): each trim size's page, the gutter a page count needs, the spine a page count
 * makes on each paper, and the full cover around them. Plain numbers in inches, no engine: the
 * PDF writer, the cover template and any client read the same figures.
 */

const MM = 1 / 25.4;

/** Each trim size's page, width × height in inches. */
export const TRIM_INCHES: Record<TrimSize, { width: number; height: number }> = {
  "5x8": { width: 5, height: 8 },
  "5.25x8": { width: 5.25, height: 8 },
  "5.5x8.5": { width: 5.5, height: 8.5 },
  "6x9": { width: 6, height: 9 },
  a5: { width: 148 * MM, height: 210 * MM },
  "140x203mm": { width: 140 * MM, height: 203 * MM },
  "185x260mm": { width: 185 * MM, height: 260 * MM },
};

/**
 * KDP's inside margin (the gutter) by page count: the more pages, the more of each page the
 * binding swallows. Each band's gutter holds up to its last page; books under 24 pages take the
 * first band, books over 828 (KDP's most) the last.
 */
export const GUTTER_BANDS: readonly { upTo: number; inches: number }[] = [
  { upTo: 150, inches: 0.375 },
  { upTo: 300, inches: 0.5 },
  { upTo: 500, inches: 0.625 },
  { upTo: 700, inches: 0.75 },
  { upTo: Infinity, inches: 0.875 },
];

/**
 * The name under which the typesetter hands a book's source its gutter, in inches (`sys.inputs`):
 * the gutter depends on the page count, which only typesetting tells, so the child process
 * (writers/typst-child.ts) typesets again with a wider one when the count asks for it.
 */
export const GUTTER_INPUT = "gutter";

/** The gutter a book of this many pages needs, in inches. */
export function gutterFor(pages: number): number {
  return GUTTER_BANDS.find((band) => pages <= band.upTo)!.inches;
}

/** KDP's spine: the paper's thickness per page, in inches. */
export const SPINE_INCHES_PER_PAGE: Record<Paper, number> = { white: 0.002252, cream: 0.0025, colour: 0.002347 };

/** The bleed around a cover (and a page that prints to its edge): 0.125 in on every side. */
export const BLEED_INCHES = 0.125;
/** Text and faces stay this far inside each trimmed edge (KDP's safe zone). */
export const SAFE_INCHES = 0.125;
/** Spine text keeps this far from each of the spine's folds (KDP: 0.0625 in). */
export const SPINE_SAFE_INCHES = 0.0625;
/** KDP prints spine text only on books of more pages than this. */
export const SPINE_TEXT_MIN_PAGES = 79;

export interface CoverDimensions {
  trimSize: TrimSize;
  paper: Paper;
  pageCount: number;
  /** inches, each */
  trimWidth: number;
  trimHeight: number;
  spineWidth: number;
  bleed: number;
  /** the whole sheet the designer fills: back, spine and front, with the bleed around them */
  coverWidth: number;
  coverHeight: number;
  /** whether the spine is wide enough for text (more than SPINE_TEXT_MIN_PAGES pages) */
  spineText: boolean;
}

/** Rounded as KDP's calculator rounds: to a ten-thousandth of an inch. */
const round = (inches: number) => Math.round(inches * 10_000) / 10_000;

/** The full cover of a paperback: back + spine + front across, the trim's height, 0.125 in of bleed around. */
export function coverDimensions(trimSize: TrimSize, paper: Paper, pageCount: number): CoverDimensions {
  const trim = TRIM_INCHES[trimSize];
  const spineWidth = round(pageCount * SPINE_INCHES_PER_PAGE[paper]);
  return {
    trimSize,
    paper,
    pageCount,
    trimWidth: round(trim.width),
    trimHeight: round(trim.height),
    spineWidth,
    bleed: BLEED_INCHES,
    coverWidth: round(BLEED_INCHES + trim.width + spineWidth + trim.width + BLEED_INCHES),
    coverHeight: round(BLEED_INCHES + trim.height + BLEED_INCHES),
    spineText: pageCount > SPINE_TEXT_MIN_PAGES,
  };
}
