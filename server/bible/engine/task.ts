import { loadLanguageData } from "../../analysis/engine/language-data";
import type { NamedThing } from "../../analysis/engine/mentions";
import { findNearNames } from "./near-names";
import { proposeCharacters, type ProposalText } from "./proposals";
import { scanChapters, type ChapterText } from "./scan";

/** The bible's work on a book's text, for a worker thread (see server/workers). */
export type BibleTask =
  | { op: "bible-scan"; things: NamedThing[]; chapters: ChapterText[] }
  | { op: "bible-near-names"; things: NamedThing[]; chapters: ChapterText[] }
  | { op: "bible-propose"; chapters: ProposalText[]; taken: string[] };

export async function performBibleTask(task: BibleTask): Promise<unknown> {
  switch (task.op) {
    case "bible-scan":
      return scanChapters(task.things, task.chapters);
    case "bible-near-names":
      await loadLanguageData(); // stop-words are never typos of a name
      return findNearNames(task.things, task.chapters);
    case "bible-propose":
      return proposeCharacters(task.chapters, task.taken);
  }
}
