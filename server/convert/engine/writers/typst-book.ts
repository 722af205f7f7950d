import { CJK, CJK_OR_FULL_WIDTH } from "../../../text/markdown-lines";
import { lexChapter, plainText, type Footnote, type Token, type Tokens } from "../markdown/tokens";
import { bookDirection, paragraphDirection, type Direction } from "../direction";
import { frontMatterPages, partOpenings, sceneBreakMark } from "../compile";
import type { SceneBreak, TrimSize } from "../export-options";
import { chapterTitleOf, hasCjk, type DocumentModel } from "../model";
import { GUTTER_BANDS, GUTTER_INPUT } from "../print";
import { scaled, themeOf, type Face, type Theme } from "../themes";

/**
 * A book as Typst source, for the PDF writer (./pdf.ts): book typography that Typst does well and
 * a hand-drawn page did not — justified paragraphs with hyphenation in the book's language, CJK
 * line-breaking rules, the Unicode bidirectional algorithm (Arabic and Hebrew paragraphs run right
 * to left), font fallback by script, real footnotes, chapters opening on a new page (a recto
 * when asked) without a folio, running heads, mirrored margins with a gutter that grows with the
 * page count (../print.ts), widows and orphans kept off.
 *
 * Every piece of the writer's text is a Typst string literal (`#"…"`): nothing a writer types is
 * ever read as Typst markup or code.
 */

/** Trim sizes a printer takes for fiction, as width × height (the figures of ../print.ts, in the unit they are named in). */
export const PAGE_SIZES: Record<TrimSize, { width: string; height: string }> = {
  "5x8": { width: "5in", height: "8in" },
  "5.25x8": { width: "5.25in", height: "8in" },
  "5.5x8.5": { width: "5.5in", height: "8.5in" },
  "6x9": { width: "6in", height: "9in" },
  a5: { width: "148mm", height: "210mm" },
  "140x203mm": { width: "140mm", height: "203mm" },
  "185x260mm": { width: "185mm", height: "260mm" },
};


// Control characters other than tab and newline cannot be typeset (and some end a PDF string).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const BLANKS = /\s+/g;

/** Text as a Typst string literal in markup: whitespace collapsed, since a paragraph reflows. */
function literal(text: string): string {
  const clean = breakLongWords(text.replace(CONTROL, "").replace(BLANKS, " "));
  return clean ? `#"${clean.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"` : "";
}

/** A string argument in Typst code. */
function stringArg(text: string): string {
  return `"${text.replace(CONTROL, "").replace(BLANKS, " ").trim().replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

// A word longer than this gets a break opportunity (a zero-width space) every LONG_WORD
// characters: Typst lets a word wider than the line run off the page, where its end is lost.
const LONG_WORD = 40;
const ZERO_WIDTH_SPACE = "\u200b";

function breakLongWords(text: string): string {
  if (text.length <= LONG_WORD) return text;
  let out = "";
  let start = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A low surrogate stays with its high one.
    if (code >= 0xdc00 && code <= 0xdfff) continue;
    const char = text[i]!;
    // CJK breaks between any two characters already, under its own rules (no 。 at a line start).
    if (char === " " || CJK_OR_FULL_WIDTH.test(char)) run = 0;
    else if (++run > LONG_WORD) {
      out += text.slice(start, i) + ZERO_WIDTH_SPACE;
      start = i;
      run = 1;
    }
  }
  return out + text.slice(start);
}

interface Context {
  /** the chapter's notes by label, and the labels already printed (a second citation is a number) */
  notes: Map<string, Footnote>;
  printed: Set<string>;
  direction: Direction;
  /** set for a paragraph of more styled runs than MAX_STYLED_RUNS: its text is printed upright */
  plain?: boolean;
}

// Each emphasis is an element Typst styles and shapes apart: 32,000 of them in one paragraph
// ("*_*_*_…", issue 16's pathological text) took 10–50 s. Past this many in a paragraph, its
// emphasis is dropped and its text kept; no novel's paragraph comes near.
const MAX_STYLED_RUNS = 400;

function styledRuns(tokens: readonly Token[] | undefined): number {
  let count = 0;
  for (const token of tokens ?? []) {
    if (token.type === "em" || token.type === "strong" || token.type === "del") count++;
    if ("tokens" in token && token.tokens) count += styledRuns(token.tokens);
    if (count > MAX_STYLED_RUNS) break;
  }
  return count;
}

/**
 * Inline tokens as Typst markup. Text is gathered until markup interrupts it and written as one
 * literal: a paragraph of thousands of tiny text tokens is then a few strings, not thousands of
 * elements for Typst to shape one by one.
 */
function inline(tokens: readonly Token[] | undefined, context: Context): string {
  const out: string[] = [];
  let text = "";
  const markup = (code: string) => {
    out.push(literal(text), code);
    text = "";
  };
  const walk = (list: readonly Token[] | undefined) => {
    for (const token of list ?? []) {
      switch (token.type) {
        case "em":
        case "strong":
        case "del":
          if (context.plain) walk(token.tokens);
          else markup(`#${token.type === "em" ? "emph" : token.type === "strong" ? "strong" : "strike"}[${inline(token.tokens, context)}]`);
          break;
        case "br":
          markup("#linebreak()");
          break;
        case "footnoteRef":
          markup(footnote(token as unknown as { label: string; id: string }, context));
          break;
        case "image":
          text += (token as Tokens.Image).text;
          break;
        default:
          if ("tokens" in token && token.tokens && token.type !== "codespan") walk(token.tokens);
          else text += plainText([token]);
      }
    }
  };
  walk(tokens);
  out.push(literal(text));
  return out.join("");
}

