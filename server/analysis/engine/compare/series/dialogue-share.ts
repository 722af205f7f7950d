import { percent } from "../../stats";
import type { CompareSeries } from "../series";

/** The dialogue probe's figure: the share of a chapter's words inside quotation marks. */
export const dialogueShareSeries: CompareSeries = {
  key: "dialogue-share",
  label: "Dialogue",
  unit: "%",
  compute: (book) => book.chapters.map((chapter) => (chapter.words ? percent(chapter.dialogueWords, chapter.words) : null)),
};
