import { defineProbe } from "../probe";
import { frequencySpec } from "../probe-specs";
import { round } from "../stats";
import { contentWordTest, forEachGram, hasLetterTest, phrases, topTerms } from "../terms";

export const frequencyProbe = defineProbe(frequencySpec, {
  run({ book, chapters, params }) {
    const all = [];
    for (const chapter of chapters) all.push({ chapter, tokens: book.tokens(chapter) });
    // Keys are vocabulary numbers for words and phrase keys for phrases, spelt out only for the top.
    // Chapters come in order, so counting the chapters a term is in needs only the last one seen.
    const tally = new Map<number | string, { count: number; chapters: number; last: number }>();
    const add = (key: number | string, chapter: number) => {
      const entry = tally.get(key);
      if (!entry) tally.set(key, { count: 1, chapters: 1, last: chapter });
      else {
        entry.count++;
        if (entry.last !== chapter) {
          entry.chapters++;
          entry.last = chapter;
        }
      }
    };
    const isContentWord = contentWordTest(book, params.minLength);
    const hasLetter = hasLetterTest(book);
    const n = params.kind === "words" ? 1 : params.phraseLength;
    const phrase = phrases(book, n);
    let total = 0;
    for (const { chapter, tokens } of all) {
      total += chapter.words;
      const { ids } = tokens;
      if (params.kind === "words") {
        for (const id of ids) if (params.includeStopWords ? hasLetter(id) : isContentWord(id)) add(id, chapter.number);
      } else {
        forEachGram(tokens, n, (start) => {
          if (params.includeStopWords ? !phrase.isAllStopWords(ids, start) : phrase.isContent(ids, start)) add(phrase.key(ids, start), chapter.number);
        });
      }
    }
    const spell = (key: number | string) => (typeof key === "number" && n === 1 ? book.vocabulary.words[key]! : phrase.spell(key));
    const ranked = topTerms(tally, params.top, params.kind === "words" ? 1 : 2, spell);
    const rows = ranked.map(([term, entry], index) => ({
      rank: index + 1,
      term,
      count: entry.count,
      per10k: total ? round((entry.count * 10_000) / total, 2) : 0,
      chapters: entry.chapters,
    }));
    const label = params.kind === "words" ? "Word" : "Phrase";
    return {
      summary: [
        { label: params.kind === "words" ? "Distinct words" : "Repeated phrases", value: params.kind === "words" ? tally.size : [...tally.values()].filter((e) => e.count > 1).length },
        { label: `Most frequent ${label.toLowerCase()}`, value: rows[0] ? `${rows[0].term} (${rows[0].count})` : "—" },
      ],
      table: {
        columns: [
          { key: "rank", label: "Rank" },
          { key: "term", label },
          { key: "count", label: "Count" },
          { key: "per10k", label: "Per 10,000 words" },
          { key: "chapters", label: "Chapters" },
        ],
        rows,
      },
      series: { x: rows.map((row) => row.term), series: [{ name: "Count", values: rows.map((row) => row.count) }], yLabel: "occurrences" },
    };
  },
});
