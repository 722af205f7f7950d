/**
 * Where a template first places its beats (decision 0507): each chapter takes a share of the book,
 * by its planned target words when every chapter has one, else one equal share each (chapter
 * order); a beat at p % lands on the chapter whose share holds p, as the structure analysis places
 * a beat on the words of the text (server/analysis/engine/probes/structure.ts): 0 % is the first
 * chapter, 100 % and past the last share the last. Pure: chapters and beats in, chapter ids out.
 */
export interface PlacingChapter {
  id: string;
  /** The planned length: the chapter's own target, else the sum of its scenes' when each has one. */
  targetWords: number | null;
}

export function placeBeats(chapters: PlacingChapter[], targets: number[]): { placedBy: "targets" | "chapters"; chapterIds: (string | null)[] } {
  if (chapters.length === 0) return { placedBy: "chapters", chapterIds: targets.map(() => null) };
  const byTargets = chapters.every((chapter) => chapter.targetWords !== null && chapter.targetWords > 0);
  const weights = chapters.map((chapter) => (byTargets ? chapter.targetWords! : 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const ends: number[] = [];
  let before = 0;
  for (const weight of weights) ends.push((before += weight) / total);
  const chapterIds = targets.map((target) => {
    const position = target / 100;
    if (position <= 0) return chapters[0]!.id;
    const index = ends.findIndex((end) => position < end);
    return chapters[index === -1 ? chapters.length - 1 : index]!.id;
  });
  return { placedBy: byTargets ? "targets" : "chapters", chapterIds };
}

/** A chapter's planned length: its own target, else its scenes' when every one of them has one. */
export function plannedLength(chapterTarget: number | null, sceneTargets: (number | null)[]): number | null {
  if (chapterTarget !== null) return chapterTarget;
  if (sceneTargets.length === 0 || sceneTargets.some((target) => target === null)) return null;
  return sceneTargets.reduce<number>((sum, target) => sum + target!, 0);
}
