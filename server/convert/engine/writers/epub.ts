import { randomUUID } from "node:crypto";
import { zipSync, type Zippable } from "fflate";
import { bookDirection, type Direction } from "../direction";
import { chapterHtml } from "../markdown/html";
import { frontMatterPages, partOpenings } from "../compile";
import type { AccessibilityClaim } from "../accessibility-claim";
import { type BackMatterPageKind, type DocumentModel, type WriteOptions, type WrittenDocument } from "../model";
import { encodeUtf8, escapeXml } from "../text";
import { frontMatterSection, paragraphIndentCss, sceneBreakCss } from "./html";
import { scaled, themedParagraphIndent, themeOf, type Face, type Theme } from "../themes";

/**
 * EPUB 3 from our own OPF, navigation document and one XHTML file per chapter, zipped with
 * fflate (the `mimetype` entry first and stored, as the OCF spec demands). Passes epubcheck.
 */

/** The stylesheet in the book's theme (../themes.ts): classic's is the one every EPUB had before themes. */
function stylesheet(theme: Theme, language: string): string {
  const marks = chineseMarks(language);
  const size = theme.textScale === 1 ? "" : `;font-size:${scaled(100, theme.textScale)}%`;
  const faces = theme.heading || theme.headingCjk ? `;font-family:${marks.family}${cssStack(theme.heading ?? theme.body, theme.headingCjk ?? theme.cjk)}` : "";
  const weight = theme.headingBold ? "" : ";font-weight:normal";
  const headingSize = theme.headingScale === 1 ? "" : `;font-size:${scaled(2, theme.headingScale)}em`;
  // Block paragraphs: the gap in lines of the body's line height.
  const gap = theme.paragraphGap > 0 ? ` 0 ${scaled(theme.paragraphGap, scaled(1.5, theme.lineSpacing))}em` : "";
  const display = faces + weight;
  return `${marks.face}body{font-family:${marks.family}${cssStack(theme.body, theme.cjk)};line-height:${scaled(1.5, theme.lineSpacing)};margin:0 5%${size}}
h1{text-align:${theme.headingAlign};margin:3em 0 1.5em;page-break-before:always${display}${headingSize}}
p{margin:0${gap}}${display ? `\n.title-block .title,.part h1{${display.slice(1)}}` : ""}
${CSS}`;
}

/**
 * In a Chinese book, the marks Chinese shares with English (“ ” ‘ ’ … —) from a CJK face on the
 * reader's device (decision 0513, as app/globals.css does for the editor): a Latin face, or a
 * reading system's generic serif, draws them half-width and Latin-shaped. A face that aliases the
 * first CJK face installed for those six characters only, first in the stacks; with none
 * installed, the stack after it draws them as before. Nothing for any other language.
 */
function chineseMarks(language: string): { face: string; family: string } {
  const [primary] = language.toLowerCase().split("-");
  if (primary !== "zh" && primary !== "yue") return { face: "", family: "" };
  const traditional = primary === "yue" || /^zh-(?:hant|tw|hk|mo)(?:-|$)/i.test(language);
  const local = traditional
    ? ["Noto Serif CJK TC", "NotoSerifCJKtc-Regular", "Source Han Serif TC", "SourceHanSerifTC-Regular", "Songti TC", "PMingLiU", "AR PL UKai TW"]
    : ["Noto Serif CJK SC", "NotoSerifCJKsc-Regular", "Source Han Serif SC", "SourceHanSerifSC-Regular", "Songti SC", "STSong", "SimSun", "AR PL UKai CN"];
  const src = local.map((name) => `local("${name}")`).join(",");
  return {
    face: `@font-face{font-family:"CJK Marks";src:${src};unicode-range:U+2014,U+2018-2019,U+201C-201D,U+2026}\n`,
    family: '"CJK Marks",',
  };
}

/** A Latin face's CSS stack, then the CJK face's (the generic family at the end only). */
function cssStack(latin: Face, cjk: Face | undefined): string {
  return cjk ? [latin.css.replace(/,?\b(serif|sans-serif)$/, ""), cjk.css].filter(Boolean).join(",") : latin.css;
}

