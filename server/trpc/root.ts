import { createCallerFactory, router } from "./init";
import { booksRouter } from "./routers/books";
import { chaptersRouter } from "./routers/chapters";

export const appRouter = router({ books: booksRouter, chapters: chaptersRouter });
export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