/** A note at its first citation is a footnote at the foot of the page; a later citation, its number. */
function footnote(ref: { label: string; id: string }, context: Context): string {
  const note = context.notes.get(ref.label);
  if (!note || context.printed.has(ref.label)) return `#super[${literal(ref.id)}]`;
  context.printed.add(ref.label);
  return `#footnote[${note.tokens.map((t) => ("tokens" in t && t.tokens ? inline(t.tokens, context) : literal(plainText([t])))).join(" ")}]`;
}

// Typst breaks a paragraph's lines as a whole (Knuth and Plass): past this length a paragraph is
// broken line by line instead, without hyphenation, which is linear (a 1,000,000-character
// paragraph: 7 s, not 90).
// A novel's paragraphs are far shorter.
const LONG_PARAGRAPH = 3_000;

/**
 * A paragraph, set right to left when its first letter is (left to right in a right-to-left
 * book), and broken line by line when it is very long.
 */
function paragraph(body: string, text: string, context: Context): string {
  if (!body) return "";
  const direction = paragraphDirection(text, context.direction);
  const settings = [direction && `#set text(dir: ${direction})`, text.length > LONG_PARAGRAPH && `#set par(linebreaks: "simple")\n#set text(hyphenate: false)`].filter(Boolean);
  return settings.length > 0 ? `#[${settings.join("\n")}\n${body}\n]` : body;
}

function blocks(tokens: readonly Token[], context: Context): string {
  const out: string[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "space":
        break;
      case "hr":
        out.push("#scene-break()");
        break;
      case "heading":
        out.push(`#heading(level: 2)[${inline(token.tokens, context)}]`);
        break;
      case "blockquote":
        out.push(`#quote(block: true)[${blocks(token.tokens ?? [], context)}]`);
        break;
      case "list": {
        const list = token as Tokens.List;
        const items = list.items.map((item) => `[${blocks(item.tokens, context)}]`).join(", ");
        out.push(list.ordered ? `#enum(start: ${Number(list.start) || 1}, ${items})` : `#list(${items})`);
        break;
      }
      case "code":
        out.push(`#raw(block: true, ${stringArgKeepingLines((token as Tokens.Code).text)})`);
        break;
      case "table": {
        const table = token as Tokens.Table;
        const cells = [table.header, ...table.rows].flatMap((row) => row.map((cell) => `[${inline(cell.tokens, context)}]`));
        out.push(`#table(columns: ${Math.max(1, table.header.length)}, ${cells.join(", ")})`);
        break;
      }
      default: {
        const plain = "tokens" in token && styledRuns(token.tokens) > MAX_STYLED_RUNS;
        const body = "tokens" in token && token.tokens ? inline(token.tokens, plain ? { ...context, plain } : context) : literal(plainText([token]));
        out.push(paragraph(body, plainText("tokens" in token && token.tokens ? token.tokens : [token]), context));
      }
    }
  }
  return out.filter(Boolean).join("\n\n");
}

