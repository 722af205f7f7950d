import { zipSync, type Zippable } from "fflate";
import { bookDirection } from "../direction";
import { frontMatterPages, sceneBreakMark } from "../compile";
import { lexChapter, plainText, tableRows, type Footnote, type Token } from "../markdown/tokens";
import { linkTarget } from "../markdown/link-target";
import { chapterTitleOf, type DocumentModel, type WriteOptions, type WrittenDocument } from "../model";
import { encodeUtf8 } from "../text";

/**
 * ODT (OpenDocument 1.2) written by the engine itself, as the DOCX writer writes DOCX: pandoc-wasm's
 * ODT writer took 2.5 times native pandoc's time for a novel (issue 19). A title page, the
 * copyright and dedication each on a page of their own, then each chapter a level-1 heading on a
 * new page. Styles carry LibreOffice's own names (Text body, Heading 1, Quotations …), so a writer
 * restyling the book finds them where they expect. Reading ODT stays pandoc's.
 */

const MEDIA_TYPE = "application/vnd.oasis.opendocument.text";
const SERIF = "Liberation Serif";
const MONO = "Liberation Mono";
const BODY = "Text_20_body";
const LIST = "List_20_Contents";

const NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
].join(" ");

/** Inline marks as bits: each combination in use is one automatic text style, `T<bits>`. */
const ITALIC = 1;
const BOLD = 2;
const STRIKE = 4;
const CODE = 8;

interface Context {
  out: string[];
  sceneBreak: string;
  /** the mark combinations the text uses, each written as an automatic style */
  marks: Set<number>;
  /** the chapter's footnotes by label, and the document-wide number of each one cited so far */
  notes: Map<string, Footnote>;
  cited: Map<string, number>;
  nextNote: number;
  /** inside a note's body, where ODF allows no note and a heading would be read as a chapter */
  inNote: boolean;
}

// ---------------------------------------------------------------------------------------------
// Text

/**
 * Characters as XML for an attribute or metadata: markup escaped, and what XML 1.0 forbids
 * (controls, lone surrogates, U+FFFE/U+FFFF) dropped. One pass, whatever the input.
 */
function xmlEscape(text: string): string {
  const out: string[] = [];
  pushText(out, text, false, false);
  return out.join("");
}

const ENTITY: Record<number, string> = { 0x26: "&amp;", 0x3c: "&lt;", 0x3e: "&gt;", 0x22: "&quot;" };

/**
 * Text as a paragraph's content. ODF collapses white space, so of a run of spaces only the first
 * is written as a space and the rest as `<text:s text:c="N"/>` (all of them where the text starts
 * or a code line does, which may open a paragraph, where even one would be dropped); tabs are
 * `<text:tab/>`. In code a newline is a line break, in prose a space (a soft break). `markup`
 * false: plain escaped text, for attributes.
 */
function pushText(out: string[], text: string, code: boolean, markup = true): void {
  let start = 0;
  let lineStart = markup;
  const flush = (end: number, replacement: string) => {
    if (end > start) out.push(text.slice(start, end));
    if (replacement) out.push(replacement);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 && markup) {
      let end = i + 1;
      while (end < text.length && text.charCodeAt(end) === 0x20) end++;
      const literal = lineStart ? 0 : 1;
      const spaces = end - i - literal;
      if (spaces > 0) {
        flush(i + literal, spaces === 1 ? "<text:s/>" : `<text:s text:c="${spaces}"/>`);
        start = end;
      }
      i = end - 1;
      lineStart = false;
      continue;
    }
    lineStart = false;
    if (c >= 0x20 && c < 0xd800 && c !== 0x26 && c !== 0x3c && c !== 0x3e && c !== 0x22) continue;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      i++;
      continue;
    }
    if (c >= 0xe000 && c < 0xfffe) continue;
    let replacement = ENTITY[c] ?? "";
    if (c === 0x09) replacement = markup ? "<text:tab/>" : " ";
    else if (c === 0x0a) {
      replacement = code && markup ? "<text:line-break/>" : " ";
      lineStart = code && markup;
    }
    flush(i, replacement);
    start = i + 1;
  }
  flush(text.length, "");
}

