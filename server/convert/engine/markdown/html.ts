import type { Token, Tokens } from "marked";
import { escapeXml } from "../text";
import { footnoteMarked, type FootnoteRefToken } from "./tokens";

interface FootnoteItem {
  label: string;
  refs: FootnoteRefToken[];
  content: Token[];
}

/** An id fragment that is a valid XML name part whatever the footnote's label. */
const idPart = (label: string) => label.replace(/[^A-Za-z0-9_-]/g, "_");

/**
 * A chapter's Markdown as HTML (or, for EPUB, XHTML): footnotes as linked endnotes after the
 * text, headings inside a chapter kept below the chapter's own level 1, raw HTML escaped in XHTML
 * so that whatever a writer typed cannot break the e-book's XML.
 */
export function chapterHtml(markdown: string, chapterNumber: number, options: { xhtml: boolean }): string {
  const prefix = `c${chapterNumber}-`;
  const marked = footnoteMarked();
  const epub = options.xhtml ? ' epub:type="noteref"' : "";
  marked.use({
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const level = Math.min(6, Math.max(2, depth));
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      ...(options.xhtml
        ? {
            hr: () => "<hr/>\n",
            br: () => "<br/>",
            image: ({ text }: Tokens.Image) => escapeXml(text),
            html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeXml(text),
          }
        : {}),
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
  const tokens = marked.lexer(markdown);
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