function stringArgKeepingLines(text: string): string {
  return `"${text.replace(CONTROL, "").replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\r?\n/g, "\\n")}"`;
}

export interface TypstBookOptions {
  trimSize?: TrimSize;
  sceneBreak?: SceneBreak;
  /** every chapter opens on a right-hand (odd) page, a blank verso before it when needed; else only the first */
  rightHandChapters?: boolean;
  /**
   * set for the PDF/X variant (./pdfx.ts): text in pure black ink (CMYK K only), which a CMYK
   * conversion keeps as it is where it would turn RGB or ICC black into four inks; and no
   * ligatures, whose text Ghostscript's rewrite maps to the wrong characters.
   */
  pdfx?: boolean;
}

/** The language and region Typst hyphenates and breaks lines by ("zh-CN" → zh, cn). */
function languageSettings(language: string | undefined, cjkText: boolean): string {
  const [lang, region] = (language?.trim() || (cjkText ? "zh" : "en")).toLowerCase().split(/[-_]/);
  const safe = (part: string | undefined) => (part && /^[a-z]{2,3}$/.test(part) ? part : undefined);
  const settings = [`lang: "${safe(lang) ?? "en"}"`];
  if (safe(region) && region!.length === 2) settings.push(`region: "${region}"`);
  return settings.join(", ");
}

// The house's CJK face (Song) and the faces of scripts no theme chooses.
const HOUSE_CJK = "Noto Serif SC";
const OTHER_SCRIPTS = '"Noto Naskh Arabic", "Noto Serif Hebrew"';

/**
 * A Typst font list for a theme's faces: the Latin face, then the CJK one, then Arabic and Hebrew.
 * In a CJK book the punctuation (“”、……) comes from the CJK face, only Latin letters from the Latin one.
 */
function fontList(latin: Face, cjk: Face | undefined, cjkBook: boolean): string {
  const first = cjkBook ? `(name: "${latin.pdf}", covers: "latin-in-cjk")` : `"${latin.pdf}"`;
  const fallbacks = `"${cjk?.pdf ?? HOUSE_CJK}", ${OTHER_SCRIPTS}`;
  return `(${first}, ${fallbacks})`;
}

/** Headings' text settings: their faces when the theme names its own, their size and weight. */
function headingText(theme: Theme, cjkBook: boolean, size?: number): string {
  const font = theme.heading || theme.headingCjk ? `font: ${fontList(theme.heading ?? theme.body, theme.headingCjk ?? theme.heading ?? theme.cjk, cjkBook)}, ` : "";
  return `${font}${size === undefined ? "" : `size: ${scaled(size, theme.headingScale)}pt, `}weight: "${theme.headingBold ? "bold" : "regular"}"`;
}

