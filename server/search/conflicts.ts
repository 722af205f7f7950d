import { AppError } from "../errors";

export interface ChapterConflict {
  chapterId: string;
  title: string;
  expectedVersion: number;
  /** null: the chapter is in the trash or was deleted for good */
  currentVersion: number | null;
}

/** The whole change is refused, naming every chapter that moved: nothing was written. */
export function chaptersChanged(conflicts: readonly ChapterConflict[], what: "replace" | "undo"): AppError {
  const names = conflicts.map((c) => `"${c.title}"`).join(", ");
  const message =
    what === "replace"
      ? `${names} changed since the preview; nothing was replaced. Preview the replace again.`
      : `${names} changed since the replace; nothing was undone. Restore those chapters from their history instead.`;
  return new AppError("version_conflict", message, { chapters: conflicts });
}
