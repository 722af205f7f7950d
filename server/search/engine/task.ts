import type { SearchSpec } from "./pattern";
import type { ReplaceSpec } from "./replace";
import { withoutNotes } from "../../text/notes";
import { applyReplace, planReplace, searchChapters, type ChapterText } from "./book";

/** Scanning a book's text, for a worker thread (see server/workers): RE2 or indexOf, linear in the text. */
export type SearchTask =
  /** hideNotes: the caller does not write the book, so the writer's private notes are not searched (decision 0492) */
  | { op: "search-book"; chapters: ChapterText[]; spec: SearchSpec; offset: number; limit: number; hideNotes?: boolean }
  | { op: "search-plan"; chapters: ChapterText[]; spec: SearchSpec; replace: ReplaceSpec; maxHits: number }
  | { op: "search-apply"; chapters: (ChapterText & { skip: string[] })[]; spec: SearchSpec; replace: ReplaceSpec; maxHits: number }
  /** each chapter's hit count and first hit (a library result names chapters, not hits) */
  | { op: "search-each"; chapters: ChapterText[]; spec: SearchSpec };

export function performSearchTask(task: SearchTask): unknown {
  switch (task.op) {
    case "search-book":
      return searchChapters(
        task.hideNotes ? task.chapters.map(({ title, content }) => ({ title, content: withoutNotes(content) })) : task.chapters,
        task.spec,
        { offset: task.offset, limit: task.limit },
      );
    case "search-plan":
      return planReplace(task.chapters, task.spec, task.replace, task.maxHits);
    case "search-apply":
      return applyReplace(task.chapters, task.spec, task.replace, task.maxHits);
    case "search-each":
      return task.chapters.map((chapter) => searchChapters([chapter], task.spec, { offset: 0, limit: 1 }));
  }
}
