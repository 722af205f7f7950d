import type { DocumentModel } from "../model";
import { escapeXml } from "../text";
import { htmlDocument } from "./html";

/**
 * RTF, read by a hand-written tokenizer in one pass over the bytes (issue 19, item 3: pandoc's
 * reader lost characters, LibreOffice's headings and Inkstone's own title page). It keeps every
 * character: `\'hh` bytes decoded in the document's or the font's code page (double-byte ones
 * too), `\uN` with its `\ucN` fallback skipped, surrogate pairs, the typographic symbols. It
 * reads paragraphs, bold and italic, headings (`\outlinelevelN`, or a style that has one or is
 * named "heading N"), footnotes and the `\info` title and author, and makes HTML for the HTML
 * reader, so that RTF lands in the model as every other format does.
 */

type Destination = "body" | "note" | "title" | "author" | "fonttbl" | "stylesheet" | "info" | "skip";

interface State {
  destination: Destination;
  bold: boolean;
  italic: boolean;
  /** characters of fallback after `\uN` */
  uc: number;
  font: number;
  style: number;
  outline: number | null;
  /** `\*` just read: the next control word names a destination, skipped unless known */
  starred: boolean;
  /** in a footnote's group: its number */
  note?: number;
}

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  /** markup made by the reader (a note's reference, a line break), not text */
  html?: string;
}

interface Paragraph {
  runs: Run[];
  outline: number | null;
}

// Destinations whose text is never the book's: tables, pictures, headers, list numbers, field codes.
const SKIPPED = new Set([
  "colortbl", "pict", "object", "header", "headerl", "headerr", "headerf", "footer", "footerl", "footerr", "footerf", "listtable",
  "listoverridetable", "revtbl", "rsidtbl", "xmlnstbl", "filetbl", "listtext", "pntext", "pntxta", "pntxtb", "nonshppict", "themedata",
  "colorschememapping", "latentstyles", "datastore", "fldinst", "template", "annotation", "atnid", "atnauthor", "operator", "company",
  "keywords", "subject", "doccomm", "comment", "category", "manager", "hlinkbase", "generator", "bkmkstart", "bkmkend", "mmathPr", "pgdsctbl",
]);

const SYMBOLS: Record<string, string> = {
  emdash: "\u2014", endash: "\u2013", lquote: "\u2018", rquote: "\u2019", ldblquote: "\u201C", rdblquote: "\u201D", bullet: "\u2022",
  emspace: "\u2003", enspace: "\u2002", qmspace: "\u2005", zwj: "\u200D", zwnj: "\u200C", tab: "\t", cell: " ",
};
const CONTROL_SYMBOLS: Record<string, string> = { "~": "\u00A0", _: "\u2011", "-": "", ":": "", "|": "" };
const PARAGRAPH_ENDS = new Set(["par", "sect", "page", "row"]);

// \fcharset values to the code pages their bytes are in.
const CHARSET_PAGES: Record<number, number> = {
  128: 932, 129: 949, 130: 1361, 134: 936, 136: 950, 161: 1253, 162: 1254, 163: 1258, 177: 1255, 178: 1256, 186: 1257, 204: 1251, 222: 874, 238: 1250,
};
const PAGE_LABELS: Record<number, string> = { 932: "shift_jis", 936: "gbk", 949: "euc-kr", 950: "big5", 10000: "macintosh", 20936: "gb2312", 54936: "gb18030" };

/**
 * Windows-1252's 0x80–0x9F (curly quotes, dashes, €), which Node's TextDecoder("windows-1252")
 * decodes as Latin-1 control characters: the quotes of every RTF that Word writes.
 */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

function decode(page: number, bytes: number[]): string {
  const decoder = page === 1252 ? undefined : decoderFor(page);
  if (decoder) return decoder.decode(new Uint8Array(bytes));
  let out = "";
  for (const b of bytes) out += b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80]! : String.fromCharCode(b);
  return out;
}

// A code page TextDecoder does not know is read as Windows-1252, what most RTF is written in.
const decoders = new Map<number, TextDecoder | undefined>();
function decoderFor(page: number): TextDecoder | undefined {
  if (!decoders.has(page)) {
    try {
      decoders.set(page, new TextDecoder(PAGE_LABELS[page] ?? `windows-${page}`));
    } catch {
      decoders.set(page, undefined);
    }
  }
  return decoders.get(page);
}

const isLetter = (b: number) => (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a);
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;

