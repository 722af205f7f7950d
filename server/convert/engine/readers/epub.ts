import { DOMParser } from "@xmldom/xmldom";
import path from "node:path/posix";
import { AppError } from "../../../errors";
import { DEFINITION, keepFootnotesWithCitations, splitMarkdown } from "../markdown/chapters";
import { replaceFootnoteRefs } from "../../../text/footnote-refs";
import type { Chapter, DocumentModel } from "../model";
import { decodeUtf8 } from "../text";
import { unzipSafely } from "../zip";
import { PART_HEADING } from "../../heading-patterns";

/** EPUB's structural semantics for a part (epub:type="part", DPUB-ARIA's doc-part), bounded: linear. */
const PART_SEMANTICS = /epub:type="(?:[a-z-]{1,30} ){0,5}part"|role="doc-part"/;
import { htmlToMarkdown } from "./html";

function parseXml(text: string, what: string): Document {
  let failed = "";
  const record = (message: string) => void (failed ||= message);
  const document = new DOMParser({ errorHandler: { error: record, fatalError: record } }).parseFromString(text, "application/xml");
  if (failed) throw new AppError("corrupt_document", `The EPUB's ${what} is not well-formed XML: ${failed}`);
  return document as unknown as Document;
}

const first = (parent: Document | Element, name: string) => parent.getElementsByTagNameNS("*", name)[0];

/**
 * EPUB 2 or 3: container.xml → the package document → its spine, in reading order. Each spine
 * document becomes Markdown; chapters are cut at their headings (or one per document without).
 */
export function readEpub(bytes: Uint8Array): DocumentModel {
  const files = unzipSafely(bytes, "EPUB e-book");
  const text = (name: string) => {
    const data = files[name];
    if (!data) throw new AppError("corrupt_document", `The EPUB has no ${name}; it is damaged.`);
    return decodeUtf8(data);
  };
  const container = parseXml(text("META-INF/container.xml"), "container.xml");
  const opfPath = first(container, "rootfile")?.getAttribute("full-path");
  if (!opfPath) throw new AppError("corrupt_document", "The EPUB's container.xml names no package document.");
  const opf = parseXml(text(opfPath), "package document");
  const base = path.dirname(opfPath);
  const manifest = new Map<string, { href: string; type: string; properties: string }>();
  for (const item of Array.from(opf.getElementsByTagNameNS("*", "item"))) {
    manifest.set(item.getAttribute("id") ?? "", {
      href: decodeHref(item.getAttribute("href") ?? ""),
      type: item.getAttribute("media-type") ?? "",
      properties: item.getAttribute("properties") ?? "",
    });
  }
  const chapters: Chapter[] = [];
  const labels = new Set<string>();
  let part: string | undefined;
  for (const ref of Array.from(opf.getElementsByTagNameNS("*", "itemref"))) {
    const item = manifest.get(ref.getAttribute("idref") ?? "");
    if (!item || !/xhtml|html/.test(item.type) || item.properties.includes("nav")) continue;
    const xhtml = text(path.join(base, item.href));
    const markdown = uniqueLabels(htmlToMarkdown(xhtml), labels, chapters.length + 1);
    const split = splitMarkdown(markdown);
    // A part's title page (decision 0488): a document holding only a heading, marked as a part or
    // reading as one; the chapters after it are the part's, up to the next part's page.
    const [only] = split.chapters;
    if (split.chapters.length === 1 && only!.title && !only!.markdown.trim() && (PART_SEMANTICS.test(xhtml) || PART_HEADING.test(only!.title))) {
      part = only!.title;
      continue;
    }
    for (const chapter of split.chapters) if (chapter.title || chapter.markdown.trim()) chapters.push(part === undefined || chapter.part !== undefined ? chapter : { ...chapter, part });
  }
  const meta = (name: string) => first(opf, name)?.textContent?.trim() || undefined;
  return { title: meta("title"), author: meta("creator"), language: meta("language"), chapters: keepFootnotesWithCitations(mergeUntitled(chapters)) };
}

function decodeHref(href: string): string {
  try {
    return decodeURIComponent(href);
  } catch {
    throw new AppError("corrupt_document", `The EPUB's package document has a broken file reference (${href.slice(0, 200)}); it is damaged.`);
  }
}

/**
 * Tools number each spine document's notes from 1: a note defined again in a later document is
 * renamed there, with its citations. A citation of a note defined in another document (an
 * endnotes file) keeps its label, so that the two still meet.
 */
function uniqueLabels(markdown: string, defined: Set<string>, document: number): string {
  const mine = new Set<string>();
  for (const line of markdown.split("\n")) {
    const label = DEFINITION.exec(line)?.[1];
    if (label !== undefined) mine.add(label);
  }
  const renamed = replaceFootnoteRefs(markdown, (label, whole) => (mine.has(label) && defined.has(label) ? `[^${label}-${document}]` : whole));
  for (const label of mine) defined.add(defined.has(label) ? `${label}-${document}` : label);
  return renamed;
}

/** A spine document without a heading continues the chapter before it (split HTML files). */
function mergeUntitled(chapters: Chapter[]): Chapter[] {
  const merged: Chapter[] = [];
  for (const chapter of chapters) {
    const last = merged.at(-1);
    if (!chapter.title && last) last.markdown = `${last.markdown}\n\n${chapter.markdown}`.trim();
    else merged.push({ ...chapter });
  }
  return merged;
}
