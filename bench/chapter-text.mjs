// The chapter the editor benchmarks type into (bench/editor.mjs, bench/bible-marks.mjs).

/** A deterministic novel-like chapter: paragraphs of prose, a few headings, emphasis, a scene break. */
export function chapterText(words) {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const vocabulary = (
    "the harbour light was low and the sea kept its counsel while she walked along the quay counting boats " +
    "nobody had painted since the winter her father left with a lantern and a promise he never meant to keep " +
    "salt rope gull tide anchor window letter morning silence"
  ).split(" ");
  const paragraphs = [];
  let written = 0;
  while (written < words) {
    if (paragraphs.length % 20 === 0) paragraphs.push(`## Part ${paragraphs.length / 20 + 1}`);
    if (paragraphs.length % 33 === 32) paragraphs.push("* * *");
    const length = Math.min(words - written, 40 + Math.floor(random() * 80));
    const sentence = Array.from({ length }, (_, i) => {
      const word = vocabulary[Math.floor(random() * vocabulary.length)];
      return i % 29 === 7 ? `*${word}*` : word;
    });
    sentence[0] = sentence[0].replace(/^\w/, (c) => c.toUpperCase());
    paragraphs.push(`${sentence.join(" ")}.`);
    written += length;
  }
  return paragraphs.join("\n\n");
}
