import type { Endpoint } from "../endpoint";
import * as accountArchive from "./account-archive";
import * as analysisRuns from "./analysis-runs";
import * as analysisTemplates from "./analysis-templates";
import * as auth from "./auth";
import * as backMatter from "./back-matter";
import * as bible from "./bible";
import * as books from "./books";
import * as chapters from "./chapters";
import * as comments from "./comments";
import * as convert from "./convert";
import * as goals from "./goals";
import * as inbox from "./inbox";
import * as invitations from "./invitations";
import * as jobs from "./jobs";
import * as members from "./members";
import * as parts from "./parts";
import * as scenes from "./scenes";
import * as foreshadowing from "./foreshadowing";
import * as plan from "./plan";
import * as plotGrid from "./plot-grid";
import * as beats from "./beats";
import * as search from "./search";
import * as snapshots from "./snapshots";
import * as suggestions from "./suggestions";
import * as readers from "./readers";
import * as tokens from "./tokens";
import * as users from "./users";
import * as webhooks from "./webhooks";

/** Every REST endpoint: the OpenAPI document and the integration tests iterate over this list. */
export const ENDPOINTS: Endpoint[] = [auth, users, accountArchive, backMatter, tokens, books, members, invitations, snapshots, readers, chapters, parts, scenes, plan, plotGrid, beats, foreshadowing, comments, suggestions, inbox, jobs, convert, analysisTemplates, analysisRuns, goals, search, bible, webhooks].flatMap((module) =>
  Object.values(module).filter((value): value is Endpoint => typeof value === "object" && value !== null && "handle" in value),
);
