import TurndownService from "turndown";
import { SCENE_BREAK } from "@/server/text/scene-break";

/**
 * The HTML a word processor puts on the clipboard, as the Markdown the editor stores: one line a
 * paragraph (one Enter ends a paragraph in Inkstone), *italics* and **bold**, "* * *" for a scene
 * break, headings and lists as Markdown. turndown does the walking (the browser's DOMParser in
 * the page, domino in tests); the rules below teach it how Word and Google Docs mark emphasis:
 *
 * - Word (`<p class=MsoNormal>`) uses <i> and <b>, sometimes styled `mso-bidi-font-style:normal`
 *   (which does not undo them), and spans styled `font-style:italic` / `font-weight:bold`.
 * - Google Docs wraps everything in `<b style="font-weight:normal" id="docs-internal-guid-…">`,
 *   which is not bold, and marks emphasis only by spans styled `font-style:italic` and
 *   `font-weight:700`.
 */

/** One CSS property of an inline `style` attribute, read by splitting (no pattern to backtrack). */
function styleOf(node: HTMLElement, property: string): string | undefined {
  for (const declaration of (node.getAttribute("style") ?? "").split(";")) {
    const colon = declaration.indexOf(":");
    if (colon > 0 && declaration.slice(0, colon).trim().toLowerCase() === property) {
      return declaration.slice(colon + 1).replace("!important", "").trim().toLowerCase();
    }
  }
  return undefined;
}

const isBoldWeight = (weight: string | undefined) => weight !== undefined && (weight === "bold" || weight === "bolder" || Number(weight) >= 600);
const isPlainWeight = (weight: string | undefined) => weight !== undefined && !isBoldWeight(weight);
const isItalicStyle = (style: string | undefined) => style === "italic" || style === "oblique";

const BOLD_TAGS = new Set(["B", "STRONG"]);
const ITALIC_TAGS = new Set(["I", "EM", "CITE", "DFN"]);

/** What emphasis an element itself adds, by its tag or its style. */
function emphasisOf(node: HTMLElement): { italic: boolean; bold: boolean } {
  const weight = styleOf(node, "font-weight");
  const fontStyle = styleOf(node, "font-style");
  const bold = BOLD_TAGS.has(node.nodeName) ? !isPlainWeight(weight) : isBoldWeight(weight);
  const italic = ITALIC_TAGS.has(node.nodeName) ? fontStyle !== "normal" : isItalicStyle(fontStyle);
  return { italic, bold };
}

const INLINE = new Set(["B", "STRONG", "I", "EM", "CITE", "DFN", "SPAN", "FONT"]);

const isWordCharacter = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/**
 * Markdown's marks in pasted prose, escaped only where they would act, so that "[sic]", "snake_case"
 * or "AT&T" arrive as the writer sees them (turndown's own escaping backslashes every bracket and
 * underscore). One pass over the text; the checks at its start are anchored and bounded.
 */
function escapeProse(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1];
    const acts =
      c === "\\" ||
      c === "*" ||
      c === "`" ||
      (c === "_" && !(isWordCharacter(text[i - 1]) && isWordCharacter(next))) ||
      (c === "]" && (next === "(" || next === "[")) ||
      (c === "<" && next !== undefined && /[A-Za-z/!?]/.test(next)) ||
      (c === "~" && next === "~");
    out += acts ? `\\${c}` : c;
  }
  // What would start a heading, a quote, a list or a setext underline where a paragraph begins.
  const numbered = /^(\d{1,9})([.)])(?= |$)/.exec(out);
  if (numbered) return `${numbered[1]}\\${out.slice(numbered[1]!.length)}`;
  return /^(?:#{1,6}(?= |$)|[>=+-])/.test(out) ? `\\${out}` : out;
}

function converter(): TurndownService {
  const service = new TurndownService({ headingStyle: "atx", hr: "* * *", emDelimiter: "*", strongDelimiter: "**", bulletListMarker: "-", codeBlockStyle: "fenced" });
  service.escape = escapeProse;
  service.remove(["script", "style", "head", "title", "meta", "link", "xml" as keyof HTMLElementTagNameMap]);
  service.addRule("sceneBreak", {
    filter: (node) => (node.nodeName === "P" || node.nodeName === "DIV") && SCENE_BREAK.test((node.textContent ?? "").trim()),
    replacement: () => "\n\n* * *\n\n",
  });
  // Added rules come before turndown's own, so this one decides every <b>, <i>, <em>, <strong> and styled span.
  service.addRule("emphasis", {
    filter: (node) => INLINE.has(node.nodeName),
    replacement: (content, node) => {
      if (!content.trim() || hasBlockChild(node as HTMLElement)) return content;
      const { italic, bold } = emphasisOf(node as HTMLElement);
      const mark = (bold ? "**" : "") + (italic ? "*" : "");
      return mark ? mark + content + [...mark].reverse().join("") : content;
    },
  });
  // A line break inside a paragraph is a new paragraph here (Shift+Enter in Word, empty lines in Google Docs).
  service.addRule("lineBreak", { filter: "br", replacement: () => "\n" });
  return service;
}

/** Google Docs' <b> wrapper holds the paragraphs: emphasis cannot span blocks, so it only passes them through. */
function hasBlockChild(node: HTMLElement): boolean {
  for (const child of Array.from(node.children)) if (!INLINE.has(child.nodeName) && child.nodeName !== "BR" && child.nodeName !== "A" && child.nodeName !== "O:P") return true;
  return false;
}

/** Clipboard HTML as stored Markdown: one paragraph a line, no blank lines, no trailing blanks. */
export function pastedHtmlToMarkdown(html: string): string {
  const markdown = converter().turndown(html);
  const lines: string[] = [];
  for (const line of markdown.split("\n")) {
    const kept = line.trimEnd();
    if (kept) lines.push(kept);
  }
  return lines.join("\n");
}
