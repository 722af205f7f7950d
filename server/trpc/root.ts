import { createCallerFactory, router } from "./init";
import { analysisRouter } from "./routers/analysis";
import { booksRouter } from "./routers/books";
import { chaptersRouter } from "./routers/chapters";
import { convertRouter } from "./routers/convert";
import { jobsRouter } from "./routers/jobs";
import { searchRouter } from "./routers/search";

export const appRouter = router({
  books: booksRouter,
  chapters: chaptersRouter,
  jobs: jobsRouter,
  convert: convertRouter,
  analysis: analysisRouter,
  search: searchRouter,
});
export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
