import TurndownService from "turndown";
import { SCENE_BREAK } from "../../../text/scene-break";
import { splitMarkdown, unescapeInline } from "../markdown/chapters";
import type { DocumentModel } from "../model";
import { decodeUtf8 } from "../text";

/**
 * HTML → Markdown with turndown, then chapters at the top heading level. Footnotes written by
 * Inkstone, pandoc, mammoth (DOCX) and EPUB tools become Markdown footnotes; a paragraph of only
 * asterisks, hashes or a dinkus is a scene break.
 */

/**
 * The title page, marked by Inkstone: the classes the DOCX reader gives Word's Title, Author and
 * Date paragraphs and a manuscript's contact lines (./docx.ts), and Inkstone's Djot gives its title
 * and author. Their text is the book's metadata (a title, an author) or nothing of the book.
 */
const TITLE_PAGE_CLASS = /^inkstone-(title|author|date|page)$/;

const NOTE_ID = /^(?:fn|footnote|note|endnote)[-_:]?(.+)$/i;
const BACK_ID = /^#?(?:fnref|footnote-ref|noteref)[-_:]?/i;

/**
 * A note's Markdown label from its id. An endnote keeps a mark of its own: a DOCX numbers its
 * footnotes and endnotes each from 1, and "footnote-1" and "endnote-1" are two notes.
 */
function labelOf(id: string): string {
  const match = NOTE_ID.exec(id);
  const label = match ? `${/^endnote/i.test(id) ? "e" : ""}${match[1]}` : id;
  return label.replace(/[^\p{L}\p{N}_-]/gu, "-");
}

/** The id a note reference points at: the fragment of its href, in this document or another of the book. */
function noteTarget(node: HTMLElement): string {
  const href = node.getAttribute("href") ?? "";
  return href.slice(href.indexOf("#") + 1);
}

function isBackLink(node: HTMLElement): boolean {
  const href = node.getAttribute("href") ?? "";
  const role = node.getAttribute("role") ?? "";
  return BACK_ID.test(href) || /footnote-back/.test(node.className) || role === "doc-backlink" || /^[↩↑⤴]\uFE0E?$/.test(node.textContent?.trim() ?? "");
}

function isNoteRef(node: HTMLElement): boolean {
  if (node.nodeName !== "A" || isBackLink(node)) return false;
  const href = node.getAttribute("href") ?? "";
  // EPUB 3 marks its references, whatever their ids are called (<a epub:type="noteref" href="notes.xhtml#n2">).
  const marked = /\bnoteref\b/.test(node.getAttribute("epub:type") ?? "") || node.getAttribute("role") === "doc-noteref";
  return href.includes("#") && (marked || (href.startsWith("#") && NOTE_ID.test(href.slice(1))));
}

/** The elements that hold a paragraph's lines; a break is looked at up to the nearest of them. */
const BLOCK = /^(?:P|DIV|LI|DD|DT|TD|TH|BLOCKQUOTE|H[1-6]|SECTION|ARTICLE|ASIDE|HEADER|FOOTER|BODY|CENTER|FIGCAPTION|PRE)$/;

/**
 * How far a break's look reaches: so many following siblings, through so many elements around it.
 * A paragraph of a million breaks would otherwise have each look at all the rest; past the reach, a
 * break is kept, as every break was before.
 */
const SIBLINGS_LOOKED_AT = 32;
const LEVELS_LOOKED_UP = 8;

/** Whether nothing follows a line break in its paragraph but space and other breaks. */
function breaksNoLine(br: HTMLElement): boolean {
  let node: Node | null = br;
  for (let level = 0; node && !BLOCK.test(node.nodeName); level++, node = node.parentNode) {
    if (level === LEVELS_LOOKED_UP) return false;
    let next = node.nextSibling;
    for (let looked = 0; next; looked++, next = next.nextSibling) {
      if (looked === SIBLINGS_LOOKED_AT) return false;
      if (next.nodeName === "IMG" || (next.textContent ?? "").trim() !== "" || (next as Element).getElementsByTagName?.("img").length) return false;
    }
  }
  return true;
}

/** A link with no scheme (a place in this document or another of the book), or none at all. */
function isInternal(node: HTMLElement): boolean {
  const href = (node.getAttribute("href") ?? "").trim();
  return !/^[a-z][a-z0-9+.-]*:/i.test(href);
}

/** An element whose text is all in links into the document: an entry of a table of contents. */
function isTocEntry(node: HTMLElement): boolean {
  const links = Array.from(node.querySelectorAll("a[href]")) as HTMLElement[];
  if (links.length === 0 || !links.every((a) => isInternal(a) && !isNoteRef(a) && !isBackLink(a))) return false;
  const linked = links.reduce((sum, a) => sum + (a.textContent ?? "").replace(/\s+/g, "").length, 0);
  return linked > 0 && linked === (node.textContent ?? "").replace(/\s+/g, "").length;
}

