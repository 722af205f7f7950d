/**
 * Finds a set of names in text in one pass, whatever their number: an Aho–Corasick automaton over
 * the names' UTF-16 code units. Searching for each name in turn cost the text's length once per
 * name (a writer may give a hundred names with a hundred aliases each), and checking each mention
 * against every mention already counted cost the square of their number.
 *
 * Mentions are taken leftmost-longest and never overlap: at each place in the text the longest
 * name that stands there counts, and the search goes on after it, so "Elizabeth Bennet" is one
 * mention and not also one of "Elizabeth". Latin names must stand as whole words; Chinese names
 * are written without spaces and match wherever they appear.
 */
export class NameMatcher {
  /** each node's children, by code unit */
  private readonly next: Map<number, number>[] = [new Map()];
  /** the node of the longest proper suffix of each node's path that is also a path */
  private fail: Int32Array = new Int32Array(1);
  /** the node itself when a name ends there, else the nearest node down its fail chain where one does, else -1 */
  private ending: Int32Array = new Int32Array(1);
  /** the nearest node down the fail chain (excluding the node itself) where a name ends, or -1 */
  private nextEnding: Int32Array = new Int32Array(1);
  private readonly nameAt: number[] = [-1];
  private readonly lengths: number[] = [];
  private readonly wholeWord: boolean[] = [];
  /** whether a name begins with the code unit: most of a text is passed over on this alone */
  private readonly begins = new Uint8Array(0x10000);
  /** the longest name standing at each position of the text being read, and which it is */
  private longest = new Int32Array(0);
  private which = new Int32Array(0);

  constructor(names: readonly string[]) {
    names.forEach((name, index) => {
      this.lengths.push(name.length);
      this.wholeWord.push(!HAN.test(name));
      let node = 0;
      for (let i = 0; i < name.length; i++) {
        const code = name.charCodeAt(i);
        let child = this.next[node]!.get(code);
        if (child === undefined) {
          child = this.next.push(new Map()) - 1;
          this.nameAt.push(-1);
          this.next[node]!.set(code, child);
        }
        node = child;
      }
      if (name.length > 0 && this.nameAt[node] === -1) this.nameAt[node] = index;
    });
    for (const code of this.next[0]!.keys()) this.begins[code] = 1;
    this.link();
  }

  /** Breadth first, so a node's fail target is always linked before the node. */
  private link(): void {
    const size = this.next.length;
    this.fail = new Int32Array(size);
    this.ending = new Int32Array(size).fill(-1);
    this.nextEnding = new Int32Array(size).fill(-1);
    const queue = [0];
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      for (const [code, child] of this.next[node]!) {
        let fallback = this.fail[node]!;
        while (node !== 0 && fallback !== 0 && !this.next[fallback]!.has(code)) fallback = this.fail[fallback]!;
        const target = node === 0 ? 0 : (this.next[fallback]!.get(code) ?? 0);
        this.fail[child] = target;
        this.nextEnding[child] = this.ending[target]!;
        this.ending[child] = this.nameAt[child] !== -1 ? child : this.nextEnding[child]!;
        queue.push(child);
      }
    }
  }

  /** Calls `count` with the index of the name of each mention in `text`. */
  forEachMention(text: string, count: (name: number) => void): void {
    this.forEachMatch(text, count);
  }

  /**
   * Calls `visit` with the index of the name, its start and its end (UTF-16 offsets) of each
   * mention in `text`, in order. `accepts`, when given, may refuse a match before the
   * leftmost-longest choice (a one-character name that is not a word there), so a shorter name
   * standing at the same place still counts. Linear in the text's length plus the number of
   * places where some name ends (at most the number of distinct name lengths per code unit).
   */
  forEachMatch(
    text: string,
    visit: (name: number, start: number, end: number) => void,
    accepts?: (name: number, start: number, end: number) => boolean,
  ): void {
    if (this.lengths.length === 0 || text.length === 0) return;
    if (this.longest.length < text.length) {
      this.longest = new Int32Array(text.length);
      this.which = new Int32Array(text.length);
    }
    const { longest, which, begins, next, fail, ending, nextEnding, nameAt, lengths, wholeWord } = this;
    let found = false;
    let node = 0;
    for (let end = 0; end < text.length; end++) {
      const code = text.charCodeAt(end);
      if (node === 0 && !begins[code]) continue;
      let child = next[node]!.get(code);
      while (child === undefined && node !== 0) {
        node = fail[node]!;
        child = next[node]!.get(code);
      }
      node = child ?? 0;
      for (let at = ending[node]!; at !== -1; at = nextEnding[at]!) {
        const name = nameAt[at]!;
        const length = lengths[name]!;
        const start = end + 1 - length;
        if (wholeWord[name] && (isWordCharacter(text, start - 1) || isWordCharacter(text, end + 1))) continue;
        if (accepts && !accepts(name, start, end + 1)) continue;
        // Names ending later that start at the same place are longer, so the last one found wins.
        if (!found) longest.fill(0, 0, text.length);
        found = true;
        longest[start] = length;
        which[start] = name;
      }
    }
    if (!found) return;
    for (let at = 0; at < text.length; ) {
      if (longest[at] === 0) at++;
      else {
        visit(which[at]!, at, at + longest[at]!);
        at += longest[at]!;
      }
    }
  }
}

const HAN = /\p{Script=Han}/u;
const WORD = /[\p{L}\p{N}]/u;

function isWordCharacter(text: string, at: number): boolean {
  if (at < 0 || at >= text.length) return false;
  const code = text.charCodeAt(at);
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return WORD.test(text[at]!);
}
