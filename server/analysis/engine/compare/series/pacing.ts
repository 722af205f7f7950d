import type { PreparedBook, PreparedChapter } from "../../prepared-book";
import { pace } from "../../probes/pacing";
import type { ParagraphKind } from "../../speech";
import { percent } from "../../stats";
import type { CompareSeries } from "../series";

/**
 * A chapter's words by the kind of paragraph that holds them (its words of speech apart), as the pacing report reads them
 * (kept in the book's memo: three series read each chapter). The run lengths and the strip's
 * width given to `pace` shape only its runs and strip, not these shares.
 */
function pacingOf(book: PreparedBook, chapter: PreparedChapter) {
  const key = `compare-pacing:${chapter.number}`;
  let paced = book.memo.get(key) as ReturnType<typeof pace> | undefined;
  if (!paced) book.memo.set(key, (paced = pace(chapter.paragraphs, chapter.speechByParagraph, book.language, 6, Number.MAX_SAFE_INTEGER, 10)));
  return paced;
}

function pacingSeries(kind: ParagraphKind, label: string): CompareSeries {
  return {
    key: `pacing-${kind}`,
    label,
    unit: "%",
    compute: (book) => book.chapters.map((chapter) => {
      const paced = pacingOf(book, chapter);
      return paced.total ? percent(paced.words[kind], paced.total) : null;
    }),
  };
}

/**
 * Dialogue is left out: its share is the dialogue series (words of speech in quotes, decision
 * 0503), and the three others are what a writer studies pacing for.
 */
export const pacingActionSeries = pacingSeries("action", "Pacing: action paragraphs (short sentences)");
export const pacingIntrospectionSeries = pacingSeries("introspection", "Pacing: introspection paragraphs (thought and feeling)");
export const pacingNarrationSeries = pacingSeries("narration", "Pacing: narration paragraphs");