export function readRtf(bytes: Uint8Array): DocumentModel {
  let state: State = { destination: "body", bold: false, italic: false, uc: 1, font: 0, style: 0, outline: null, starred: false };
  const stack: State[] = [];
  let documentPage = 1252;
  const fontPages = new Map<number, number>();
  const styleOutlines = new Map<number, number>();
  let defining = { font: -1, style: -1, name: "" };
  const info = { title: "", author: "" };
  const body: Paragraph[] = [];
  const notes: Paragraph[][] = [];
  let paragraph: Paragraph = { runs: [], outline: null };
  const noteStack: { paragraph: Paragraph; paragraphs: Paragraph[] }[] = [];
  let noteParagraphs: Paragraph[] | null = null;

  // Bytes of text waiting to be decoded together: a double-byte character's two halves may come
  // as `\'hh` and a plain byte.
  let pending: number[] = [];
  let pendingPage = 1252;
  let skip = 0;

  const pageOf = () => fontPages.get(state.font) ?? documentPage;
  const emit = (text: string) => {
    if (text === "") return;
    switch (state.destination) {
      case "body":
      case "note": {
        const last = paragraph.runs.at(-1);
        if (last && !last.html && last.bold === state.bold && last.italic === state.italic) last.text += text;
        else paragraph.runs.push({ text, bold: state.bold, italic: state.italic });
        break;
      }
      case "title":
        info.title += text;
        break;
      case "author":
        info.author += text;
        break;
      case "fonttbl":
      case "stylesheet":
        defining.name += text;
        break;
      default:
        break;
    }
  };
  const flush = () => {
    if (pending.length === 0) return;
    emit(decode(pendingPage, pending));
    pending = [];
  };
  const byte = (b: number) => {
    if (skip > 0) {
      skip--;
      return;
    }
    const page = pageOf();
    if (pending.length > 0 && page !== pendingPage) flush();
    pendingPage = page;
    pending.push(b);
  };
  const text = (s: string) => {
    flush();
    if (skip > 0) {
      skip--;
      return;
    }
    emit(s);
  };
  const endParagraph = () => {
    flush();
    if (state.destination !== "body" && state.destination !== "note") return;
    if (paragraph.runs.some((r) => r.html || r.text.trim())) (noteParagraphs ?? body).push(paragraph);
    paragraph = { runs: [], outline: null };
  };

  const controlWord = (word: string, parameter: number | null) => {
    if (state.starred) {
      state.starred = false;
      if (word !== "footnote") {
        state.destination = "skip";
        return;
      }
    }
    if (skip > 0 && word !== "par") {
      skip--;
      return;
    }
    flush();
    if (state.destination === "skip") return;
    switch (word) {
      case "ansicpg":
        if (parameter !== null) documentPage = parameter;
        return;
      case "mac":
        documentPage = 10000;
        return;
      case "fonttbl":
      case "stylesheet":
      case "info":
        state.destination = word;
        return;
      case "title":
      case "author":
        state.destination = state.destination === "info" && !info[word] ? word : "skip";
        return;
      case "f":
        if (state.destination === "fonttbl") defining.font = parameter ?? 0;
        else state.font = parameter ?? 0;
        return;
      case "fcharset":
        if (defining.font >= 0 && parameter !== null && CHARSET_PAGES[parameter]) fontPages.set(defining.font, CHARSET_PAGES[parameter]!);
        return;
      case "cpg":
        if (defining.font >= 0 && parameter !== null) fontPages.set(defining.font, parameter);
        return;
      case "s":
        if (state.destination === "stylesheet") defining.style = parameter ?? 0;
        else {
          state.style = parameter ?? 0;
          state.outline = styleOutlines.get(state.style) ?? state.outline;
        }
        return;
      case "outlinelevel":
        if (state.destination === "stylesheet") {
          if (defining.style >= 0 && parameter !== null) styleOutlines.set(defining.style, parameter);
        } else state.outline = parameter;
        return;
      case "pard":
        state.style = 0;
        state.outline = styleOutlines.get(0) ?? null;
        return;
      case "plain":
        state.bold = state.italic = false;
        return;
      case "b":
        state.bold = parameter !== 0;
        return;
      case "i":
        state.italic = parameter !== 0;
        return;
      case "uc":
        state.uc = Math.max(0, parameter ?? 1);
        return;
      case "u":
        if (parameter !== null) {
          text(String.fromCharCode(parameter < 0 ? parameter + 65536 : parameter));
          skip = state.uc;
        }
        return;
      case "line":
        if (state.destination === "body" || state.destination === "note") paragraph.runs.push({ text: "", bold: false, italic: false, html: "<br>" });
        return;
      case "footnote":
        footnote();
        return;
      case "chftn":
        return;
      default:
        if (PARAGRAPH_ENDS.has(word)) {
          skip = 0;
          endParagraph();
          paragraph.outline = null;
        } else if (SYMBOLS[word] !== undefined) emit(SYMBOLS[word]!);
        else if (SKIPPED.has(word)) state.destination = "skip";
    }
  };

  const footnote = () => {
    if (state.destination !== "body") {
      state.destination = "skip";
      return;
    }
    notes.push([]);
    const number = notes.length;
    paragraph.runs.push({ text: "", bold: false, italic: false, html: `<a href="#fn-rtf${number}">${number}</a>` });
    noteStack.push({ paragraph, paragraphs: notes[number - 1]! });
    noteParagraphs = notes[number - 1]!;
    paragraph = { runs: [], outline: null };
    state.destination = "note";
    state.note = number;
  };

  for (let at = 0; at < bytes.length; at++) {
    const b = bytes[at]!;
    if (b === 0x7b) {
      flush();
      skip = 0;
      stack.push(state);
      state = { ...state, starred: false };
    } else if (b === 0x7d) {
      flush();
      skip = 0;
      const closing = state;
      if (closing.note !== undefined && stack.at(-1)?.note !== closing.note) {
        endParagraph();
        const outer = noteStack.pop()!;
        paragraph = outer.paragraph;
        noteParagraphs = noteStack.at(-1)?.paragraphs ?? null;
      }
      if (closing.destination === "fonttbl" || closing.destination === "stylesheet") {
        const heading = /^heading\s*(\d)/i.exec(defining.name.trim());
        if (closing.destination === "stylesheet" && heading && defining.style >= 0 && !styleOutlines.has(defining.style)) {
          styleOutlines.set(defining.style, Number(heading[1]) - 1);
        }
        defining = { font: -1, style: -1, name: "" };
      }
      const outer = stack.pop();
      if (!outer) break; // the document's last brace: anything after it is not RTF
      // Paragraph properties end with their group; a paragraph's level is the one in force at its \par.
      state = outer;
    } else if (b === 0x5c) {
      const next = bytes[at + 1];
      if (next === undefined) break;
      if (isLetter(next)) {
        let end = at + 1;
        while (end < bytes.length && isLetter(bytes[end]!) && end - at <= 32) end++;
        const word = String.fromCharCode(...bytes.subarray(at + 1, end));
        let parameter: number | null = null;
        let digitsEnd = end;
        if (bytes[digitsEnd] === 0x2d && isDigit(bytes[digitsEnd + 1] ?? 0)) digitsEnd++;
        while (digitsEnd < bytes.length && isDigit(bytes[digitsEnd]!) && digitsEnd - end <= 11) digitsEnd++;
        if (digitsEnd > end) parameter = Number(String.fromCharCode(...bytes.subarray(end, digitsEnd)));
        at = bytes[digitsEnd] === 0x20 ? digitsEnd : digitsEnd - 1;
        // \binN: N bytes of binary data follow, which may hold any brace or backslash.
        if (word === "bin") at += Math.max(0, parameter ?? 0);
        else controlWord(word, parameter);
      } else if (next === 0x27) {
        const hex = String.fromCharCode(bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);
        at += 3;
        if (/^[0-9a-fA-F]{2}$/.test(hex)) byte(parseInt(hex, 16));
      } else {
        at++;
        if (next === 0x2a) state.starred = true;
        else if (next === 0x5c || next === 0x7b || next === 0x7d) byte(next);
        else if (next === 0x0a || next === 0x0d) controlWord("par", null);
        else if (CONTROL_SYMBOLS[String.fromCharCode(next)] !== undefined) text(CONTROL_SYMBOLS[String.fromCharCode(next)]!);
      }
    } else if (b === 0x0a || b === 0x0d) {
      // Line ends in RTF are for the eye.
    } else if (b === 0x09) {
      text("\t");
    } else {
      byte(b);
    }
  }
  endParagraph();
  return htmlDocument(toHtml(body, notes, info));
}

