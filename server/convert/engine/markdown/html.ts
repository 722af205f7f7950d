import type { Token, Tokens } from "marked";
import { paragraphDirection, type Direction } from "../direction";
import { escapeXml } from "../text";
import { decodeEntities, footnoteMarked, lexMarkdown, type FootnoteRefToken } from "./tokens";

interface FootnoteItem {
  label: string;
  refs: FootnoteRefToken[];
  content: Token[];
}

/** An id fragment that is a valid XML name part whatever the footnote's label. */
const idPart = (label: string) => label.replace(/[^A-Za-z0-9_-]/g, "_");

/**
 * Whether a link can do no more than navigate: web and mail addresses, and places in the book or
 * beside it (no scheme). Browsers ignore blanks and control characters inside a scheme, and
 * Markdown decodes entities in it, so both are undone before the scheme is read.
 */
function isSafeHref(href: string): boolean {
  const normalized = decodeEntities(href).replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(normalized)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === "http" || scheme === "https" || scheme === "mailto";
}

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
        return isSafeHref(token.href) ? false : this.parser.parseInline(token.tokens);
      },
      image: (token: Tokens.Image) => (options.xhtml || !isSafeHref(token.href) ? escapeXml(token.text) : false),
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
  return options.xhtml ? html.replace(/&([A-Za-z][A-Za-z0-9]*);/g, xmlEntity) : html;
}

// XHTML knows only XML's five named entities; the few that prose uses become numbers, others text.
const NUMERIC: Record<string, number> = { nbsp: 160, mdash: 8212, ndash: 8211, hellip: 8230, lsquo: 8216, rsquo: 8217, ldquo: 8220, rdquo: 8221, copy: 169, shy: 173, thinsp: 8201 };

function xmlEntity(whole: string, name: string): string {
  if (["amp", "lt", "gt", "quot", "apos"].includes(name)) return whole;
  const code = NUMERIC[name];
  return code ? `&#${code};` : `&amp;${name};`;
}