function span(ctx: Context, text: string, marks: number): void {
  if (!text) return;
  if (marks === 0) return pushText(ctx.out, text, false);
  ctx.marks.add(marks);
  ctx.out.push(`<text:span text:style-name="T${marks}">`);
  pushText(ctx.out, text, false);
  ctx.out.push("</text:span>");
}

// ---------------------------------------------------------------------------------------------
// Inline and block tokens

function inline(ctx: Context, tokens: readonly Token[] | undefined, marks: number): void {
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        inline(ctx, token.tokens, marks | BOLD);
        break;
      case "em":
        inline(ctx, token.tokens, marks | ITALIC);
        break;
      case "del":
        inline(ctx, token.tokens, marks | STRIKE);
        break;
      case "br":
        ctx.out.push("<text:line-break/>");
        break;
      case "footnoteRef":
        note(ctx, (token as unknown as { label: string }).label);
        break;
      case "codespan":
        span(ctx, plainText([token]), marks | CODE);
        break;
      case "link": {
        // Links a reader may follow; any other (javascript:, file:) is printed as its text alone.
        const target = linkTarget(token.href);
        if (target === null) {
          inline(ctx, token.tokens, marks);
          break;
        }
        ctx.out.push(`<text:a xlink:type="simple" xlink:href="${xmlEscape(target)}">`);
        inline(ctx, token.tokens, marks);
        ctx.out.push("</text:a>");
        break;
      }
      default:
        if ("tokens" in token && token.tokens) inline(ctx, token.tokens, marks);
        else span(ctx, plainText([token]), marks);
    }
  }
}

/**
 * A footnote where it is first cited, its paragraphs in the note's body; cited again, a reference
 * to that note (a second body would print the note twice, and a chapter citing one long note
 * thousands of times would be written thousands of times over).
 */
function note(ctx: Context, label: string): void {
  const footnote = ctx.notes.get(label);
  if (!footnote || ctx.inNote) return;
  const cited = ctx.cited.get(label);
  if (cited !== undefined) {
    ctx.out.push(`<text:note-ref text:note-class="footnote" text:reference-format="text" text:ref-name="ftn${cited}">${cited}</text:note-ref>`);
    return;
  }
  const number = ctx.nextNote++;
  ctx.cited.set(label, number);
  ctx.out.push(`<text:note text:id="ftn${number}" text:note-class="footnote"><text:note-citation>${number}</text:note-citation><text:note-body>`);
  const before = ctx.out.length;
  ctx.inNote = true;
  blocks(ctx, footnote.tokens, "Footnote");
  ctx.inNote = false;
  if (ctx.out.length === before) ctx.out.push('<text:p text:style-name="Footnote"></text:p>');
  ctx.out.push("</text:note-body></text:note>");
}

function paragraph(ctx: Context, style: string, tokens: readonly Token[] | undefined): void {
  ctx.out.push(`<text:p text:style-name="${style}">`);
  inline(ctx, tokens, 0);
  ctx.out.push("</text:p>");
}

/** A chapter's blocks in `style`; prose's first paragraph after a heading or a break is not indented. */
function blocks(ctx: Context, tokens: readonly Token[], style: string): void {
  let first = true;
  for (const token of tokens) {
    switch (token.type) {
      case "space":
      case "def":
        break;
      case "hr":
        // A blank break (a space break) is an empty paragraph: a line of space in the text.
        ctx.out.push('<text:p text:style-name="Scene_20_Break">');
        pushText(ctx.out, ctx.sceneBreak, false);
        ctx.out.push("</text:p>");
        first = true;
        break;
      case "heading":
        if (ctx.inNote) {
          paragraph(ctx, style, token.tokens);
          break;
        }
        ctx.out.push('<text:h text:style-name="Heading_20_2" text:outline-level="2">');
        inline(ctx, token.tokens, 0);
        ctx.out.push("</text:h>");
        first = true;
        break;
      case "list":
        list(ctx, token.ordered as boolean, token.items as { tokens: Token[] }[]);
        break;
      case "blockquote":
        blocks(ctx, token.tokens ?? [], "Quotations");
        break;
      case "table":
        table(ctx, tableRows(token), style === LIST);
        break;
      case "code":
        ctx.out.push('<text:p text:style-name="Preformatted_20_Text">');
        pushText(ctx.out, token.text, true);
        ctx.out.push("</text:p>");
        break;
      default:
        paragraph(ctx, style === BODY && first ? "First_20_Paragraph" : style, "tokens" in token && token.tokens ? token.tokens : [token]);
        first = false;
    }
  }
}

