import { defineProbe } from "../probe";
import { percent } from "../stats";

export const dialogueProbe = defineProbe({
  id: "dialogue",
  name: "Dialogue ratio",
  description: "Share of each chapter's words inside quotation marks: \"…\", “…”, ‘…’, 「…」 and 『…』.",
  params: {},
  views: ["line", "bar", "table"],
  run({ chapters }) {
    const rows = chapters.map((chapter) => ({
      number: chapter.number,
      chapter: chapter.label,
      words: chapter.words,
      dialogueWords: chapter.dialogueWords,
      dialogue: percent(chapter.dialogueWords, chapter.words),
      quotes: chapter.quotes,
    }));
    const words = rows.reduce((sum, row) => sum + row.words, 0);
    const spoken = rows.reduce((sum, row) => sum + row.dialogueWords, 0);
    const withText = rows.filter((row) => row.words > 0);
    const most = withText.reduce<(typeof rows)[number] | null>((best, row) => (!best || row.dialogue > best.dialogue ? row : best), null);
    const least = withText.reduce<(typeof rows)[number] | null>((best, row) => (!best || row.dialogue < best.dialogue ? row : best), null);
    return {
      summary: [
        { label: "Dialogue", value: percent(spoken, words), unit: "%" },
        { label: "Quotations", value: rows.reduce((sum, row) => sum + row.quotes, 0) },
        { label: "Most dialogue", value: most ? `${most.chapter} (${most.dialogue}%)` : "—" },
        { label: "Least dialogue", value: least ? `${least.chapter} (${least.dialogue}%)` : "—" },
      ],
      table: {
        columns: [
          { key: "number", label: "#" },
          { key: "chapter", label: "Chapter" },
          { key: "words", label: "Words" },
          { key: "dialogueWords", label: "Words in dialogue" },
          { key: "dialogue", label: "Dialogue", unit: "%" },
          { key: "quotes", label: "Quotations" },
        ],
        rows,
      },
      series: {
        x: rows.map((row) => row.chapter),
        series: [{ name: "Dialogue", values: rows.map((row) => row.dialogue) }],
        yLabel: "% of words",
      },
    };
  },
});