/** Text as a fenced code block, its fence longer than any run of backticks in it. */
function fence(text: string): string {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === "`" ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  const marks = "`".repeat(Math.max(3, longest + 1));
  return `${marks}\n${text.replace(/^\n/, "").replace(/\n$/, "")}\n${marks}`;
}

function isNoteItem(node: HTMLElement): boolean {
  const type = node.getAttribute("epub:type") ?? "";
  return (node.nodeName === "LI" || node.nodeName === "ASIDE" || node.nodeName === "DIV") && (NOTE_ID.test(node.id) || /footnote|endnote|rearnote/.test(type)) && !!node.id;
}

interface TitlePage {
  title?: string;
  author?: string;
}

function turndown(): { service: TurndownService; notes: Map<string, string>; titlePage: TitlePage } {
  const notes = new Map<string, string>();
  const titlePage: TitlePage = {};
  const service = new TurndownService({ headingStyle: "atx", hr: "***", emDelimiter: "*", strongDelimiter: "**", bulletListMarker: "-", codeBlockStyle: "fenced", br: "\\" });
  service.remove(["script", "style", "head", "title", "nav"]);
  // Only a title block known to hold metadata is dropped: pandoc's header, and the title-page
  // paragraphs the DOCX reader marks. A class named "title" elsewhere (DocBook's <h2 class="title">,
  // a chapter's <h1 class="title">) is the writer's text and is kept.
  service.addRule("titleBlock", {
    filter: (node) => (node.nodeName === "HEADER" && /title-block/.test(node.className + node.id)) || TITLE_PAGE_CLASS.test(node.className),
    replacement: (content, node) => {
      const field = TITLE_PAGE_CLASS.exec((node as HTMLElement).className)?.[1];
      // pandoc puts a heading's classes on the section around it: its content is a Markdown heading.
      const value = unescapeInline(content.replace(/\s+/g, " ").trim().replace(/^#{1,6} /, ""));
      if ((field === "title" || field === "author") && value && !titlePage[field]) titlePage[field] = field === "author" ? value.replace(/^by\s+/i, "") : value;
      return "";
    },
  });
  service.addRule("noteRef", { filter: (node) => isNoteRef(node), replacement: (_c, node) => `[^${labelOf(noteTarget(node as HTMLElement))}]` });
  service.addRule("backLink", { filter: (node) => node.nodeName === "A" && isBackLink(node), replacement: () => "" });
  service.addRule("noteItem", {
    filter: (node) => isNoteItem(node),
    replacement: (content, node) => {
      const body = content.trim().replace(/\n/g, "\n    ");
      notes.set(labelOf((node as HTMLElement).id), body);
      return "";
    },
  });
  service.addRule("notesSection", {
    filter: (node) => {
      const role = node.getAttribute("role") ?? "";
      return /^(SECTION|DIV|ASIDE|OL)$/.test(node.nodeName) && (/\bfootnotes\b/.test(node.className) || role === "doc-endnotes" || /endnotes|footnotes/.test(node.getAttribute("epub:type") ?? "") || holdsOnlyNotes(node));
    },
    replacement: () => "",
  });
  // A break with no text after it in its paragraph (Gutenberg's <p><br/></p> spacers, a stray one
  // at a paragraph's end) breaks no line: in Markdown it would stand as a backslash, printed.
  service.addRule("idleBreak", { filter: (node) => node.nodeName === "BR" && breaksNoLine(node), replacement: () => "" });
  service.addRule("sceneBreak", { filter: (node) => node.nodeName === "P" && SCENE_BREAK.test((node.textContent ?? "").trim()), replacement: () => "\n\n***\n\n" });
  service.addRule("superscript", { filter: ["sup"], replacement: (content) => content });
  // Page numbers of the printed book an e-book marks: not the writer's text.
  service.addRule("pageBreak", {
    filter: (node) => /\bpagebreak\b/.test(node.getAttribute("epub:type") ?? "") || node.getAttribute("role") === "doc-pagebreak",
    replacement: () => "",
  });
  // A link into the document goes nowhere once the document is chapters: its text stays, the
  // link does not (a re-exported EPUB would fail epubcheck on it). A source's table of contents,
  // paragraphs or items that are nothing but such links, goes with them.
  service.addRule("tableOfContents", { filter: (node) => /^(P|LI|TR)$/.test(node.nodeName) && isTocEntry(node), replacement: () => "" });
  service.addRule("internalLink", {
    filter: (node) => node.nodeName === "A" && isInternal(node) && !isNoteRef(node) && !isBackLink(node),
    replacement: (content) => content,
  });
  // Preformatted text without <code> (a poem's layout, a letter) is a code block, never raw HTML.
  service.addRule("preformatted", {
    filter: (node) => node.nodeName === "PRE" && node.getElementsByTagName("code").length === 0,
    replacement: (_content, node) => `\n\n${fence(node.textContent ?? "")}\n\n`,
  });
  return { service, notes, titlePage };
}

/**
 * The document without its doctype declarations. An HTML parser ends a doctype at its first `>`,
 * so an XHTML internal subset (`<!DOCTYPE html [ <!ENTITY …> ]>`) would leave its tail (`]>` and
 * more) in the text, even a chapter of it. One pass: quoted strings and comments inside the
 * subset are skipped whole. The entities it declares stay unexpanded, as they always were.
 */
function withoutDoctypes(html: string): string {
  const doctype = /<!doctype/gi;
  const kept: string[] = [];
  let from = 0;
  for (let found = doctype.exec(html); found; found = doctype.exec(html)) {
    kept.push(html.slice(from, found.index));
    from = doctypeEnd(html, doctype.lastIndex);
    doctype.lastIndex = from;
  }
  kept.push(html.slice(from));
  return kept.join("");
}

/** Just past the `>` that closes a doctype whose name starts at `at` (an unclosed one: its first `>`). */
function doctypeEnd(html: string, at: number): number {
  const unclosed = () => (html.indexOf(">", at) + 1 || html.length);
  let subset = false;
  for (let i = at; i < html.length; i++) {
    const c = html[i];
    if (c === '"' || c === "'") {
      const close = html.indexOf(c, i + 1);
      if (close < 0) return unclosed();
      i = close;
    } else if (subset && html.startsWith("<!--", i)) {
      const close = html.indexOf("-->", i + 4);
      if (close < 0) return unclosed();
      i = close + 2;
    } else if (c === "[") subset = true;
    else if (c === "]") subset = false;
    else if (c === ">" && !subset) return i + 1;
  }
  return unclosed();
}

// mammoth lists DOCX footnotes and endnotes as a bare <ol> of <li id="footnote-N">.
function holdsOnlyNotes(node: HTMLElement): boolean {
  if (node.nodeName !== "OL" || node.children.length === 0) return false;
  return Array.from(node.children).every((child) => isNoteItem(child as HTMLElement));
}

/** One HTML document (or fragment) as Markdown, footnote definitions appended. */
export function htmlToMarkdown(html: string): string {
  return htmlContent(html).markdown;
}

function htmlContent(html: string): { markdown: string; titlePage: TitlePage } {
  const { service, notes, titlePage } = turndown();
  const markdown = service.turndown(withoutDoctypes(html));
  const definitions = [...notes].map(([label, body]) => `[^${label}]: ${body}`);
  return { markdown: [markdown, ...definitions].join("\n\n"), titlePage };
}

/**
 * Where the first tag named `name` is, from "<name" to its ">". Found by position, not by a
 * pattern such as /<html[^>]*>/ that rescans to the end of the text from every "<html" without a ">".
 */
function firstTag(markup: string, name: string): { start: number; end: number } | undefined {
  const opening = new RegExp(`<${name}(?=[\\s/>])`, "i").exec(markup);
  const close = opening ? markup.indexOf(">", opening.index) : -1;
  return opening && close >= 0 ? { start: opening.index, end: close + 1 } : undefined;
}

/**
 * What the first element named `name` holds, up to its closing tag. A later element could only
 * close where the first one does, so one scan finds it, where /<title[^>]*>([\s\S]*?)<\/title>/
 * rescanned the rest from every "<title".
 */
export function elementText(markup: string, name: string): string | undefined {
  const start = firstTag(markup, name)?.end;
  if (start === undefined) return undefined;
  const end = new RegExp(`</${name}\\s*>`, "i").exec(markup.slice(start));
  return end ? markup.slice(start, start + end.index) : undefined;
}

/** The title, author and language an HTML head (or an EPUB's metadata) declares. */
function htmlMetadata(html: string): Pick<DocumentModel, "title" | "author" | "language"> {
  const title = elementText(html, "title");
  const author = /<meta\s+name=["']author["']\s+content=["']([^"']*)["']/i.exec(html)?.[1];
  const htmlTag = firstTag(html, "html");
  const language = htmlTag && /\s(?:xml:)?lang=["']([^"']+)["']/i.exec(html.slice(htmlTag.start, htmlTag.end))?.[1];
  const text = (s: string | undefined) => (s ? new TurndownService().turndown(s).replace(/\\(.)/g, "$1").trim() || undefined : undefined);
  return { title: text(title), author: text(author), language };
}

export function readHtml(bytes: Uint8Array): DocumentModel {
  const html = decodeUtf8(bytes);
  return htmlDocument(html);
}

export function htmlDocument(html: string): DocumentModel {
  const meta = htmlMetadata(html);
  const { markdown, titlePage } = htmlContent(html);
  const { title, chapters } = splitMarkdown(markdown);
  // A marked title page says what the book is called, over a <title> that may be a tool's file name.
  return { ...meta, title: titlePage.title ?? meta.title ?? title, author: titlePage.author ?? meta.author, chapters };
}
