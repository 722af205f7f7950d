import { SAFE_INCHES, SPINE_SAFE_INCHES, SPINE_TEXT_MIN_PAGES, type CoverDimensions } from "../print";
import { TRIM_SIZE_LABELS } from "../export-options";
import { FONT_DIR } from "./pdf";
import { typesetInChild } from "./typst-process";

/**
 * A paperback's cover as a guide for the writer's designer (issue 37 item 2, decision 0490): one
 * page the size of the whole printed cover with its bleed, the back, spine and front marked, the
 * bleed shaded, the safe zones dashed, and every dimension written on it. Typeset by Typst, like
 * the book, in its child process.
 */

const CONTROL = /[\u0000-\u001f\u007f]/g;
/** A Typst string literal in code: nothing of the title is read as markup. */
const typstString = (text: string) => `"${text.replace(CONTROL, " ").replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

const inches = (value: number) => `${Number(value.toFixed(4))}in`;
const both = (value: number) => `${Number(value.toFixed(4))} in (${(value * 25.4).toFixed(1)} mm)`;

export function coverTemplateTypst(cover: CoverDimensions, title: string): string {
  const { bleed, trimWidth: w, trimHeight: h, spineWidth: spine } = cover;
  const spineLeft = bleed + w;
  const frontLeft = spineLeft + spine;
  const safe = (x: number, y: number, width: number, height: number) =>
    `#place(top + left, dx: ${inches(x)}, dy: ${inches(y)}, rect(width: ${inches(width)}, height: ${inches(height)}, stroke: (paint: rgb("#1f6feb"), thickness: 0.6pt, dash: "dashed")))`;
  const panelLabel = (x: number, width: number, name: string, lines: string[]) =>
    `#place(top + left, dx: ${inches(x)}, dy: ${inches(bleed + h * 0.38)}, box(width: ${inches(width)}, align(center, [#text(size: 20pt, weight: "bold", fill: rgb("#555555"), ${typstString(name)})${lines.map((line) => ` \\ #text(size: 9pt, fill: rgb("#555555"), ${typstString(line)})`).join("")}])))`;
  const paper = cover.paper === "colour" ? "colour" : `${cover.paper}`;
  const notes = [
    `${title} — paperback cover, ${TRIM_SIZE_LABELS[cover.trimSize]}, ${cover.pageCount} pages on ${paper} paper`,
    `Full cover with bleed: ${both(cover.coverWidth)} × ${both(cover.coverHeight)}`,
    `Trim (front and back, each): ${both(w)} × ${both(h)}   ·   Spine: ${both(spine)}`,
    `Bleed (shaded red): ${both(bleed)} beyond every trimmed edge; carry the background to the sheet's edge`,
    `Safe zones (dashed blue): text and faces ${both(SAFE_INCHES)} inside the trim, spine text ${both(SPINE_SAFE_INCHES)} from each fold`,
    cover.spineText ? "Spine text: allowed" : `Spine text: none (KDP prints it only on books over ${SPINE_TEXT_MIN_PAGES} pages)`,
  ];
  return `#set document(title: ${typstString(`${title} — cover template`)})
#set page(width: ${inches(cover.coverWidth)}, height: ${inches(cover.coverHeight)}, margin: 0pt)
#set text(font: ("Noto Serif", "Noto Serif SC"), size: 8pt)
// The bleed: the whole sheet shaded, the trimmed cover white over it.
#place(top + left, rect(width: 100%, height: 100%, fill: rgb("#f8d7da"), stroke: none))
#place(top + left, dx: ${inches(bleed)}, dy: ${inches(bleed)}, rect(width: ${inches(w * 2 + spine)}, height: ${inches(h)}, fill: white, stroke: (paint: black, thickness: 0.8pt)))
// The spine between its two folds.
#place(top + left, dx: ${inches(spineLeft)}, dy: 0pt, rect(width: ${inches(spine)}, height: 100%, fill: rgb("#e8e8e8"), stroke: none))
#place(top + left, dx: ${inches(spineLeft)}, dy: 0pt, line(angle: 90deg, length: 100%, stroke: (paint: black, thickness: 0.6pt)))
#place(top + left, dx: ${inches(frontLeft)}, dy: 0pt, line(angle: 90deg, length: 100%, stroke: (paint: black, thickness: 0.6pt)))
${safe(bleed + SAFE_INCHES, bleed + SAFE_INCHES, w - 2 * SAFE_INCHES, h - 2 * SAFE_INCHES)}
${safe(frontLeft + SAFE_INCHES, bleed + SAFE_INCHES, w - 2 * SAFE_INCHES, h - 2 * SAFE_INCHES)}
${cover.spineText && spine > 2 * SPINE_SAFE_INCHES ? safe(spineLeft + SPINE_SAFE_INCHES, bleed + SAFE_INCHES, spine - 2 * SPINE_SAFE_INCHES, h - 2 * SAFE_INCHES) : ""}
${panelLabel(bleed, w, "BACK COVER", [`${both(w)} × ${both(h)}`])}
${panelLabel(frontLeft, w, "FRONT COVER", [`${both(w)} × ${both(h)}`])}
#place(top + left, dx: ${inches(spineLeft)}, dy: ${inches(bleed + h * 0.25)}, box(width: ${inches(spine)}, align(center, text(size: 6pt, fill: rgb("#555555"), [SPINE])))) 
#place(top + left, dx: ${inches(spineLeft)}, dy: ${inches(bleed + h * 0.25 + 0.15)}, box(width: ${inches(spine)}, align(center, text(size: 5pt, fill: rgb("#555555"), ${typstString(`${Number(spine.toFixed(4))} in`)}))))
#place(top + left, dx: ${inches(bleed + SAFE_INCHES + 0.1)}, dy: ${inches(bleed + h * 0.62)}, box(width: ${inches(w - 2 * SAFE_INCHES - 0.2)}, text(size: 7pt, fill: rgb("#333333"), [${notes.map(typstString).map((line) => `#${line}`).join(" \\\n")}])))
`;
}

/** The guide as a PDF: a few hundred milliseconds of Typst, killed at `timeoutMs`. */
export async function writeCoverTemplate(cover: CoverDimensions, title: string, timeoutMs: number): Promise<Uint8Array> {
  const typeset = await typesetInChild({ source: coverTemplateTypst(cover, title) }, FONT_DIR, { timeoutMs });
  return typeset.pdf;
}
