import { createCallerFactory, router } from "./init";
import { analysisRouter } from "./routers/analysis";
import { backMatterRouter } from "./routers/back-matter";
import { bibleRouter, seriesRouter } from "./routers/bible";
import { booksRouter } from "./routers/books";
import { chaptersRouter } from "./routers/chapters";
import { convertRouter } from "./routers/convert";
import { goalsRouter, releasesRouter, statsRouter } from "./routers/goals";
import { jobsRouter } from "./routers/jobs";
import { invitationsRouter } from "./routers/invitations";
import { commentsRouter } from "./routers/comments";
import { suggestionsRouter } from "./routers/suggestions";
import { inboxRouter } from "./routers/inbox";
import { membersRouter } from "./routers/members";
import { partsRouter } from "./routers/parts";
import { scenesRouter } from "./routers/scenes";
import { foreshadowingRouter } from "./routers/foreshadowing";
import { labelsRouter, planRouter, plotlinesRouter } from "./routers/plan";
import { plotGridRouter } from "./routers/plot-grid";
import { beatsRouter } from "./routers/beats";
import { usersRouter } from "./routers/users";
import { searchRouter } from "./routers/search";
import { snapshotsRouter } from "./routers/snapshots";
import { readersRouter, readingRouter } from "./routers/readers";
import { webhooksRouter } from "./routers/webhooks";

export const appRouter = router({
  users: usersRouter,
  backMatter: backMatterRouter,
  books: booksRouter,
  members: membersRouter,
  invitations: invitationsRouter,
  comments: commentsRouter,
  suggestions: suggestionsRouter,
  inbox: inboxRouter,
  snapshots: snapshotsRouter,
  readers: readersRouter,
  reading: readingRouter,
  chapters: chaptersRouter,
  parts: partsRouter,
  scenes: scenesRouter,
  foreshadowing: foreshadowingRouter,
  plan: planRouter,
  plotlines: plotlinesRouter,
  labels: labelsRouter,
  plotGrid: plotGridRouter,
  beats: beatsRouter,
  jobs: jobsRouter,
  convert: convertRouter,
  analysis: analysisRouter,
  goals: goalsRouter,
  stats: statsRouter,
  releases: releasesRouter,
  search: searchRouter,
  bible: bibleRouter,
  series: seriesRouter,
  webhooks: webhooksRouter,
});
export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
