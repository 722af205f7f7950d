/**
 * Text as the matcher sees it: lower-cased when case does not matter, and with full-width and
 * half-width forms made one (compatibility decomposition, NFKD, one code point at a time, so
 * "Ａ" is "A", "ｶﾞ" and "ガ" are both "カ" + U+3099). A hit found in the folded text is mapped
 * back to the writer's own text through `toOriginal`.
 */
export interface FoldedText {
  text: string;
  /** the original offset of each folded code unit, plus one entry for the end; null: same offsets */
  toOriginal: Int32Array | null;
}

export interface FoldOptions {
  lowerCase: boolean;
  widthInsensitive: boolean;
}

/** Code points width folding leaves alone: ASCII and the CJK ideographs, most of a book (kana decompose: ガ is カ + U+3099). */
function unchangedByWidth(code: number): boolean {
  return code < 0x80 || (code >= 0x4e00 && code <= 0x9fff);
}

function foldCodePoint(character: string, options: FoldOptions): string {
  let folded = character;
  if (options.widthInsensitive && !unchangedByWidth(character.codePointAt(0)!)) folded = folded.normalize("NFKD");
  if (options.lowerCase) folded = folded.toLowerCase();
  return folded;
}

export function foldText(text: string, options: FoldOptions): FoldedText {
  if (!options.widthInsensitive) {
    if (!options.lowerCase) return { text, toOriginal: null };
    const lower = text.toLowerCase();
    // Lower-casing kept every length (all but a handful of letters, such as "İ"): offsets are the same.
    if (lower.length === text.length) return { text: lower, toOriginal: null };
  }
  const parts: string[] = [];
  const map: number[] = [];
  let changed = false;
  let offset = 0;
  for (const character of text) {
    const folded = foldCodePoint(character, options);
    if (folded !== character) changed = true;
    parts.push(folded);
    for (let i = 0; i < folded.length; i++) map.push(offset);
    offset += character.length;
  }
  if (!changed) return { text, toOriginal: null };
  map.push(offset);
  return { text: parts.join(""), toOriginal: Int32Array.from(map) };
}

/** Folds a query or a pattern's literal the same way as the text. */
export function foldQuery(query: string, options: FoldOptions): string {
  let folded = "";
  for (const character of query) folded += foldCodePoint(character, options);
  return folded;
}

/**
 * A folded range back in the original text. An end inside a folded code point's expansion ("ﬁ"
 * is "fi") extends to the end of that code point, so a hit never cuts a character in two.
 */
export function originalRange(folded: FoldedText, start: number, end: number): { start: number; end: number } {
  const map = folded.toOriginal;
  if (!map) return { start, end };
  const originalStart = map[start]!;
  if (end === start) return { start: originalStart, end: originalStart };
  // The code point that holds the last folded unit, and where the next one begins.
  const last = map[end - 1]!;
  let next = end;
  while (next < map.length - 1 && map[next] === last) next++;
  return { start: originalStart, end: map[next]! };
}
