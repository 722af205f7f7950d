import {
  commentOnParagraphEndpoint,
  reactToParagraphEndpoint,
  readersReportEndpoint,
  readingChapterEndpoint,
  readingEndpoint,
  readingPlaceEndpoint,
  shareWithReadersEndpoint,
} from "../../http/endpoints/readers";
import { router } from "../init";
import { procedureOf } from "../procedure-of";

/** The owner's side of beta reading (decision 0497). */
export const readersRouter = router({
  report: procedureOf(readersReportEndpoint),
  share: procedureOf(shareWithReadersEndpoint),
});

/** The reader's side: the shared snapshot, their place, their reactions and comments. */
export const readingRouter = router({
  get: procedureOf(readingEndpoint),
  chapter: procedureOf(readingChapterEndpoint),
  place: procedureOf(readingPlaceEndpoint),
  react: procedureOf(reactToParagraphEndpoint),
  comment: procedureOf(commentOnParagraphEndpoint),
});
