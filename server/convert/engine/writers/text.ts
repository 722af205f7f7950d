import { zipSync } from "fflate";
import iconv from "iconv-lite";
import { lexChapter, plainText, tableRows, type Token } from "../markdown/tokens";
import { frontMatterPages, sceneBreakMark } from "../compile";
import type { TextOptions } from "../export-options";
import { chapterTitleOf, type Chapter, type DocumentModel, type WriteOptions, type WrittenDocument } from "../model";
import { encodeUtf8 } from "../text";

/**
 * Plain text: title, the copyright and dedication, chapter headings, paragraphs apart, "* * *"
 * (or the mark asked for; a blank break is two more blank lines) for scene breaks, notes as [n].
 *
 * The web-novel platforms' layout (`text.layout = "platform"`, decision 0486) prints every
 * paragraph indented with exactly two ideographic spaces, whatever spaces the stored text starts
 * it with, each line of a block its own paragraph, and a scene break as a blank line unless a mark
 * is asked for; titles and headings stand alone, unindented. The other text options set the
 * spacing between paragraphs, the line endings, the encoding, and one file or a zip of chapters.
 *
 * The two agree with a book's paragraph indent (decision 0491): a book indented two characters
 * prints every paragraph with `　　` in either layout; the platform layout indents so whatever
 * the book says, since the platforms ask for it. Plain text has no typographic indent: such a
 * book, or one with none, prints its paragraphs flush in the plain layout.
 */

/** 段首缩进 as 起点 and 番茄 show it: two full-width spaces. */
export const PLATFORM_INDENT = "\u3000\u3000";
// Whatever a writer, an editor or an import put before a paragraph. Anchored, one class: linear.
const LEADING_SPACE = /^[\s\u3000]+/;

interface Layout {
  platform: boolean;
  /** each paragraph's indent: PLATFORM_INDENT or nothing */
  indent: string;
  /** between paragraphs: a blank line, or only the line break */
  separator: string;
  sceneBreak: string;
  /** the book's, for what an untitled chapter is called */
  language: string | undefined;
}

type Block = { kind: "paragraph" | "heading" | "verbatim"; text: string } | { kind: "break" };

function layoutOf(model: DocumentModel, options: WriteOptions): Layout {
  const platform = options.text?.layout === "platform";
  return {
    platform,
    indent: platform || model.paragraphIndent === "fullWidth" ? PLATFORM_INDENT : "",
    separator: options.text?.paragraphSpacing === "none" ? "\n" : "\n\n",
    sceneBreak: sceneBreakMark(options.sceneBreak, platform ? "" : "* * *"),
    language: model.language,
  };
}

/** A chapter's lines: its title, then its paragraphs and notes, each as the layout prints it. */
function chapterLines(chapter: Chapter, index: number, layout: Layout): string[] {
  const { blocks, footnotes } = lexChapter(chapter.markdown);
  const lines = [chapterTitleOf(chapter, index, layout.language), ...blockLines(blocksOf(blocks, layout), layout)];
  for (const note of footnotes) {
    const [first = { kind: "paragraph", text: "" }, ...rest] = blocksOf(note.tokens, layout);
    const numbered: Block = first.kind === "break" ? first : { ...first, text: `[${note.number}] ${first.text.replace(LEADING_SPACE, "")}` };
    lines.push(...blockLines([numbered, ...rest], layout));
  }
  return lines;
}

function blockLines(blocks: readonly Block[], layout: Layout): string[] {
  const lines: string[] = [];
  for (const block of blocks) {
    if (block.kind === "break") lines.push(layout.sceneBreak);
    else if (block.kind === "verbatim" || (!layout.platform && !layout.indent)) lines.push(block.text);
    else if (block.kind === "heading") lines.push(layout.platform ? block.text.trim() : block.text);
    else {
      // One Enter ends a paragraph (the editor's rule), so each line of a block is one; a line of
      // nothing but spaces is none.
      for (const line of block.text.split("\n")) {
        const text = line.replace(LEADING_SPACE, "").trimEnd();
        if (text) lines.push(layout.indent + text);
      }
    }
  }
  return lines;
}