function list(ctx: Context, ordered: boolean, items: readonly { tokens: Token[] }[]): void {
  ctx.out.push(`<text:list text:style-name="${ordered ? "L_20_Numbers" : "L_20_Bullets"}">`);
  for (const item of items) {
    ctx.out.push("<text:list-item>");
    const before = ctx.out.length;
    blocks(ctx, item.tokens, LIST);
    // A list item holds at least one paragraph.
    if (ctx.out.length === before) ctx.out.push(`<text:p text:style-name="${LIST}"></text:p>`);
    ctx.out.push("</text:list-item>");
  }
  ctx.out.push("</text:list>");
}

/** A GFM table (its rows, the header first) as an ODF table; in a list item, where ODF allows no table, a paragraph a cell. */
function table(ctx: Context, rows: readonly Token[][][], inList: boolean): void {
  if (inList) {
    for (const cell of rows.flat()) paragraph(ctx, LIST, cell);
    return;
  }
  ctx.out.push(`<table:table><table:table-column table:number-columns-repeated="${Math.max(rows[0]?.length ?? 0, 1)}"/>`);
  for (const row of rows) {
    ctx.out.push("<table:table-row>");
    for (const cell of row) {
      ctx.out.push('<table:table-cell office:value-type="string">');
      paragraph(ctx, "Table_20_Contents", cell);
      ctx.out.push("</table:table-cell>");
    }
    ctx.out.push("</table:table-row>");
  }
  ctx.out.push("</table:table>");
}

// ---------------------------------------------------------------------------------------------
// The body

function titlePage(ctx: Context, model: DocumentModel): void {
  if (!model.title?.trim()) return;
  ctx.out.push('<text:p text:style-name="Title">', xmlEscape(model.title), "</text:p>");
  if (model.author?.trim()) ctx.out.push('<text:p text:style-name="Author">', xmlEscape(model.author), "</text:p>");
}

/** The copyright and dedication, each page's first paragraph in a style that starts a new page. */
function frontMatter(ctx: Context, model: DocumentModel): void {
  for (const page of frontMatterPages(model)) {
    const style = page.kind === "copyright" ? "Copyright" : "Dedication";
    page.paragraphs.forEach((lines, index) => {
      ctx.out.push(`<text:p text:style-name="${index === 0 ? `${style}_20_Page` : style}">`);
      lines.forEach((line, i) => ctx.out.push(i > 0 ? "<text:line-break/>" : "", xmlEscape(line)));
      ctx.out.push("</text:p>");
    });
  }
}

