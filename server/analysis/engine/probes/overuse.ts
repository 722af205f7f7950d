import { reportNote, reportValue } from "../notes";
import { defineProbe } from "../probe";
import { overuseSpec } from "../probe-specs";
import { publishedData } from "../published-data";
import { STYLE_CATEGORIES, styleCounts } from "../style-counts";
import { percent, round } from "../stats";

export const overuseProbe = defineProbe(overuseSpec, {
  run({ book, chapters, params, parameters }) {
    const counts = styleCounts(book, chapters, parameters);
    const reference = publishedData().benchmarks[counts.language];
    const per1000 = (uses: number) => (counts.words === 0 ? 0 : round((uses * 1000) / counts.words, 2));
    const against = (rate: number, base: number | undefined) => (base ? round(rate / base, 2) : null);
    const categories = Object.keys(STYLE_CATEGORIES[counts.language]);
    const rows: Record<string, string | number | null>[] = [];
    for (const category of categories) {
      const terms = [...counts.terms]
        .filter(([key]) => key.startsWith(`${category}\t`))
        .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
        .slice(0, params.top);
      for (const [key, uses] of terms) {
        const rate = per1000(uses);
        rows.push({ category, word: key.slice(category.length + 1), uses, per1000: rate, benchmark: reference.terms[key] ?? 0, ratio: against(rate, reference.terms[key]) });
      }
    }
    const openings = [...counts.openings].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).slice(0, params.top);
    for (const [word, uses] of openings) {
      const rate = per1000(uses);
      rows.push({ category: "sentence openings", word, uses, per1000: rate, benchmark: reference.openings[word] ?? 0, ratio: against(rate, reference.openings[word]) });
    }
    const top = openings[0];
    return {
      summary: [
        ...categories.map((category) => {
          const rate = per1000(counts.categories[category]!);
          return { label: category, ...reportValue("againstPublished", { rate, published: reference.categories[category] ?? 0 }), unit: "per 1,000" };
        }),
        { label: "Commonest sentence opening", ...(top ? reportValue("commonestOpening", { opening: top[0], percent: percent(top[1], counts.sentences) }) : { value: "—" }) },
      ],
      table: {
        columns: [
          { key: "category", label: "List" },
          { key: "word", label: "Word" },
          { key: "uses", label: "Uses" },
          { key: "per1000", label: "Per 1,000" },
          { key: "benchmark", label: "Published fiction, per 1,000" },
          { key: "ratio", label: "Against published fiction", unit: "×" },
        ],
        rows,
      },
      series: {
        x: categories,
        series: [
          { name: "This book", values: categories.map((category) => per1000(counts.categories[category]!)) },
          { name: "Published fiction", values: categories.map((category) => reference.categories[category] ?? 0) },
        ],
        yLabel: counts.language === "zh" ? "per 1,000 characters" : "per 1,000 words",
      },
      notes: [reportNote("benchmark", { books: reference.books.map((book) => book.title), words: reference.words, unit: counts.language })],
    };
  },
});
