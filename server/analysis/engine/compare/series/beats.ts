import { structureProbe } from "../../probes/structure";
import { BUILT_IN_TEMPLATES } from "../../templates";
import type { CompareSeries } from "../series";

/** Three-Act Structure's turning points: the beat sheet Compare lays over both books. */
export const COMPARE_BEATS = (() => {
  const section = BUILT_IN_TEMPLATES.find((template) => template.slug === "three-act-structure")!.definition.sections.find(
    (candidate) => candidate.probe === "structure",
  )!;
  return (section.params as { beats: { name: string; target: number }[] }).beats;
})();

/**
 * The turning points each chapter carries, found exactly as the structure probe finds them (the
 * chapter whose words hold the beat's position), so Compare and the beat map never disagree.
 */
export const beatsSeries: CompareSeries = {
  key: "beats",
  label: "Turning points (Three-Act Structure)",
  unit: "",
  compute(book) {
    const output = structureProbe.run({ book, chapters: book.chapters, params: { beats: COMPARE_BEATS }, parameters: {} });
    const names = new Map<string, string[]>();
    for (const beat of output.beats!.beats) {
      if (beat.chapterId !== null) names.set(beat.chapterId, [...(names.get(beat.chapterId) ?? []), beat.name]);
    }
    return book.chapters.map((chapter) => names.get(chapter.id)?.join(" · ") ?? null);
  },
};