function blocksOf(tokens: readonly Token[], layout: Layout): Block[] {
  const out: Block[] = [];
  for (const token of tokens) {
    if (token.type === "space") continue;
    if (token.type === "hr") out.push({ kind: "break" });
    else if (token.type === "list") {
      const items = (token.items as Token[]).map((item) => blocksOf((item as { tokens: Token[] }).tokens, layout).map(textOf).join(" "));
      // The platforms show no list: each item is a paragraph of its own.
      if (layout.platform) out.push(...items.map((text) => ({ kind: "paragraph" as const, text })));
      else out.push({ kind: "paragraph", text: items.map((text) => `- ${text}`).join("\n") });
    } else if (token.type === "blockquote") out.push(...blocksOf(token.tokens ?? [], layout));
    // An indented line is a code block to Markdown: the staircase of spaces an editor left before
    // a paragraph (issue 32 item 3) is prose, which the platform layout indents afresh.
    else if (token.type === "code") out.push({ kind: "paragraph", text: token.text });
    // A row a line, its cells apart by tabs: a table pasted into a spreadsheet stays one.
    else if (token.type === "table") out.push({ kind: "verbatim", text: tableRows(token).map((row) => row.map(inlineText).join("\t")).join("\n") });
    else if (token.type === "heading") out.push({ kind: "heading", text: inlineText(token.tokens ?? []) });
    else if (token.type === "paragraph" || token.type === "text") out.push({ kind: "paragraph", text: inlineText(token.tokens ?? []) });
    else if ("text" in token && typeof token.text === "string") out.push({ kind: "paragraph", text: token.text });
  }
  return out;
}

const textOf = (block: Block) => (block.kind === "break" ? "" : block.text);

function inlineText(tokens: readonly Token[]): string {
  return tokens.map((t) => (t.type === "footnoteRef" ? `[${(t as unknown as { id: string }).id}]` : "tokens" in t && t.tokens ? inlineText(t.tokens) : plainText([t]))).join("");
}

function bookText(model: DocumentModel, layout: Layout): string {
  const head: string[] = [];
  if (model.title) head.push(model.title);
  if (model.author) head.push(model.author);
  for (const page of frontMatterPages(model)) head.push(...page.paragraphs.map((lines) => lines.join("\n")));
  // Parts of the book stand a blank line apart whatever the paragraphs do, so that a chapter's
  // title never runs on from the paragraph before it.
  const chapters = model.chapters.map((chapter, index) => chapterLines(chapter, index, layout).join(layout.separator));
  return `${[...head, ...chapters].join("\n\n")}\n`;
}

/** "001 第一回 宴桃园豪杰三结义.txt": numbered so that a file list sorts in the book's order. */
function chapterFileName(chapter: Chapter, index: number, count: number): string {
  const number = String(index + 1).padStart(Math.max(3, String(count).length), "0");
  // No path separators, control characters or characters Windows forbids in a name.
  const title = chapter.title.replace(/[\p{Cc}/\\:*?"<>|]+/gu, " ").replace(/\s+/g, " ").trim().slice(0, 100);
  return `${number}${title ? ` ${title}` : ""}.txt`;
}

function encoded(text: string, options: TextOptions | undefined): Uint8Array {
  const lines = options?.lineEndings === "crlf" ? text.replace(/\n/g, "\r\n") : text;
  return options?.encoding === "gb18030" ? new Uint8Array(iconv.encode(lines, "gb18030")) : encodeUtf8(lines);
}

export function writeText(model: DocumentModel, options: WriteOptions = {}): WrittenDocument {
  const layout = layoutOf(model, options);
  const charset = options.text?.encoding ?? "utf-8";
  if (options.text?.split === "chapters") {
    const files = Object.fromEntries(
      model.chapters.map((chapter, index) => [chapterFileName(chapter, index, model.chapters.length), encoded(`${chapterLines(chapter, index, layout).join(layout.separator)}\n`, options.text)]),
    );
    return { bytes: zipSync(files, { level: 6 }), mediaType: "application/zip", extension: "zip" };
  }
  return { bytes: encoded(bookText(model, layout), options.text), mediaType: `text/plain; charset=${charset}`, extension: "txt" };
}
