/**
 * Characters that no format a book is written in can carry: XML 1.0, which EPUB, DOCX, ODT, FB2
 * and DocBook are made of, forbids the C0 controls but tab, line feed and carriage return, and the
 * noncharacters U+FFFE and U+FFFF (one made epubcheck stop with RSC-016, another left a DOCX that
 * Word would not open); a lone surrogate has no UTF-8 form at all. Text pasted from a PDF or Word
 * carries some of them: a form feed at each page break, a vertical tab for a line break.
 */
const UNSTORABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const LINE_BREAKS = /[\u000B\u000C]/g;
const OTHERS = /[\u0000-\u0008\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * The text with those characters gone, every other character kept: a vertical tab or form feed
 * becomes the line break it stood for, a lone surrogate U+FFFD, the rest are dropped (see
 * docs/decisions/0451-control-characters-are-dropped-on-the-way-in.md).
 */
export function storableText(text: string): string {
  if (text.isWellFormed() && !UNSTORABLE.test(text)) return text;
  return text.toWellFormed().replace(LINE_BREAKS, "\n").replace(OTHERS, "");
}