function toHtml(body: Paragraph[], notes: Paragraph[][], info: { title: string; author: string }): string {
  const title = info.title.trim();
  const author = info.author.trim();
  const notesHtml = notes.map((paragraphs, index) => `<li id="fn-rtf${index + 1}">${paragraphs.map((p) => `<p>${runsHtml(p.runs)}</p>`).join("")}</li>`).join("");
  return [
    "<html><head>",
    title ? `<title>${escapeXml(title)}</title>` : "",
    author ? `<meta name="author" content="${escapeXml(author)}">` : "",
    "</head><body>",
    ...body.map((p) => (p.outline !== null && p.outline < 6 ? `<h${p.outline + 1}>${escapeXml(plain(p))}</h${p.outline + 1}>` : `<p>${runsHtml(p.runs)}</p>`)),
    notesHtml ? `<ol>${notesHtml}</ol>` : "",
    "</body></html>",
  ].join("");
}

const plain = (p: Paragraph) => p.runs.map((r) => r.text).join("").replace(/\s+/g, " ").trim();

function runsHtml(runs: Run[]): string {
  return runs
    .map((run) => {
      if (run.html) return run.html;
      let html = escapeXml(run.text);
      if (run.italic && run.text.trim()) html = `<em>${html}</em>`;
      if (run.bold && run.text.trim()) html = `<strong>${html}</strong>`;
      return html;
    })
    .join("");
}
