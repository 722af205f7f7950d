import TurndownService from "turndown";
import { SCENE_BREAK } from "../../../text/scene-break";
import { splitMarkdown } from "../markdown/chapters";
import type { DocumentModel } from "../model";
import { decodeUtf8 } from "../text";

/**
 * HTML → Markdown with turndown, then chapters at the top heading level. Footnotes written by
 * Inkstone, pandoc, mammoth (DOCX) and EPUB tools become Markdown footnotes; a paragraph of only
 * asterisks, hashes or a dinkus is a scene break.
 */

/** The classes the DOCX reader gives Word's Title, Author and Date paragraphs (see ./docx.ts). */
const TITLE_PAGE_CLASS = /^docx-(?:title|author|date)$/;

const NOTE_ID = /^(?:fn|footnote|note|endnote)[-_:]?(.+)$/i;
const BACK_ID = /^#?(?:fnref|footnote-ref|noteref)[-_:]?/i;

function labelOf(id: string): string {
  return (NOTE_ID.exec(id)?.[1] ?? id).replace(/[^\p{L}\p{N}_-]/gu, "-");
}

function isBackLink(node: HTMLElement): boolean {
  const href = node.getAttribute("href") ?? "";
  const role = node.getAttribute("role") ?? "";
  return BACK_ID.test(href) || /footnote-back/.test(node.className) || role === "doc-backlink" || /^[↩↑⤴]\uFE0E?$/.test(node.textContent?.trim() ?? "");
}

function isNoteRef(node: HTMLElement): boolean {
  const href = node.getAttribute("href") ?? "";
  return node.nodeName === "A" && href.startsWith("#") && NOTE_ID.test(href.slice(1)) && !isBackLink(node);
}

function isNoteItem(node: HTMLElement): boolean {
  const type = node.getAttribute("epub:type") ?? "";
  return (node.nodeName === "LI" || node.nodeName === "ASIDE" || node.nodeName === "DIV") && (NOTE_ID.test(node.id) || /footnote|endnote|rearnote/.test(type)) && !!node.id;
}

function turndown(): { service: TurndownService; notes: Map<string, string> } {
  const notes = new Map<string, string>();
  const service = new TurndownService({ headingStyle: "atx", hr: "***", emDelimiter: "*", strongDelimiter: "**", bulletListMarker: "-", codeBlockStyle: "fenced", br: "\\" });
  service.remove(["script", "style", "head", "title", "nav"]);
  // Only a title block known to hold metadata is dropped: pandoc's header, and the title-page
  // paragraphs the DOCX reader marks. A class named "title" elsewhere (DocBook's <h2 class="title">,
  // a chapter's <h1 class="title">) is the writer's text and is kept.
  service.addRule("titleBlock", {
    filter: (node) => (node.nodeName === "HEADER" && /title-block/.test(node.className + node.id)) || TITLE_PAGE_CLASS.test(node.className),
    replacement: () => "",
  });
  service.addRule("noteRef", { filter: (node) => isNoteRef(node), replacement: (_c, node) => `[^${labelOf((node as HTMLElement).getAttribute("href")!.slice(1))}]` });
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
  service.addRule("sceneBreak", { filter: (node) => node.nodeName === "P" && SCENE_BREAK.test((node.textContent ?? "").trim()), replacement: () => "\n\n***\n\n" });
  service.addRule("superscript", { filter: ["sup"], replacement: (content) => content });
  return { service, notes };
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
  const { service, notes } = turndown();
  const markdown = service.turndown(withoutDoctypes(html));
  const definitions = [...notes].map(([label, body]) => `[^${label}]: ${body}`);
  return [markdown, ...definitions].join("\n\n");
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
 * What the first element named `name` holds, up to its closing tag (or the first one that starts
 * with `opening` exactly). A later element could only close where the first one does, so one scan
 * finds it, where /<title[^>]*>([\s\S]*?)<\/title>/ rescanned the rest from every "<title".
 */
export function elementText(markup: string, name: string, opening?: string): string | undefined {
  const at = opening === undefined ? -1 : markup.indexOf(opening);
  const start = opening === undefined ? firstTag(markup, name)?.end : at < 0 ? undefined : at + opening.length;
  if (start === undefined) return undefined;
  const end = new RegExp(`</${name}\\s*>`, "i").exec(markup.slice(start));
  return end ? markup.slice(start, start + end.index) : undefined;
}

/** The title, author and language an HTML head (or an EPUB's metadata) declares. */
function htmlMetadata(html: string): Pick<DocumentModel, "title" | "author" | "language"> {
  const title = elementText(html, "title") ?? elementText(html, "p", '<p class="docx-title">');
  const author = /<meta\s+name=["']author["']\s+content=["']([^"']*)["']/i.exec(html)?.[1] ?? elementText(html, "p", '<p class="docx-author">');
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
  const { title, chapters } = splitMarkdown(htmlToMarkdown(html));
  return { ...meta, title: meta.title ?? title, chapters };
}
