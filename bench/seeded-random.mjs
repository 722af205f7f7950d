// A seeded generator for the benches that make up their text, so every run reads the same books.

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Made-up words from a seeded generator, so every run writes the same text: many distinct
 * trigrams, which is what makes a text dear to index. A line ends now and then, after a full stop.
 */
export function madeUpProse(characters, seed = 1) {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31);
  const parts = [];
  let length = 0;
  while (length < characters) {
    let word = "";
    for (let n = 3 + (next() % 7); n > 0; n--) word += String.fromCharCode(97 + (next() % 26));
    const gap = next() % 12 === 0 ? ".\n" : " ";
    parts.push(word, gap);
    length += word.length + gap.length;
  }
  return parts.join("").slice(0, characters);
}
