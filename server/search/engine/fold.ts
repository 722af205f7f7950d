import { simplifiedOf } from "./chinese-script";

/**
 * Text as the matcher sees it: lower-cased when case does not matter, 繁体 made 简体 unless the
 * search tells them apart (one character for one, chinese-script.ts), and with full-width and
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
  /** 繁体 and 简体 alike (劉備 is 刘备) */
  chineseScriptInsensitive: boolean;
}

/** Code points width folding leaves alone: ASCII and the CJK ideographs, most of a book (kana decompose: ガ is カ + U+3099). */
function unchangedByWidth(code: number): boolean {
  return code < 0x80 || (code >= 0x4e00 && code <= 0x9fff);
}

function foldCodePoint(character: string, options: FoldOptions): string {
  if (options.chineseScriptInsensitive) {
    const simplified = simplifiedOf(character.codePointAt(0)!);
    if (simplified !== null) return String.fromCodePoint(simplified);
  }
  let folded = character;
  if (options.widthInsensitive && !unchangedByWidth(character.codePointAt(0)!)) folded = folded.normalize("NFKD");
  if (options.lowerCase) folded = folded.toLowerCase();
  return folded;
}

// A book uses a few thousand distinct characters: each is normalized once (null: unchanged).
const MEMO_MAX = 65_536;
const memos = new Map<string, Map<number, string | null>>();

function foldedOf(code: number, options: FoldOptions): string | null {
  const key = `${options.lowerCase}/${options.widthInsensitive}/${options.chineseScriptInsensitive}`;
  let memo = memos.get(key);
  if (!memo) memos.set(key, (memo = new Map()));
  let folded = memo.get(code);
  if (folded === undefined) {
    const character = String.fromCodePoint(code);
    const result = foldCodePoint(character, options);
    folded = result === character ? null : result;
    if (memo.size < MEMO_MAX) memo.set(code, folded);
  }
  return folded;
}

export function foldText(text: string, options: FoldOptions): FoldedText {
  if (!options.widthInsensitive && !options.chineseScriptInsensitive) {
    if (!options.lowerCase) return { text, toOriginal: null };
    const lower = text.toLowerCase();
    // Lower-casing kept every length (all but a handful of letters, such as "İ"): offsets are the same.
    if (lower.length === text.length) return { text: lower, toOriginal: null };
  }
  const parts: string[] = [];
  let map = new Int32Array(text.length + 1);
  let used = 0;
  let runStart = 0;
  const note = (origin: number, count: number) => {
    if (used + count + 1 > map.length) {
      const grown = new Int32Array(Math.max(map.length * 2, used + count + 1));
      grown.set(map);
      map = grown;
    }
    for (let k = 0; k < count; k++) map[used++] = origin;
  };
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!;
    const size = code > 0xffff ? 2 : 1;
    let folded: string | null = null;
    if (code < 0x80) {
      if (options.lowerCase && code >= 65 && code <= 90) folded = String.fromCharCode(code + 32);
    } else if (code < 0x4e00 || code > 0x9fff) {
      // CJK ideographs have neither case nor width forms.
      folded = foldedOf(code, options);
    } else if (options.chineseScriptInsensitive) {
      const simplified = simplifiedOf(code);
      if (simplified !== null) folded = String.fromCodePoint(simplified);
    }
    if (folded === null) note(i, size);
    else {
      parts.push(text.slice(runStart, i), folded);
      runStart = i + size;
      note(i, folded.length);
    }
    i += size;
  }
  if (parts.length === 0) return { text, toOriginal: null };
  parts.push(text.slice(runStart));
  map[used] = text.length;
  return { text: parts.join(""), toOriginal: map.subarray(0, used + 1) };
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
