import { defineProbe } from "../probe";
import { echoesSpec } from "../probe-specs";
import { round } from "../stats";
import { contentWordTest, forEachGram, phrases, topTerms } from "../terms";

export const echoesProbe = defineProbe(echoesSpec, {
  run({ book, chapters, params }) {
    const { n, window } = params;
    const all = [];
    for (const chapter of chapters) all.push({ chapter, tokens: book.tokens(chapter) });
    const isContentWord = contentWordTest(book, params.minLength);
    const phrase = phrases(book, n);
    const echoes = new Map<number | string, { count: number; chapters: number; last: number; first: string }>();
    const perChapter: { label: string; echoes: number; words: number }[] = [];
    for (const { chapter, tokens } of all) {
      const { ids } = tokens;
      const lastSeen = new Map<number | string, number>();
      let found = 0;
      forEachGram(tokens, n, (start) => {
        if (n === 1 ? !isContentWord(ids[start]!) : !phrase.isContent(ids, start)) return;
        const key = n === 1 ? ids[start]! : phrase.key(ids, start);
        const last = lastSeen.get(key);
        // An echo is a fresh use, not the same words overlapping themselves.
        if (last !== undefined && start - last >= n && start - last <= window) {
          found++;
          const entry = echoes.get(key);
          if (!entry) echoes.set(key, { count: 1, chapters: 1, last: chapter.number, first: chapter.label });
          else {
            entry.count++;
            if (entry.last !== chapter.number) {
              entry.chapters++;
              entry.last = chapter.number;
            }
          }
        }
        lastSeen.set(key, start);
      });
      perChapter.push({ label: chapter.label, echoes: found, words: chapter.words });
    }
    const total = perChapter.reduce((sum, chapter) => sum + chapter.echoes, 0);
    const words = perChapter.reduce((sum, chapter) => sum + chapter.words, 0);
    const rows = topTerms(echoes, params.top, 1, (key) => (n === 1 ? book.vocabulary.words[key as number]! : phrase.spell(key)))
      .map(([term, entry], index) => ({
        rank: index + 1,
        term,
        echoes: entry.count,
        chapters: entry.chapters,
        first: entry.first,
      }));
    return {
      summary: [
        { label: "Echoes", value: total },
        { label: "Echoes per 1,000 words", value: words ? round((total * 1000) / words, 2) : 0 },
        { label: "Most echoed", value: rows[0] ? `${rows[0].term} (${rows[0].echoes})` : "—" },
      ],
      table: {
        columns: [
          { key: "rank", label: "Rank" },
          { key: "term", label: n === 1 ? "Word" : "Phrase" },
          { key: "echoes", label: "Echoes" },
          { key: "chapters", label: "Chapters" },
          { key: "first", label: "First echoed in" },
        ],
        rows,
      },
      series: {
        x: perChapter.map((chapter) => chapter.label),
        series: [
          {
            name: "Echoes per 1,000 words",
            values: perChapter.map((chapter) => (chapter.words ? round((chapter.echoes * 1000) / chapter.words, 2) : 0)),
          },
        ],
        yLabel: `echoes within ${window} words`,
      },
    };
  },
});
