import { bookDirection } from "../direction";
import { chapterHtml } from "../markdown/html";
import { frontMatterPages, sceneBreakMark } from "../compile";
import { chapterTitleOf, paragraphIndentOf, type DocumentModel, type WriteOptions } from "../model";
import type { ParagraphIndent } from "../../../text/text-rules";
import { encodeUtf8, escapeXml } from "../text";

const STYLE = `body{max-width:38em;margin:2em auto;padding:0 1em;font-family:Georgia,"Noto Serif","Noto Serif SC",serif;line-height:1.6}
h1{margin-top:3em;text-align:center}p{margin:0}
hr{border:0;text-align:center;margin:1.5em 0}
.title-block{text-align:center;margin:4em 0}.title-block .title{font-size:2em}
.copyright p{text-indent:0;font-size:.85em;margin-bottom:.5em}.dedication{text-align:center;font-style:italic;margin:4em 0}.dedication p{text-indent:0}
.footnotes{font-size:.9em;margin-top:2em}.footnotes p{text-indent:0}`;

/**
 * The CSS that indents the chapters' paragraphs as the book asks (decision 0491): two characters
 * on every one, a first-line indent but after a heading or a break, or none. Sections of front
 * and back matter set their own.
 */
export function paragraphIndentCss(indent: ParagraphIndent): string {
  if (indent === "fullWidth") return "p{text-indent:2em}";
  if (indent === "typographic") return "p{text-indent:1.5em}h1+p,hr+p{text-indent:0}";
  return "p{text-indent:0}";
}

/** The CSS that prints a scene break (an <hr>) as the mark asked for; a blank break is its margin alone. */
export function sceneBreakCss(options: WriteOptions): string {
  const mark = sceneBreakMark(options.sceneBreak, "* * *");
  return mark ? `hr::after{content:"${mark}"}` : "hr{margin:2.5em 0}";
}

/** The copyright and dedication as sections (`epub:type` for EPUB's own front-matter files). */
export function frontMatterSection(kind: "copyright" | "dedication", paragraphs: string[][], xhtml: boolean): string {
  const epubType = xhtml ? ` epub:type="${kind === "copyright" ? "copyright-page" : "dedication"}"` : "";
  const role = kind === "dedication" ? ' role="doc-dedication"' : "";
  const br = xhtml ? "<br/>" : "<br>";
  return `<section class="${kind}"${epubType}${role}>\n${paragraphs.map((lines) => `<p>${lines.map(escapeXml).join(br)}</p>`).join("\n")}\n</section>`;
}

/** A clean standalone HTML5 document: one <section> per chapter, its title an <h1>. */
function modelToHtml(model: DocumentModel, options: WriteOptions): string {
  const title = model.title?.trim() || model.chapters[0]?.title || "Untitled";
  const direction = bookDirection(model.language);
  const lang = (model.language ? ` lang="${escapeXml(model.language)}"` : "") + (direction === "rtl" ? ' dir="rtl"' : "");
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(title)}</title>`,
    model.author ? `<meta name="author" content="${escapeXml(model.author)}">` : "",
    // The indent before the sections' own rules, which take it off the copyright and dedication.
    `<style>${paragraphIndentCss(paragraphIndentOf(model))}\n${STYLE}\n${sceneBreakCss(options)}</style>`,
  ].filter(Boolean);
  const titleBlock = model.title
    ? `<header class="title-block">\n<p class="title">${escapeXml(model.title)}</p>\n${model.author ? `<p class="author">${escapeXml(model.author)}</p>\n` : ""}</header>\n`
    : "";
  const front = frontMatterPages(model).map((page) => `${frontMatterSection(page.kind, page.paragraphs, false)}\n`).join("");
  const chapters = model.chapters.map(
    (chapter, index) => `<section class="chapter" id="chapter-${index + 1}">\n<h1>${escapeXml(chapterTitleOf(chapter, index, model.language))}</h1>\n${chapterHtml(chapter.markdown, index + 1, { xhtml: false, direction })}</section>`,
  );
  return `<!DOCTYPE html>\n<html${lang}>\n<head>\n${head.join("\n")}\n</head>\n<body>\n${titleBlock}${front}${chapters.join("\n")}\n</body>\n</html>\n`;
}

export function writeHtml(model: DocumentModel, options: WriteOptions = {}) {
  return { bytes: encodeUtf8(modelToHtml(model, options)), mediaType: "text/html; charset=utf-8", extension: "html" };
}
