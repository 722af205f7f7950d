import { createCallerFactory, router } from "./init";
import { analysisRouter } from "./routers/analysis";
import { booksRouter } from "./routers/books";
import { chaptersRouter } from "./routers/chapters";
import { convertRouter } from "./routers/convert";
import { goalsRouter, releasesRouter, statsRouter } from "./routers/goals";
import { jobsRouter } from "./routers/jobs";

export const appRouter = router({
  books: booksRouter,
  chapters: chaptersRouter,
  jobs: jobsRouter,
  convert: convertRouter,
  analysis: analysisRouter,
  goals: goalsRouter,
  stats: statsRouter,
  releases: releasesRouter,
});
export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
