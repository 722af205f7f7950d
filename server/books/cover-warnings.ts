import { z } from "zod";
import { groupedDigits } from "../text/grouped-digits";

/**
 * What the e-book stores ask of a cover (issue 37 item 4, decision 0485). A cover below them is
 * still accepted — a draft cover is better than none while the designer works — but the book says
 * why a store may refuse or blur it, on the page and in the API.
 */
export const COVER_RULES = {
  /** Below this on its short side some store refuses a cover (KDP's own minimum is 625 × 1,000; stores that ask more ask about 1,400 wide). */
  minShortSide: 1000,
  /** KDP's ideal, which the other stores take as it is. */
  recommendedWidth: 1600,
  recommendedHeight: 2560,
  /** height ÷ width: KDP's ideal 1.6 (1,600 × 2,560). */
  idealRatio: 1.6,
  /**
   * How far from 1.6 a cover may be before it is told: ±0.2 takes in every trim writers print at
   * (A5 1.41, 6 × 9 in 1.5, 5.5 × 8.5 in 1.55, 5 × 8 in 1.6) and a phone's 16:9 (1.78), so an e-book
   * cover made from the print cover is not warned about; a square, landscape or strip-like
   * picture is, as the stores letterbox or crop it.
   */
  ratioTolerance: 0.2,
} as const;

export const COVER_WARNING_CODES = ["cover_too_small", "cover_below_recommended", "cover_ratio"] as const;

export const coverWarningSchema = z
  .object({
    code: z.enum(COVER_WARNING_CODES).describe("cover_too_small: the short side is under 1,000 px; cover_below_recommended: under KDP's 1,600 × 2,560; cover_ratio: height ÷ width far from 1.6"),
    message: z.string().describe("what is wrong and what the stores ask, for the writer"),
  })
  .meta({ id: "CoverWarning" });
export type CoverWarning = z.infer<typeof coverWarningSchema>;

const px = (n: number) => groupedDigits(n);

/** The warnings for a cover of this size in pixels; none when it meets what the stores ask. */
export function coverWarnings(width: number, height: number): CoverWarning[] {
  const { minShortSide, recommendedWidth, recommendedHeight, idealRatio, ratioTolerance } = COVER_RULES;
  const size = `${px(width)} × ${px(height)} pixels`;
  const warnings: CoverWarning[] = [];
  if (Math.min(width, height) < minShortSide) {
    warnings.push({
      code: "cover_too_small",
      message: `The cover is ${size}: e-book stores refuse a cover whose short side is under ${px(minShortSide)} pixels. Use one of ${px(recommendedWidth)} × ${px(recommendedHeight)}.`,
    });
  } else if (width < recommendedWidth || height < recommendedHeight) {
    warnings.push({
      code: "cover_below_recommended",
      message: `The cover is ${size}, below the ${px(recommendedWidth)} × ${px(recommendedHeight)} Kindle Direct Publishing recommends; it may look soft on large screens.`,
    });
  }
  const ratio = height / width;
  // The tolerance's edges (1.4, 1.8) are within it: compared past a rounding error's width.
  if (Math.abs(ratio - idealRatio) - ratioTolerance > 1e-9) {
    warnings.push({
      code: "cover_ratio",
      message: `The cover's height is ${ratio.toFixed(2)} times its width; stores expect about ${idealRatio} (${px(recommendedWidth)} × ${px(recommendedHeight)}) and may crop or letterbox it.`,
    });
  }
  return warnings;
}
