import type { Token, Tokens } from "marked";
import { paragraphDirection, type Direction } from "../direction";
import { escapeXml } from "../text";
import { linkTarget } from "./link-target";
import { decodeEntities, footnoteMarked, lexMarkdown, type FootnoteRefToken } from "./tokens";

interface FootnoteItem {
  label: string;
  refs: FootnoteRefToken[];
  content: Token[];
}

/** An id fragment that is a valid XML name part whatever the footnote's label. */
const idPart = (label: string) => label.replace(/[^A-Za-z0-9_-]/g, "_");

/** A link's or image's address as an attribute: the checked target, escaped (see ./link-target.ts). */
function hrefAttribute(href: string): string | null {
  const target = linkTarget(href);
  if (target === null) return null;
  try {
    // As marked prints an address: spaces and letters past ASCII percent-encoded, `%` left alone.
    return escapeXml(encodeURI(target).replace(/%25/g, "%"));
  } catch {
    return null; // a lone surrogate: no address
  }
}

const titleAttribute = (title: string | null | undefined) => (title ? ` title="${escapeXml(decodeEntities(title))}"` : "");

/**
 * A chapter's Markdown as HTML (or, for EPUB, XHTML): footnotes as linked endnotes after the
 * text, paragraphs that run against the book's direction marked with `dir`, headings inside a chapter kept below the chapter's own level 1, raw HTML escaped so that
 * whatever a writer typed can neither break the e-book's XML nor run as script.
 */
export function chapterHtml(markdown: string, chapterNumber: number, options: { xhtml: boolean; direction?: Direction }): string {
  const prefix = `c${chapterNumber}-`;
  const marked = footnoteMarked();
  const epub = options.xhtml ? ' epub:type="noteref"' : "";
  marked.use({
    renderer: {
      // A paragraph that runs the other way from the book says so (Arabic in an English book).
      paragraph({ tokens, text }: Tokens.Paragraph) {
        const direction = paragraphDirection(text, options.direction ?? "ltr");
        return `<p${direction ? ` dir="${direction}"` : ""}>${this.parser.parseInline(tokens)}</p>\n`;
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const level = Math.min(6, Math.max(2, depth));
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      // A writer's raw HTML is shown as the text it is, never run by whoever opens the file.
      html: (token: Tokens.HTML | Tokens.Tag) => (token.block ? `<p>${escapeXml(token.text.trim())}</p>\n` : escapeXml(token.text)),
      link(token: Tokens.Link) {
        const href = hrefAttribute(token.href);
        const text = this.parser.parseInline(token.tokens);
        return href === null ? text : `<a href="${href}"${titleAttribute(token.title)}>${text}</a>`;
      },
      image(token: Tokens.Image) {
        const src = options.xhtml ? null : hrefAttribute(token.href);
        const alt = escapeXml(decodeEntities(token.text));
        return src === null ? alt : `<img src="${src}" alt="${alt}"${titleAttribute(token.title)}>`;
      },
      ...(options.xhtml ? { hr: () => "<hr/>\n", br: () => "<br/>" } : {}),
    },
    extensions: [
      {
        name: "footnoteRef",
        renderer(token) {
          const ref = token as unknown as FootnoteRefToken & { index: number };
          const id = `${prefix}${idPart(ref.label)}`;
          const anchor = ref.index === 0 ? ` id="fnref-${id}"` : "";
          return `<a href="#fn-${id}"${anchor} class="footnote-ref" role="doc-noteref"${epub}><sup>${ref.id}</sup></a>`;
        },
      },
      {
        name: "footnotes",
        renderer(token) {
          const items = (token as unknown as { items: FootnoteItem[] }).items;
          if (items.length === 0) return "";
          const notes = items.map((item) => {
            const id = `${prefix}${idPart(item.label)}`;
            const back = item.refs.length > 0 ? ` <a href="#fnref-${id}" class="footnote-back" role="doc-backlink">↩</a>` : "";
            const body = this.parser.parse(item.content).trim();
            const withBack = body.endsWith("</p>") ? `${body.slice(0, -4)}${back}</p>` : `${body}${back}`;
            return `<li id="fn-${id}">${withBack}</li>`;
          });
          const kind = options.xhtml ? ' epub:type="endnotes"' : "";
          return `<section class="footnotes" role="doc-endnotes"${kind}>\n<ol>\n${notes.join("\n")}\n</ol>\n</section>\n`;
        },
      },
    ],
  });
  const tokens = lexMarkdown(marked, markdown);
  // marked-footnote puts its list first; a reader expects the notes after the text that cites them.
  const notes = tokens.findIndex((t) => t.type === "footnotes");
  if (notes >= 0) tokens.push(...tokens.splice(notes, 1));
  const html = marked.parser(tokens);
  return options.xhtml ? html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, xmlReference) : html;
}

/**
 * XHTML knows only XML's five named references: every other HTML5 one becomes the characters'
 * numbers, and a number XML forbids (`&#1;`, which made epubcheck stop) is left out.
 */
function xmlReference(whole: string, name: string): string {
  if (["amp", "lt", "gt", "quot", "apos"].includes(name)) return whole;
  const text = decodeEntities(whole);
  if (text === whole) return `&amp;${name};`;
  return [...text].map((c) => `&#${c.codePointAt(0)};`).join("");
}
