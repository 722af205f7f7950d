import traditionalToSimplified from "opencc-js/dict/TSCharacters";

/**
 * 繁体 → 简体, one character to one character, from OpenCC's character table (opencc-js, 3,512
 * pairs, 29 KB: only this table is loaded, not its phrase dictionaries). Search folds both the text
 * and the query to 简体, so 刘备 finds 劉備 and 劉備 finds 刘备 (decision 0503). Character by
 * character, never phrase by phrase: each folded character stands where the writer's stood, so a hit
 * maps back to the text exactly as written, and a replace replaces that.
 *
 * Where OpenCC offers several 简体 for one 繁体 (乾 → 干 or 乾), the first is taken: folding is for
 * finding, and a search finding a little more is what a writer asks of it, as with case.
 */
let table: Map<number, number> | null = null;

function load(): Map<number, number> {
  const map = new Map<number, number>();
  for (const pair of traditionalToSimplified.split("|")) {
    const [from, to] = pair.split(" ");
    if (!from || !to) continue;
    const source = from.codePointAt(0)!;
    const target = to.codePointAt(0)!;
    if (source !== target) map.set(source, target);
  }
  // A 简体 that is itself another's 繁体 (薴 → 苧 → 苎) is followed to its end, so folding twice is folding once.
  for (const [source, target] of map) {
    let end = target;
    for (let hops = 0; map.has(end) && hops < 4; hops++) end = map.get(end)!;
    map.set(source, end);
  }
  return map;
}

/** The 简体 of a 繁体 character's code point, or null when it has none (it is 简体 already, or not Chinese). */
export function simplifiedOf(code: number): number | null {
  table ??= load();
  return table.get(code) ?? null;
}