function chapters(ctx: Context, model: DocumentModel): void {
  model.chapters.forEach((chapter, index) => {
    const { blocks: chapterBlocks, footnotes } = lexChapter(chapter.markdown);
    ctx.notes = new Map(footnotes.map((f) => [f.label, f]));
    ctx.cited = new Map();
    const title = chapterTitleOf(chapter, index, model.language);
    ctx.out.push('<text:h text:style-name="Heading_20_1" text:outline-level="1">', xmlEscape(title), "</text:h>");
    blocks(ctx, chapterBlocks, BODY);
    // A definition nobody cites is still the writer's text: a note at the chapter's end.
    for (const footnote of footnotes) {
      if (ctx.cited.has(footnote.label)) continue;
      ctx.out.push(`<text:p text:style-name="${BODY}">`);
      note(ctx, footnote.label);
      ctx.out.push("</text:p>");
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Styles

/** A BCP 47 tag's language and region, as ODF's fo:language and fo:country want them. */
function languageParts(tag: string): { language: string; country?: string; script?: string } {
  const [language = "", ...rest] = tag.split(/[-_]/);
  const country = rest.find((part) => /^(?:[a-z]{2}|\d{3})$/i.test(part))?.toUpperCase();
  const script = rest.find((part) => /^[a-z]{4}$/i.test(part))?.toLowerCase();
  return { language: language.toLowerCase(), country, script };
}

const ASIAN = new Set(["zh", "ja", "ko"]);

/** Noto's CJK serif in the variant for the book's script: Traditional Chinese where it is written. */
function cjkFont(language: string, country: string | undefined, script: string | undefined): string {
  if (language === "ja") return "Noto Serif CJK JP";
  if (language === "ko") return "Noto Serif CJK KR";
  const traditional = script === "hant" || (script === undefined && (country === "TW" || country === "HK" || country === "MO"));
  return traditional ? "Noto Serif CJK TC" : "Noto Serif CJK SC";
}

/**
 * The default text properties: the book's language on the script it is written in (Western, Asian
 * or complex, as ODF sorts them), and the fonts for each.
 */
function defaultTextProperties(tag: string | undefined): string {
  const { language, country, script } = languageParts(tag ?? "");
  const attributes = [`style:font-name="${SERIF}"`, 'fo:font-size="12pt"', `style:font-name-asian="${cjkFont(language, country, script)}"`, 'style:font-size-asian="12pt"'];
  const set = (kind: "fo:" | "style:", suffix: string) => {
    attributes.push(`${kind}language${suffix}="${language}"`);
    if (country) attributes.push(`${kind}country${suffix}="${country}"`);
  };
  if (/^[a-z]{2,3}$/.test(language)) {
    if (ASIAN.has(language)) set("style:", "-asian");
    else if (bookDirection(language) === "rtl") set("style:", "-complex");
    else set("fo:", "");
  }
  return `<style:text-properties ${attributes.join(" ")}/>`;
}

const FONT_FACES = (cjk: string) =>
  `<office:font-face-decls>` +
  `<style:font-face style:name="${SERIF}" svg:font-family="'${SERIF}'" style:font-family-generic="roman" style:font-pitch="variable"/>` +
  `<style:font-face style:name="${MONO}" svg:font-family="'${MONO}'" style:font-family-generic="modern" style:font-pitch="fixed"/>` +
  `<style:font-face style:name="${cjk}" svg:font-family="'${cjk}'" style:font-family-generic="system" style:font-pitch="variable"/>` +
  `</office:font-face-decls>`;

/** A named paragraph style: `name` as ODF encodes it (a space is _20_), shown as `display`. */
function paragraphStyle(name: string, display: string, parent: string, paragraphProps = "", textProps = "", extra = ""): string {
  return (
    `<style:style style:name="${name}" style:display-name="${display}" style:family="paragraph" style:parent-style-name="${parent}"${extra}>` +
    (paragraphProps && `<style:paragraph-properties ${paragraphProps}/>`) +
    (textProps && `<style:text-properties ${textProps}/>`) +
    `</style:style>`
  );
}

const BOLD_PROPS = 'fo:font-weight="bold" style:font-weight-asian="bold" style:font-weight-complex="bold"';
const ITALIC_PROPS = 'fo:font-style="italic" style:font-style-asian="italic" style:font-style-complex="italic"';

function stylesXml(model: DocumentModel, cjk: string): string {
  const rtl = bookDirection(model.language) === "rtl";
  const writingMode = `style:writing-mode="${rtl ? "rl-tb" : "lr-tb"}"`;
  const named = [
    `<style:style style:name="Standard" style:family="paragraph" style:class="text"/>`,
    paragraphStyle(BODY, "Text body", "Standard", 'fo:margin-top="0in" fo:margin-bottom="0in" fo:line-height="130%" fo:text-indent="0.25in"', "", ' style:class="text"'),
    paragraphStyle("First_20_Paragraph", "First Paragraph", BODY, 'fo:text-indent="0in"', "", ' style:class="text"'),
    paragraphStyle("Heading", "Heading", "Standard", 'fo:margin-top="0.5in" fo:margin-bottom="0.3in" fo:keep-with-next="always"', 'fo:font-size="16pt"', ` style:next-style-name="${BODY}" style:class="text"`),
    paragraphStyle("Heading_20_1", "Heading 1", "Heading", 'fo:text-align="center" fo:break-before="page"', `fo:font-size="18pt" ${BOLD_PROPS}`, ' style:default-outline-level="1" style:class="text"'),
    paragraphStyle("Heading_20_2", "Heading 2", "Heading", 'fo:margin-top="0.25in" fo:margin-bottom="0.1in"', `fo:font-size="14pt" ${BOLD_PROPS}`, ' style:default-outline-level="2" style:class="text"'),
    paragraphStyle("Title", "Title", "Heading", 'fo:text-align="center" fo:margin-top="2in"', `fo:font-size="28pt" ${BOLD_PROPS}`, ' style:class="chapter"'),
    paragraphStyle("Subtitle", "Subtitle", "Heading", 'fo:text-align="center"', 'fo:font-size="18pt"', ' style:class="chapter"'),
    paragraphStyle("Author", "Author", "Subtitle", "", 'fo:font-size="16pt"', ' style:class="chapter"'),
    paragraphStyle("Copyright", "Copyright", "Standard", 'fo:margin-bottom="0.1in"', 'fo:font-size="10pt"', ' style:class="extra"'),
    paragraphStyle("Dedication", "Dedication", "Standard", 'fo:text-align="center" fo:margin-bottom="0.1in"', ITALIC_PROPS, ' style:class="extra"'),
    paragraphStyle("Quotations", "Quotations", "Standard", 'fo:margin-left="0.4in" fo:margin-right="0.4in" fo:margin-top="0in" fo:margin-bottom="0.1in"', "", ' style:class="html"'),
    paragraphStyle("Preformatted_20_Text", "Preformatted Text", "Standard", 'fo:margin-top="0in" fo:margin-bottom="0in"', `style:font-name="${MONO}" fo:font-size="10pt"`, ' style:class="html"'),
    paragraphStyle(LIST, "List Contents", "Standard", 'fo:margin-bottom="0.05in"', "", ' style:class="list"'),
    paragraphStyle("Table_20_Contents", "Table Contents", "Standard", "", "", ' style:class="extra"'),
    paragraphStyle("Scene_20_Break", "Scene Break", "Standard", 'fo:text-align="center" fo:margin-top="0.15in" fo:margin-bottom="0.15in"', "", ' style:class="text"'),
    paragraphStyle("Footnote", "Footnote", "Standard", 'fo:margin-left="0.2in" fo:text-indent="-0.2in"', 'fo:font-size="10pt"', ' style:class="extra"'),
  ];
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-styles ${NAMESPACES} office:version="1.2">` +
    FONT_FACES(cjk) +
    `<office:styles>` +
    `<style:default-style style:family="paragraph"><style:paragraph-properties ${writingMode}/>${defaultTextProperties(model.language)}</style:default-style>` +
    named.join("") +
    `<text:notes-configuration text:note-class="footnote" style:num-format="1" text:start-value="0" text:footnotes-position="page" text:start-numbering-at="document"/>` +
    `</office:styles>` +
    // US Letter with 1-inch margins, as the DOCX writer sets its pages.
    `<office:automatic-styles><style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="8.5in" fo:page-height="11in" fo:margin-top="1in" fo:margin-bottom="1in" fo:margin-left="1in" fo:margin-right="1in" ${writingMode}/></style:page-layout></office:automatic-styles>` +
    `<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1"/></office:master-styles>` +
    `</office:document-styles>`
  );
}

function markStyle(marks: number): string {
  const props = [
    marks & ITALIC ? ITALIC_PROPS : "",
    marks & BOLD ? BOLD_PROPS : "",
    marks & STRIKE ? 'style:text-line-through-style="solid" style:text-line-through-type="single"' : "",
    marks & CODE ? `style:font-name="${MONO}"` : "",
  ].filter(Boolean);
  return `<style:style style:name="T${marks}" style:family="text"><style:text-properties ${props.join(" ")}/></style:style>`;
}

function listStyle(name: string, ordered: boolean): string {
  const levels = Array.from({ length: 10 }, (_, i) => {
    const level = i + 1;
    const indent = `<style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="${0.25 * (level + 1)}in" fo:text-indent="-0.25in" fo:margin-left="${0.25 * (level + 1)}in"/></style:list-level-properties>`;
    return ordered
      ? `<text:list-level-style-number text:level="${level}" style:num-suffix="." style:num-format="1">${indent}</text:list-level-style-number>`
      : `<text:list-level-style-bullet text:level="${level}" text:bullet-char="•">${indent}</text:list-level-style-bullet>`;
  });
  return `<text:list-style style:name="${name}">${levels.join("")}</text:list-style>`;
}

/** The first paragraph of a front page, in its page's style, on a page of its own. */
const PAGE_STYLES = ["Copyright", "Dedication"].map(
  (parent) => `<style:style style:name="${parent}_20_Page" style:family="paragraph" style:parent-style-name="${parent}"><style:paragraph-properties fo:break-before="page" fo:margin-top="${parent === "Copyright" ? 4 : 2}in"/></style:style>`,
);

function contentXml(ctx: Context, cjk: string): string {
  const automatic = [...PAGE_STYLES, listStyle("L_20_Bullets", false), listStyle("L_20_Numbers", true), ...[...ctx.marks].sort((a, b) => a - b).map(markStyle)];
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content ${NAMESPACES} office:version="1.2">${FONT_FACES(cjk)}<office:automatic-styles>${automatic.join("")}</office:automatic-styles><office:body><office:text>`;
  return head + ctx.out.join("") + "</office:text></office:body></office:document-content>";
}

function metaXml(model: DocumentModel): string {
  const fields = [
    "<meta:generator>Inkstone</meta:generator>",
    model.title?.trim() && `<dc:title>${xmlEscape(model.title)}</dc:title>`,
    model.author?.trim() && `<dc:creator>${xmlEscape(model.author)}</dc:creator><meta:initial-creator>${xmlEscape(model.author)}</meta:initial-creator>`,
    model.language?.trim() && `<dc:language>${xmlEscape(model.language.trim())}</dc:language>`,
  ].filter(Boolean);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-meta ${NAMESPACES} office:version="1.2"><office:meta>${fields.join("")}</office:meta></office:document-meta>`;
}

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">
<manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="${MEDIA_TYPE}"/>
<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>
<manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>
</manifest:manifest>
`;

export function writeOdt(model: DocumentModel, options: WriteOptions = {}): WrittenDocument {
  const ctx: Context = { out: [], sceneBreak: sceneBreakMark(options.sceneBreak, "* * *"), marks: new Set(), notes: new Map(), cited: new Map(), nextNote: 1, inNote: false };
  titlePage(ctx, model);
  frontMatter(ctx, model);
  chapters(ctx, model);
  const { language, country, script } = languageParts(model.language ?? "");
  const cjk = cjkFont(language, country, script);
  const files: Zippable = {};
  // fflate writes entries in insertion order: ODF wants mimetype first, uncompressed.
  files.mimetype = [encodeUtf8(MEDIA_TYPE), { level: 0 }];
  files["META-INF/manifest.xml"] = encodeUtf8(MANIFEST);
  files["content.xml"] = encodeUtf8(contentXml(ctx, cjk));
  files["styles.xml"] = encodeUtf8(stylesXml(model, cjk));
  files["meta.xml"] = encodeUtf8(metaXml(model));
  return { bytes: zipSync(files, { level: 6 }), mediaType: MEDIA_TYPE, extension: "odt" };
}
