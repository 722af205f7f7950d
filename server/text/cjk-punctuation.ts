/**
 * Punctuation marks that Chinese 字数 counts, as Word's 字数 and the web-novel platforms do (each
 * mark one 字, beside the Han characters): the CJK symbols and punctuation block (、。「」《》【】…),
 * the full-width forms (，！？：；（）…) and the vertical and small forms; and the marks Chinese
 * shares with English — “ ” ‘ ’ … — · — where they stand next to Han text or to another counted
 * mark, so an English sentence's quotes and dashes stay out of it.
 */
export function countCjkPunctuation(text: string): number {
  let count = 0;
  let previousCounts = false; // the character before was Han or a counted mark
  // Where the run of shared marks being read ends, and whether Chinese follows it: read once per
  // run, so a long run of dashes costs its length, not its square.
  let runEnd = -1;
  let chineseAfterRun = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x2010) {
      previousCounts = false;
      continue;
    }
    if (isCjkMark(code)) {
      count++;
      previousCounts = true;
    } else if (SHARED.has(code)) {
      if (i >= runEnd) {
        runEnd = endOfShared(text, i);
        const after = text.charCodeAt(runEnd);
        chineseAfterRun = runEnd < text.length && (isHan(after) || isCjkMark(after));
      }
      const counts: boolean = previousCounts || chineseAfterRun;
      if (counts) count++;
      previousCounts = counts;
    } else previousCounts = isHan(code);
  }
  return count;
}

/** “ ” ‘ ’ … — – · ‧ ・ */
const SHARED = new Set([0x201c, 0x201d, 0x2018, 0x2019, 0x2026, 0x2014, 0x2013, 0x00b7, 0x2027, 0x30fb]);

function isCjkMark(code: number): boolean {
  if (code >= 0x3000 && code <= 0x303f) return code !== 0x3000 && !(code >= 0x3005 && code <= 0x3007); // not the ideographic space, 々〆〇
  if (code >= 0xff01 && code <= 0xff65) return !isFullWidthLetterOrDigit(code);
  return (code >= 0xfe10 && code <= 0xfe1f) || (code >= 0xfe30 && code <= 0xfe6f);
}

function isFullWidthLetterOrDigit(code: number): boolean {
  return (code >= 0xff10 && code <= 0xff19) || (code >= 0xff21 && code <= 0xff3a) || (code >= 0xff41 && code <= 0xff5a);
}

function isHan(code: number): boolean {
  return (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xd800 && code <= 0xdbff);
}

/** Where the run of shared marks starting at `from` ends. */
function endOfShared(text: string, from: number): number {
  let end = from;
  while (end < text.length && SHARED.has(text.charCodeAt(end))) end++;
  return end;
}
