import { doubtfulNotes, missingNote, trackCharacters } from "../characters";
import type { Worded } from "../note-words";
import { reportNote } from "../notes";
import { defineProbe } from "../probe";
import { charactersSpec } from "../probe-specs";

export const charactersProbe = defineProbe(charactersSpec, {
  run({ book, chapters, params, parameters }) {
    const { tracked, others, missing, doubtful } = trackCharacters(book, chapters, {
      ...params,
      given: [...(parameters.characters ?? []), ...(params.characters ?? [])],
    });
    const rows = tracked.map((character) => {
      const present = character.mentions.flatMap((count, index) => (count > 0 ? [chapters[index]!] : []));
      return {
        name: character.name,
        source: character.source,
        mentions: character.mentions.reduce((sum, count) => sum + count, 0),
        chapters: present.length,
        first: present[0]?.label ?? null,
        last: present.at(-1)?.label ?? null,
      };
    });
    const top = rows.reduce<(typeof rows)[number] | null>((best, row) => (!best || row.mentions > best.mentions ? row : best), null);
    const notes: Worded[] = [];
    if (tracked.length === 0) notes.push(reportNote("noCharactersFound"));
    else if (tracked[0]!.source === "candidate") notes.push(reportNote("charactersFromText"));
    notes.push(...missingNote(missing, book, chapters), ...doubtfulNotes(doubtful));
    if (others.length) notes.push(reportNote("otherNames", { names: others }));
    return {
      summary: [
        { label: "Characters", value: tracked.length },
        { label: "Most mentioned", value: top ? `${top.name} (${top.mentions})` : "—" },
      ],
      table: {
        columns: [
          { key: "name", label: "Character" },
          { key: "source", label: "Source" },
          { key: "mentions", label: "Mentions" },
          { key: "chapters", label: "Chapters present" },
          { key: "first", label: "First appears" },
          { key: "last", label: "Last appears" },
        ],
        rows,
      },
      heatmap: {
        rows: tracked.map((character) => character.name),
        columns: chapters.map((chapter) => chapter.label),
        values: tracked.map((character) => character.mentions),
      },
      series: {
        x: rows.map((row) => row.name),
        series: [{ name: "Mentions", values: rows.map((row) => row.mentions) }],
        yLabel: "mentions",
      },
      notes,
    };
  },
});
