import { reportNote } from "../notes";
import { defineProbe } from "../probe";
import { dialogueSpec } from "../probe-specs";
import { percent } from "../stats";

export const dialogueProbe = defineProbe(dialogueSpec, {
  run({ chapters }) {
    const rows = chapters.map((chapter) => ({
      number: chapter.number,
      chapter: chapter.label,
      words: chapter.words,
      dialogueWords: chapter.dialogueWords,
      dialogue: percent(chapter.dialogueWords, chapter.words),
      quotes: chapter.quotes,
      documentWords: chapter.documentWords,
      documents: chapter.documents,
    }));
    const words = rows.reduce((sum, row) => sum + row.words, 0);
    const spoken = rows.reduce((sum, row) => sum + row.dialogueWords, 0);
    const written = rows.reduce((sum, row) => sum + row.documentWords, 0);
    const withText = rows.filter((row) => row.words > 0);
    const most = withText.reduce<(typeof rows)[number] | null>((best, row) => (!best || row.dialogue > best.dialogue ? row : best), null);
    const least = withText.reduce<(typeof rows)[number] | null>((best, row) => (!best || row.dialogue < best.dialogue ? row : best), null);
    return {
      summary: [
        { label: "Dialogue", value: percent(spoken, words), unit: "%" },
        { label: "Quotations", value: rows.reduce((sum, row) => sum + row.quotes, 0) },
        { label: "Most dialogue", value: most ? `${most.chapter} (${most.dialogue}%)` : "—" },
        { label: "Least dialogue", value: least ? `${least.chapter} (${least.dialogue}%)` : "—" },
        { label: "Letters and documents", value: percent(written, words), unit: "%" },
      ],
      table: {
        columns: [
          { key: "number", label: "#" },
          { key: "chapter", label: "Chapter" },
          { key: "words", label: "Words" },
          { key: "dialogueWords", label: "Words in dialogue" },
          { key: "dialogue", label: "Dialogue", unit: "%" },
          { key: "quotes", label: "Quotations" },
          { key: "documentWords", label: "Words in letters and documents" },
          { key: "documents", label: "Letters and documents" },
        ],
        rows,
      },
      series: {
        x: rows.map((row) => row.chapter),
        series: [{ name: "Dialogue", values: rows.map((row) => row.dialogue) }],
        yLabel: "% of words",
      },
      notes: written > 0 ? [reportNote("documentsApart")] : [],
    };
  },
});
