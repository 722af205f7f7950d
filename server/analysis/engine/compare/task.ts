import { prepareBook } from "../prepare";
import type { BookInput } from "../prepared-book";
import { compareBeats, compareProfile, compareSeriesInfo, seriesForLanguages, type CompareProfile, type CompareSeriesInfo } from "./profile";

/**
 * Compare's work for a worker thread (see server/workers): both books read and measured there,
 * never on the thread that answers requests. `series` null: every series that applies to either
 * book's language (known only once the texts are read).
 */
export type CompareTask = {
  op: "compare";
  left: BookInput;
  right: BookInput;
  series: string[] | null;
};

export interface ComparedBooks {
  series: CompareSeriesInfo[];
  beats: { name: string; target: number }[];
  left: CompareProfile;
  right: CompareProfile;
}

export async function performCompareTask(task: CompareTask): Promise<ComparedBooks> {
  const [left, right] = [await prepareBook(task.left), await prepareBook(task.right)];
  const keys = task.series ?? seriesForLanguages([left.language, right.language]);
  return { series: compareSeriesInfo(keys), beats: compareBeats(), left: compareProfile(left, keys), right: compareProfile(right, keys) };
}
