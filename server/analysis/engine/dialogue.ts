/**
 * Speech and documents in a chapter's paragraphs.
 *
 * A quotation is "…", “…”, '…', ‘…’, 「…」 (with any 『…』 inside) or 『…』. One left open runs to
 * the paragraph's end, as speech that goes on into the next paragraph is written. Straight and
 * curly single quotes share a word's apostrophes, so an apostrophe inside a word (don't) or at the
 * end of one before a lower-case word (the Bennets' house) neither opens nor closes a quotation,
 * and neither do the elisions 'tis, 'twas, 'em.
 *
 * A quotation is a document (a letter, a note, an inscription), not speech, when it is introduced
 * as one ("…as follows:", "the note said:", 书曰, 信中写道) or when it runs on over three or more
 * paragraphs, each opening with a quote mark and leaving it open but the last: the way a letter is
 * set in a novel. A speech carried over two paragraphs stays speech.
 */
export interface QuotedSpan {
  text: string;
  /** Offsets of the span's text (inside the marks) in its paragraph. */
  start: number;
  end: number;
  /** Whether its closing mark is in the paragraph. */
  closed: boolean;
}

export interface ChapterQuotations {
  dialogueWords: number;
  /** Quotations of speech. */
  quotes: number;
  documentWords: number;
  /** Documents: a letter over several paragraphs is one. */
  documents: number;
  /**
   * The words of speech each paragraph holds (a speech over several paragraphs counts in each its
   * part): what every "Dialogue" figure adds up, so the pacing strip and the dialogue share agree.
   */
  speechByParagraph: number[];
}

/** The quoted stretches of a paragraph, as text. */
export function quotedSpans(paragraph: string): string[] {
  return spansOf(paragraph).map((span) => span.text);
}

/** Speech and documents in a chapter's paragraphs, their words counted by `count`. */
export function readQuotations(paragraphs: readonly string[], count: (text: string) => number): ChapterQuotations {
  const result: ChapterQuotations = { dialogueWords: 0, quotes: 0, documentWords: 0, documents: 0, speechByParagraph: new Array<number>(paragraphs.length).fill(0) };
  const spans = paragraphs.map(spansOf);
  /** `parts`: the quotation's words in each paragraph it runs over, from `first` on. */
  const add = (first: number, parts: number[], document: boolean) => {
    const words = parts.reduce((sum, part) => sum + part, 0);
    if (document) {
      result.documentWords += words;
      result.documents++;
    } else {
      result.dialogueWords += words;
      result.quotes += parts.length;
      parts.forEach((part, offset) => (result.speechByParagraph[first + offset]! += part));
    }
  };
  // `skip`: the spans at the start of paragraph `index` already read as a quotation's continuation.
  for (let index = 0, skip = 0; index < paragraphs.length; ) {
    const own = spans[index]!;
    let next = index + 1;
    let nextSkip = 0;
    for (let s = skip; s < own.length; s++) {
      const span = own[s]!;
      const introduced = introducedAsDocument(paragraphs, index, span.start - 1);
      if (span.closed) {
        add(index, [count(span.text)], introduced);
        continue;
      }
      // Left open: it goes on in each next paragraph that opens with a quote mark, until one closes it.
      let through = index;
      const parts = [count(span.text)];
      while (through + 1 < paragraphs.length && opensWithQuote(paragraphs[through + 1]!, spans[through + 1]!)) {
        through++;
        const first = spans[through]![0]!;
        parts.push(count(first.text));
        if (first.closed) break;
      }
      add(index, parts, introduced || through - index + 1 >= 3);
      if (through > index) {
        next = through;
        nextSkip = 1;
      }
    }
    index = next;
    skip = nextSkip;
  }
  return result;
}

function opensWithQuote(paragraph: string, spans: QuotedSpan[]): boolean {
  return spans.length > 0 && spans[0]!.start === 1 && OPENING_MARKS.includes(paragraph[0]!);
}

