// The choices an export offers, as constants the request schemas (../schemas.ts) and the writers
// share: plain data, so that a client checking an export's options loads no part of the engine.

/** What a scene break prints as: `* * *`, `#`, `⁂`, or a blank line (a space break). */
export const SCENE_BREAKS = { stars: "* * *", hash: "#", asterism: "⁂", blank: "" } as const;
export type SceneBreak = keyof typeof SCENE_BREAKS;

/** Standard Manuscript Format's paper: US Letter (8.5 × 11 in) or A4. */
export const MANUSCRIPT_PAPER = ["letter", "a4"] as const;
export type ManuscriptPaper = (typeof MANUSCRIPT_PAPER)[number];
/** Standard Manuscript Format's typeface: Courier New (the default) or Times New Roman, 12 pt. */
export const MANUSCRIPT_FONTS = ["courier", "times"] as const;
export type ManuscriptFont = (typeof MANUSCRIPT_FONTS)[number];

/** Book trim sizes the PDF is set in: 5 × 8, 5.5 × 8.5 and 6 × 9 in, and A5 (148 × 210 mm). */
export const TRIM_SIZES = ["5x8", "5.5x8.5", "6x9", "a5"] as const;
export type TrimSize = (typeof TRIM_SIZES)[number];