/** The page, the type and the show rules of every book (the template the chapters are set in). */
function preamble(model: DocumentModel, options: TypstBookOptions, cjkBook: boolean, direction: Direction): string {
  const page = PAGE_SIZES[options.trimSize ?? "6x9"];
  const title = stringArg(model.title ?? "");
  const theme = themeOf(model);
  const fonts = fontList(theme.body, theme.cjk, cjkBook);
  // The book's paragraph indent (decision 0491): two characters on every paragraph, the first
  // after a heading too; a first-line indent but there; or none. A document without a book: a CJK
  // one two characters, as before.
  // The theme's indent over the book's when it sets one (a Chinese theme: 首行缩进 on every paragraph).
  const indent = { fullWidth: "(amount: 2em, all: true)", typographic: "(amount: 1.2em, all: false)", none: "0pt" }[
    theme.paragraphIndent !== "book" ? theme.paragraphIndent : (model.paragraphIndent ?? (cjkBook ? "fullWidth" : "typographic"))
  ];
  // Leading is the space between lines; a block paragraph's gap is lines of it and the text's height.
  const leading = scaled(0.62, theme.lineSpacing);
  const spacing = theme.paragraphGap > 0 ? `${scaled(leading + theme.paragraphGap * 1.3, 1)}em` : `${leading}em`;
  // Widows and orphans kept off: any cost above 0% makes Typst move a paragraph's lone first or
  // last line to the page of the rest (it is Typst's default; said here so that it stays).
  const print = options.pdfx ? "\n#set text(fill: cmyk(0%, 0%, 0%, 100%), ligatures: false)" : "";
  return `#set document(title: ${title}${model.author?.trim() ? `, author: ${stringArg(model.author)}` : ""})
#set text(font: ${fonts}, size: ${scaled(10.5, theme.textScale)}pt, ${languageSettings(model.language, cjkBook)}${direction === "rtl" ? ", dir: rtl" : ""}, costs: (widow: 100%, orphan: 100%))${print}
#set par(justify: true, leading: ${leading}em, spacing: ${spacing}, first-line-indent: ${indent})
#let book-title = ${title}
// What the page carries at its head: nothing on the title page and its verso, on a chapter's
// opening page and on the blank verso before one; else the book's title on a verso and the
// chapter's on a recto. Native queries around here() only (a loop over every chapter in Typst's
// own language, on every page, doubled the time of a long book).
#let page-head() = {
  let page = here().page()
  // The front pages (title, copyright, dedication) and the blank verso after them carry no head.
  if page <= ${frontPageCount(model)} { return none }
  let chapters = selector(heading.where(level: 1))
  let before = query(chapters.before(here()))
  let after = query(chapters.after(here()))
  if before.len() > 0 and before.last().location().page() == page { return none }
  if after.len() > 0 {
    let next = after.first().location()
    if next.page() == page { return none }
    let ended = query(selector(<chapter-end>).before(next))
    if ended.len() > 0 and ended.last().location().page() < page { return none }
  }
  if calc.even(page) or before.len() == 0 { book-title } else { before.last().body }
}
#let gutter = float(sys.inputs.at("${GUTTER_INPUT}", default: "${GUTTER_BANDS[0]!.inches}")) * 1in
#set page(
  width: ${page.width}, height: ${page.height},
  margin: (inside: gutter, outside: 0.55in, top: 0.75in, bottom: 0.7in),
  header: context {
    let head = page-head()
    if head == none { return }
    set text(size: 8.5pt, tracking: 0.06em)
    align(center, upper(head))
  },
  footer: context {
    if page-head() == none { return }
    set text(size: 9pt)
    align(center, counter(page).display())
  },
)
// Headings are blocks, so that the paragraph after one opens flush, as after a scene break.
#show heading.where(level: 1): it => block(width: 100%, above: 0pt, below: 2.5em, {
  v(18%)
  set par(justify: false, first-line-indent: 0pt)
  align(${theme.headingAlign}, text(${headingText(theme, cjkBook, 17)}, it.body))
})
#show heading.where(level: 2): it => block(width: 100%, above: 1.2em, below: 0.8em, {
  set par(justify: false, first-line-indent: 0pt)
  align(${theme.headingAlign}, text(${headingText(theme, cjkBook, 11.5)}, it.body))
})
// The title page's and the part pages' display type, in the headings' faces.
#let display-text(size, body) = text(${headingText(theme, cjkBook)}, size: size, body)
#show footnote.entry: it => {
  set text(size: 8.5pt)
  set par(first-line-indent: 0pt)
  super(numbering(it.note.numbering, ..counter(footnote).at(it.note.location()))) + h(0.3em) + it.note.body
}
#let scene-break() = align(center, block(above: 1em, below: 1em, ${sceneBreakTypst(options, theme)}))
`;
}

/** The scene break's mark, spaced out as a printer sets `* * *`; a blank break is a line of space. */
function sceneBreakTypst(options: TypstBookOptions, theme: Theme): string {
  const mark = sceneBreakMark(options.sceneBreak ?? theme.sceneBreak, "* * *");
  return mark ? stringArg(mark.replace(/ /g, "   ")) : "v(1.2em)";
}

function titlePage(model: DocumentModel): string {
  if (!model.title?.trim()) return "";
  const author = model.author?.trim() ? `\n#v(1.5em)\n#text(size: 14pt)[${literal(model.author)}]` : "";
  return `#page(header: none, footer: none)[#set par(justify: false, first-line-indent: 0pt)
#align(center)[#v(25%)
#display-text(24pt)[${literal(model.title)}]${author}]]
`;
}