function spansOf(paragraph: string): QuotedSpan[] {
  const spans: QuotedSpan[] = [];
  OPENING.lastIndex = 0;
  for (let match = OPENING.exec(paragraph); match; match = OPENING.exec(paragraph)) {
    const open = match.index;
    if (!opensHere(paragraph, open)) continue;
    const close = closingAfter(paragraph, open);
    spans.push({ text: paragraph.slice(open + 1, close), start: open + 1, end: close, closed: close < paragraph.length });
    OPENING.lastIndex = close + 1;
  }
  return spans;
}

const OPENING_MARKS = "\"“「『‘'";
const OPENING = /["“「『‘']/g;
const CLOSING: Record<string, string> = { '"': '"', "“": "”", "「": "」", "『": "』", "‘": "’", "'": "'" };
const LETTER = /[\p{L}\p{N}]/u;
const LOWER = /\p{Ll}/u;
const SPACE = /\s/u;
/** Words written with a leading apostrophe for a lost letter: 'tis, 'twas, 'em. */
const ELISION = /^(?:tis|twas|twere|twill|twould|em|cause|til|bout|n)(?![\p{L}])/iu;

const isLetter = (text: string, at: number) => LETTER.test(text[at] ?? "");

/** A single quote opens only before a word and not after one (it's, 'tis are apostrophes). */
function opensHere(paragraph: string, open: number): boolean {
  const mark = paragraph[open];
  if (mark !== "'" && mark !== "‘") return true;
  if (isLetter(paragraph, open - 1)) return false;
  if (mark === "'") {
    const next = paragraph[open + 1] ?? "";
    if (next === "" || SPACE.test(next) || /\p{N}/u.test(next)) return false;
  }
  return !ELISION.test(paragraph.slice(open + 1, open + 7));
}

function closingAfter(paragraph: string, open: number): number {
  const close = CLOSING[paragraph[open]!]!;
  for (let at = paragraph.indexOf(close, open + 1); at !== -1; at = paragraph.indexOf(close, at + 1)) {
    if ((close !== "’" && close !== "'") || !isApostrophe(paragraph, at)) return at;
  }
  return paragraph.length;
}

/**
 * A single quote mark that belongs to a word: between letters (don't), or ending a word in s
 * before a lower-case word (the Bennets' house), or straight and after a blank (it opens nothing).
 */
function isApostrophe(paragraph: string, at: number): boolean {
  if (isLetter(paragraph, at + 1)) return true;
  if (paragraph[at] === "'" && SPACE.test(paragraph[at - 1] ?? " ")) return true;
  if (/[sS]/.test(paragraph[at - 1] ?? "") && paragraph[at + 1] === " " && LOWER.test(paragraph[at + 2] ?? "")) return true;
  return false;
}

// Read on the last characters before a quotation: each pattern is anchored at the end of a short
// slice, so it stays linear whatever the text.
const ENGLISH_INTRODUCTION =
  /(?:\bas follows|\bthe following|\bran thus|\bthese words|\bin these terms|\bwrote|\bwritten|\bwrites|\b(?:letter|note|message|telegram|card|inscription|notice|paper)\s+(?:said|says|read|reads|ran|runs))\s*[:,]\s*[-—–]*\s*$/i;
const CHINESE_INTRODUCTION = /(?:(?:[书信表诏檄诗词笺札帖]|其略|略)[中上内里略云叹赞]?(?:曰|云|道)|写道|写着|信[中上里]说|书略曰)\s*[：:，,]?\s*$/u;

/** Whether the text before a quotation (in its paragraph, or the paragraph before when it opens one) introduces a document. */
function introducedAsDocument(paragraphs: readonly string[], index: number, open: number): boolean {
  let before = paragraphs[index]!.slice(Math.max(0, open - 60), open);
  if (before.trim() === "" && index > 0) before = paragraphs[index - 1]!.slice(-60);
  return ENGLISH_INTRODUCTION.test(before) || CHINESE_INTRODUCTION.test(before);
}
