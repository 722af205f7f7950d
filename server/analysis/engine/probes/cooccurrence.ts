import { doubtfulNotes, missingNote, trackCharacters } from "../characters";
import { reportNote } from "../notes";
import { defineProbe } from "../probe";
import { cooccurrenceSpec } from "../probe-specs";

export const cooccurrenceProbe = defineProbe(cooccurrenceSpec, {
  run({ book, chapters, params, parameters }) {
    const { tracked, missing, doubtful } = trackCharacters(book, chapters, {
      ...params,
      given: [...(parameters.characters ?? []), ...(params.characters ?? [])],
    });
    const shared = (a: number, b: number) =>
      chapters.filter((_, index) => tracked[a]!.mentions[index]! > 0 && tracked[b]!.mentions[index]! > 0).length;
    const values = tracked.map((_, a) => tracked.map((_, b) => shared(a, b)));
    const rows = [];
    for (let a = 0; a < tracked.length; a++) {
      for (let b = a + 1; b < tracked.length; b++) {
        rows.push({ first: tracked[a]!.name, second: tracked[b]!.name, chapters: values[a]![b]! });
      }
    }
    rows.sort((x, y) => y.chapters - x.chapters);
    const closest = rows[0];
    return {
      summary: [
        { label: "Characters", value: tracked.length },
        { label: "Most often together", value: closest ? `${closest.first} & ${closest.second} (${closest.chapters})` : "—" },
      ],
      table: {
        columns: [
          { key: "first", label: "Character" },
          { key: "second", label: "With" },
          { key: "chapters", label: "Chapters together" },
        ],
        rows,
      },
      heatmap: { rows: tracked.map((c) => c.name), columns: tracked.map((c) => c.name), values },
      notes: [
        ...(tracked.length < 2 ? [reportNote("needsTwoCharacters")] : []),
        ...missingNote(missing, book, chapters),
        ...doubtfulNotes(doubtful),
      ],
    };
  },
});