const CSS = `hr{border:0;margin:1.2em 0;text-align:center}
.copyright{margin-top:40%}.copyright p{text-indent:0;font-size:.85em;margin-bottom:.5em}
.dedication{text-align:center;font-style:italic;margin-top:30%}.dedication p{text-indent:0}
.cover{margin:0;padding:0;text-align:center}.cover img{max-width:100%;max-height:100vh}
.title-block{text-align:center;margin-top:30%}.title-block .title{font-size:2em;text-indent:0}.title-block .author{text-indent:0}
.footnotes{font-size:.9em;margin-top:2em}.footnotes p{text-indent:0}
.part{text-align:center;margin-top:35%}.part h1{margin:0}`;

function xhtml(title: string, language: string, direction: Direction, body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${language}" lang="${language}" dir="${direction}">
<head>
<meta charset="utf-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * What the package says of the book's accessibility (EPUB Accessibility 1.1's discovery metadata,
 * issue 37 item 3, decision 0485): only what is true of every EPUB written here. The text is
 * reflowable with relative sizes, each chapter opens with its heading, a navigation document with
 * a table of contents and landmarks leads to them, the spine is the reading order, and the
 * sections carry DPUB-ARIA roles. The only picture is the cover, whose `alt` is the title (a
 * chapter's images are written as their alternative text: ../markdown/html.ts), so "visual" and
 * "alternativeText" come with a cover only. A WCAG level (`dcterms:conformsTo`) is claimed only
 * when the writer makes the claim and names who evaluated the book: what decides it beyond the
 * markup — passages in another language marked as such, links that say where they go — is the
 * writer's text, which nothing here can evaluate.
 */
export function accessibilityMetadata(hasCover: boolean, claim?: AccessibilityClaim): string {
  const features = ["structuralNavigation", "tableOfContents", "readingOrder", "displayTransformability", "ARIA", ...(hasCover ? ["alternativeText"] : [])];
  const summary =
    "A reflowable e-book: readers can resize and restyle its text. Each chapter opens with a heading, the table of contents leads to every chapter, and the reading order follows the book." +
    (hasCover ? " The cover picture's text alternative is the title." : " It has no pictures.") +
    (claim ? ` It meets ${claim.conformsTo.replace(/^EPUB Accessibility 1\.1 - /, "")}, as evaluated by ${claim.certifiedBy}.` : " It claims no WCAG conformance level, as its text has not been evaluated for one.");
  const meta = (property: string, value: string, lang = "") => `<meta property="${property}"${lang}>${value}</meta>`;
  return [
    meta("schema:accessMode", "textual"),
    ...(hasCover ? [meta("schema:accessMode", "visual")] : []),
    meta("schema:accessModeSufficient", "textual"),
    ...features.map((feature) => meta("schema:accessibilityFeature", feature)),
    meta("schema:accessibilityHazard", "none"),
    // Written in English whatever the book's language: said so, as the package's xml:lang is the book's.
    meta("schema:accessibilitySummary", escapeXml(summary), ' xml:lang="en"'),
    ...(claim ? conformanceClaim(claim) : []),
  ].join("\n");
}

/** EPUB Accessibility 1.1's claim: the level, who evaluated it, and their credential and report when given. */
function conformanceClaim(claim: AccessibilityClaim): string[] {
  return [
    `<meta property="dcterms:conformsTo">${escapeXml(claim.conformsTo)}</meta>`,
    `<meta property="a11y:certifiedBy" id="certifier">${escapeXml(claim.certifiedBy)}</meta>`,
    ...(claim.credential ? [`<meta property="a11y:certifierCredential" refines="#certifier">${escapeXml(claim.credential)}</meta>`] : []),
    ...(claim.report ? [`<link rel="a11y:certifierReport" refines="#certifier" href="${escapeXml(claim.report)}"/>`] : []),
  ];
}

/**
 * Each back-matter page's document and semantics (decision 0495): acknowledgements are a structural
 * term of their own (EPUB SSV `acknowledgments`, DPUB-ARIA `doc-acknowledgments`); the vocabularies
 * name no about-the-author or also-by page, so those say only that they are back matter.
 */
const BACK_MATTER: Record<BackMatterPageKind, { id: string; semantics: string }> = {
  acknowledgements: { id: "acknowledgements", semantics: `class="back-matter" epub:type="backmatter acknowledgments" role="doc-acknowledgments"` },
  aboutAuthor: { id: "about-the-author", semantics: `class="back-matter about-the-author" epub:type="backmatter"` },
  alsoBy: { id: "also-by", semantics: `class="back-matter also-by" epub:type="backmatter"` },
};

/** EPUB 3.2's image types (a book's cover is one of them: COVER_MEDIA_TYPES); another is left out, not written. */
const COVER_EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif" };

export function writeEpub(model: DocumentModel, options: WriteOptions = {}): WrittenDocument {
  const language = escapeXml(model.language?.trim() || "en");
  const direction = bookDirection(language);
  const theme = themeOf(model);
  const title = model.title?.trim() || model.chapters[0]?.title.trim() || "Untitled";
  const identifier = `urn:uuid:${randomUUID()}`;
  const modified = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
  const chapters = model.chapters.map((chapter, index) => ({
    // A back-matter page is a document of its own, named for what it is (decision 0495).
    file: `${chapter.kind ? BACK_MATTER[chapter.kind].id : `chapter-${index + 1}`}.xhtml`,
    id: chapter.kind ? BACK_MATTER[chapter.kind].id : `chapter-${index + 1}`,
    kind: chapter.kind,
    title: chapter.title.trim() || `Chapter ${index + 1}`,
    html: chapterHtml(chapter.markdown, index + 1, { xhtml: true, direction }),
    // In a part: its navigation entry sits under the part's.
    inPart: chapter.part?.trim() ? chapter.part : undefined,
  }));
  // A part-title page before each part's first chapter (issue 35 item 5, decision 0488).
  const openings = partOpenings(model.chapters);
  const parts = [...openings].map(([at, partTitle], index) => ({ at, file: `part-${index + 1}.xhtml`, id: `part-${index + 1}`, title: partTitle }));
  const partAt = new Map(parts.map((part) => [part.at, part]));
  // The reading order: each part's page, then its chapters.
  const body = chapters.flatMap((c, index) => [...(partAt.has(index) ? [partAt.get(index)!] : []), c]);
  const files: Zippable = {};
  // fflate writes entries in insertion order: mimetype must come first, uncompressed.
  files.mimetype = [encodeUtf8("application/epub+zip"), { level: 0 }];
  files["META-INF/container.xml"] = encodeUtf8(`<?xml version="1.0" encoding="utf-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`);
  const titleBody = `<section class="title-block" epub:type="titlepage">\n<p class="title">${escapeXml(title)}</p>\n${model.author ? `<p class="author">${escapeXml(model.author)}</p>\n` : ""}</section>`;
  // Front matter (issue 19 item 14): a cover page, then the title page, copyright and dedication, each a file of its own.
  const coverExtension = model.cover && COVER_EXTENSIONS[model.cover.mediaType];
  const coverImage = coverExtension ? `cover.${coverExtension}` : undefined;
  const front = frontMatterPages(model).map((page) => ({ id: page.kind, file: `${page.kind}.xhtml`, title: page.kind === "copyright" ? "Copyright" : "Dedication", body: frontMatterSection(page.kind, page.paragraphs, true) }));
  const backMatter = chapters.filter((c) => c.kind !== undefined);
  const landmarks = [
    coverImage && `<li><a epub:type="cover" href="cover.xhtml">Cover</a></li>`,
    `<li><a epub:type="titlepage" href="title.xhtml">Title Page</a></li>`,
    `<li><a epub:type="toc" href="nav.xhtml#toc">Contents</a></li>`,
    body[0] && `<li><a epub:type="bodymatter" href="${body[0].file}">Start of Content</a></li>`,
    // The back matter's first page, and the acknowledgements by their own name (decision 0495).
    backMatter[0] && `<li><a epub:type="backmatter" href="${backMatter[0].file}">Back Matter</a></li>`,
    ...backMatter.filter((c) => c.kind === "acknowledgements").map((c) => `<li><a epub:type="acknowledgments" href="${c.file}">${escapeXml(c.title)}</a></li>`),
  ].filter(Boolean);
  const nav = `<nav epub:type="toc" id="toc" role="doc-toc">\n<h1>Contents</h1>\n<ol>\n${tableOfContents(chapters, partAt)}\n</ol>\n</nav>
<nav epub:type="landmarks" id="landmarks" hidden="">\n<h2>Landmarks</h2>\n<ol>\n${landmarks.join("\n")}\n</ol>\n</nav>`;
  const oebps: Record<string, string> = {
    // The indent before the sections' own rules, which take it off the copyright, dedication and title.
    "style.css": `${paragraphIndentCss(themedParagraphIndent(model))}\n${stylesheet(theme, language)}\n${sceneBreakCss({ ...options, sceneBreak: options.sceneBreak ?? theme.sceneBreak })}`,
    "title.xhtml": xhtml(title, language, direction, titleBody),
    "nav.xhtml": xhtml("Contents", language, direction, nav),
  };
  if (coverImage) {
    oebps["cover.xhtml"] = xhtml("Cover", language, direction, `<section class="cover" epub:type="cover">\n<img src="${coverImage}" alt="${escapeXml(title)}"/>\n</section>`);
  }
  for (const page of front) oebps[page.file] = xhtml(page.title, language, direction, page.body);
  for (const part of parts) {
    oebps[part.file] = xhtml(part.title, language, direction, `<section class="part" epub:type="part" role="doc-part">\n<h1>${escapeXml(part.title)}</h1>\n</section>`);
  }
  for (const c of chapters) {
    const semantics = c.kind ? BACK_MATTER[c.kind].semantics : `epub:type="chapter" role="doc-chapter"`;
    oebps[c.file] = xhtml(c.title, language, direction, `<section ${semantics}>\n<h1>${escapeXml(c.title)}</h1>\n${c.html}</section>`);
  }
  oebps["content.opf"] = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${language}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">${identifier}</dc:identifier>
<dc:title>${escapeXml(title)}</dc:title>
<dc:language>${language}</dc:language>
${model.author ? `<dc:creator>${escapeXml(model.author)}</dc:creator>\n` : ""}<meta property="dcterms:modified">${modified}</meta>
${accessibilityMetadata(coverImage !== undefined, model.accessibilityClaim)}
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="style" href="style.css" media-type="text/css"/>
${coverImage ? `<item id="cover-image" href="${coverImage}" media-type="${model.cover!.mediaType}" properties="cover-image"/>\n<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>\n` : ""}<item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>
${front.map((p) => `<item id="${p.id}" href="${p.file}" media-type="application/xhtml+xml"/>\n`).join("")}${body.map((c) => `<item id="${c.id}" href="${c.file}" media-type="application/xhtml+xml"/>`).join("\n")}
</manifest>
<spine page-progression-direction="${direction}">
${coverImage ? `<itemref idref="cover"/>\n` : ""}<itemref idref="title"/>
${front.map((p) => `<itemref idref="${p.id}"/>\n`).join("")}<itemref idref="nav" linear="no"/>
${body.map((c) => `<itemref idref="${c.id}"/>`).join("\n")}
</spine>
</package>
`;
  for (const [name, text] of Object.entries(oebps)) files[`OEBPS/${name}`] = encodeUtf8(text);
  // Images are compressed already: stored, not deflated again.
  if (coverImage) files[`OEBPS/${coverImage}`] = [new Uint8Array(Buffer.from(model.cover!.base64, "base64")), { level: 0 }];
  return { bytes: zipSync(files, { level: 6 }), mediaType: "application/epub+zip", extension: "epub" };
}

/** The navigation's list: a chapter outside any part as an item, a part as an item holding its chapters' list. */
function tableOfContents(chapters: { file: string; title: string; inPart?: string }[], partAt: Map<number, { file: string; title: string }>): string {
  const items: string[] = [];
  let open = false;
  chapters.forEach((c, index) => {
    const part = partAt.get(index);
    if (open && (part || !c.inPart)) {
      items.push("</ol></li>");
      open = false;
    }
    if (part) {
      items.push(`<li><a href="${part.file}">${escapeXml(part.title)}</a><ol>`);
      open = true;
    }
    items.push(`<li><a href="${c.file}">${escapeXml(c.title)}</a></li>`);
  });
  if (open) items.push("</ol></li>");
  return items.join("\n");
}