/**
 * The copyright page on the title page's verso (at the foot, small), the dedication on the next
 * recto (a quarter down, centred, italic).
 */
function frontMatter(model: DocumentModel): string {
  const out: string[] = [];
  const lines = (paragraph: string[]) => paragraph.map(literal).join(" #linebreak() ");
  for (const page of frontMatterPages(model)) {
    const paragraphs = page.paragraphs.map(lines).join("\n\n");
    if (page.kind === "copyright") {
      out.push(`#page(header: none, footer: none)[#set par(justify: false, first-line-indent: 0pt, spacing: 0.9em)\n#set text(size: 8.5pt)\n#align(bottom)[${paragraphs}]]`);
    } else {
      out.push(`#pagebreak(to: "odd", weak: true)\n#page(header: none, footer: none)[#set par(justify: false, first-line-indent: 0pt)\n#align(center)[#v(25%)\n#emph[${paragraphs}]]]`);
    }
  }
  return out.join("\n");
}

/** The pages before chapter 1 opens on a recto: title page, copyright on its verso, dedication on a recto. */
function frontPageCount(model: DocumentModel): number {
  let pages = model.title?.trim() ? 1 : 0;
  const front = frontMatterPages(model).map((page) => page.kind);
  if (front.includes("copyright")) pages += 1;
  if (front.includes("dedication")) pages += pages % 2 === 0 ? 1 : 2;
  return pages % 2 === 1 ? pages + 1 : pages;
}

/** The whole book as one Typst document. */
export function typstBook(model: DocumentModel, options: TypstBookOptions = {}): string {
  const everything = [model.title ?? "", ...model.chapters.map((c) => c.title)].join("\n");
  const cjkBook = /^(zh|ja|ko)\b/i.test(model.language ?? "") || (!model.language && (hasCjk(everything) || model.chapters.some((c) => CJK.test(c.markdown.slice(0, 2000)))));
  const direction = bookDirection(model.language);
  const parts = [preamble(model, options, cjkBook, direction), titlePage(model), frontMatter(model)];
  const openings = partOpenings(model.chapters);
  model.chapters.forEach((chapter, index) => {
    // A part's title page on a recto of its own, without head or folio (decision 0488); not a
    // heading, so that the running heads and the chapter openings still find only the chapters.
    const part = openings.get(index);
    if (part !== undefined) {
      parts.push(`#pagebreak(to: "odd", weak: true)\n#page(header: none, footer: none)[#set par(justify: false, first-line-indent: 0pt)\n#align(center)[#v(30%)\n#display-text(20pt)[${literal(part)}]]]`);
    }
    const { blocks: body, footnotes } = lexChapter(chapter.markdown);
    const context: Context = { notes: new Map(footnotes.map((n) => [n.label, n])), printed: new Set(), direction };
    const title = chapterTitleOf(chapter, index, model.language);
    // The break before the heading, not in its show rule: the heading is then found on its own page.
    // The first chapter opens on a recto whatever is asked, as the front matter is laid out for.
    // The back matter opens on a recto too, as printed books begin it (decision 0495); its further
    // pages follow the chapters' rule.
    const firstBackMatter = chapter.kind !== undefined && model.chapters[index - 1]?.kind === undefined;
    const recto = index === 0 || firstBackMatter || options.rightHandChapters;
    parts.push(`#pagebreak(${recto ? 'to: "odd", ' : ""}weak: true)\n#heading(level: 1)[${literal(title)}]`, blocks(body, context));
    // A definition nobody cites is still the writer's text: after the chapter, numbered.
    const uncited = footnotes.filter((n) => !context.printed.has(n.label));
    if (uncited.length > 0) parts.push(`#heading(level: 2)[${literal("Notes")}]`, ...uncited.map((n) => `${literal(`${n.number}. `)}${n.tokens.map((t) => ("tokens" in t && t.tokens ? inline(t.tokens, context) : literal(plainText([t])))).join(" ")}`));
    parts.push("#metadata(none) <chapter-end>");
  });
  return parts.join("\n\n");
}
