import { Option, type Command } from "commander";
import { releasePlanSchema, setChapterReleaseInput, setReleasePlanInput, type ReleasePlan } from "../../server/releases/schemas";
import { CADENCES } from "../../server/releases/schedule";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printJson, printRecord, printTable } from "../output";

const planPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/release-plan`;
const none = (value: string) => (value === "none" ? null : value);

/** "3 chapters", "1 day" */
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** "below the minimum of 7 days (14 chapters): 9 more chapters to write" */
function minimumNote(plan: ReleasePlan): string {
  if (!plan.belowMinimum || plan.minimumBufferDays === null) return "";
  const chapters = plan.minimumBufferChapters;
  const short = chapters === null ? "" : `: ${count(chapters - plan.bufferChapters, "more chapter")} to write`;
  return ` — below the minimum of ${count(plan.minimumBufferDays, "day")}${chapters === null ? "" : ` (${count(chapters, "chapter")})`}${short}`;
}

function printPlan(json: boolean, plan: ReleasePlan): void {
  if (json) return printJson(plan);
  const perDay = plan.releasesPerDay > 1 ? `, ${plan.releasesPerDay} chapters a release day` : "";
  const times = plan.releaseTimes.length > 0 ? ` at ${plan.releaseTimes.join(", ")}` : "";
  printRecord(false, {
    cadence: plan.cadence ? `${plan.cadence}${perDay}${times}` : "none (days set chapter by chapter)",
    start: plan.startDate ?? "",
    buffer: `${count(plan.bufferChapters, "chapter")} written ahead, ${count(plan.bufferDays, "day")} of releases${minimumNote(plan)}`,
    streak: `${count(plan.releaseStreak.current, "release day")} in a row (longest ${plan.releaseStreak.longest})`,
  });
  process.stdout.write("\n");
  printTable(plan.chapters, [
    { heading: "chapter", value: (c) => c.chapterId },
    { heading: "#", value: (c) => c.position },
    { heading: "title", value: (c) => c.title },
    { heading: "release", value: (c) => [c.releaseDate, c.releaseTime].filter(Boolean).join(" ") },
    { heading: "released", value: (c) => c.releasedAt ?? "" },
  ], "no chapters to release yet");
}

export function registerReleases(program: Command): void {
  const releases = program.command("releases").description("a book's release plan: its cadence, each chapter's day, and the buffer written ahead");

  releases
    .command("show <bookId>")
    .description("the plan, each chapter's release day and the buffer")
    .action(async (bookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      printPlan(json, await client.data("GET", planPath(bookId), {}, releasePlanSchema));
    });

  releases
    .command("plan <bookId>")
    .description("set the cadence, first day or minimum buffer (what is not given stays); unreleased chapters get days in book order")
    .addOption(new Option("--cadence <cadence>", "how often a chapter comes out (none: days set chapter by chapter)").choices([...CADENCES, "none"]))
    .option("--start <day>", "the first release day, YYYY-MM-DD (none: today)")
    .option("--buffer <days>", "warn when fewer days of chapters are written ahead (none: your own default)")
    .option("--per-day <n>", "chapters each release day (两更: 2)")
    .option("--times <times>", "the release day's times, HH:MM comma-separated, one per chapter of the day, e.g. 08:00,20:00 (none: no times)")
    .action(async (bookId: string, options: { cadence?: string; start?: string; buffer?: string; perDay?: string; times?: string }, command: Command) => {
      const { client, json } = context(command);
      if (Object.values(options).every((value) => value === undefined)) throw new CliError("name something to set: --cadence, --start, --buffer, --per-day or --times");
      // The server takes the whole plan (PUT): what is not given is read from the plan as it stands.
      const current = await client.data("GET", planPath(bookId), {}, releasePlanSchema);
      const buffer = options.buffer === undefined ? current.minimumBufferDays : none(options.buffer);
      const times = options.times === undefined ? undefined : options.times === "none" ? [] : options.times.split(",").map((time) => time.trim());
      // New times without a count set the count; a new count without times drops times that no longer fit.
      const perDay = options.perDay !== undefined ? Number(options.perDay) : times !== undefined ? undefined : current.releasesPerDay;
      const keptTimes = times ?? (perDay === current.releaseTimes.length ? current.releaseTimes : []);
      const body = checkInput(setReleasePlanInput, {
        cadence: options.cadence === undefined ? current.cadence : (none(options.cadence) as ReleasePlan["cadence"]),
        startDate: options.start === undefined ? current.startDate : none(options.start),
        minimumBufferDays: buffer === null ? null : Number(buffer),
        ...(perDay !== undefined && { releasesPerDay: perDay }),
        releaseTimes: keptTimes,
      });
      printPlan(json, await client.data("PUT", planPath(bookId), { json: body }, releasePlanSchema));
    });

  releases
    .command("chapter <bookId> <chapterId>")
    .description("set one chapter's release day or time, or mark it released or not")
    .option("--date <day>", "its release day, YYYY-MM-DD (none: no day)")
    .option("--time <time>", "its release time, HH:MM (none: no time)")
    .option("--released", "mark it released (today, if it had no day)")
    .option("--not-released", "take the released mark off")
    .action(async (bookId: string, chapterId: string, options: { date?: string; time?: string; released?: boolean; notReleased?: boolean }, command: Command) => {
      const { client, json } = context(command);
      if (options.released && options.notReleased) throw new CliError("--released and --not-released contradict each other");
      const changes = {
        ...(options.date !== undefined && { releaseDate: none(options.date) }),
        ...(options.time !== undefined && { releaseTime: none(options.time) }),
        ...(options.released && { released: true }),
        ...(options.notReleased && { released: false }),
      };
      if (Object.keys(changes).length === 0) throw new CliError("name something to set: --date, --time, --released or --not-released");
      const path = `/api/v1/books/${encodeURIComponent(bookId)}/chapters/${encodeURIComponent(chapterId)}/release`;
      printPlan(json, await client.data("PATCH", path, { json: checkInput(setChapterReleaseInput, changes) }, releasePlanSchema));
    });
}
