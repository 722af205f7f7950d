import { Option, type Command } from "commander";
import { releasePlanSchema, setChapterReleaseInput, setReleasePlanInput, type ReleasePlan } from "../../server/releases/schemas";
import { CADENCES } from "../../server/releases/schedule";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printJson, printRecord, printTable } from "../output";

const planPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/release-plan`;
const none = (value: string) => (value === "none" ? null : value);

function printPlan(json: boolean, plan: ReleasePlan): void {
  if (json) return printJson(plan);
  printRecord(false, {
    cadence: plan.cadence ?? "none (days set chapter by chapter)",
    start: plan.startDate ?? "",
    buffer: `${plan.bufferChapters} chapters written ahead, ${plan.bufferDays} days${plan.belowMinimum ? ` — below the minimum of ${plan.minimumBufferDays}` : ""}`,
  });
  process.stdout.write("\n");
  printTable(plan.chapters, [
    { heading: "chapter", value: (c) => c.chapterId },
    { heading: "#", value: (c) => c.position },
    { heading: "title", value: (c) => c.title },
    { heading: "release", value: (c) => c.releaseDate ?? "" },
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
    .action(async (bookId: string, options: { cadence?: string; start?: string; buffer?: string }, command: Command) => {
      const { client, json } = context(command);
      if (options.cadence === undefined && options.start === undefined && options.buffer === undefined) throw new CliError("name something to set: --cadence, --start or --buffer");
      // The server takes the whole plan (PUT): what is not given is read from the plan as it stands.
      const current = await client.data("GET", planPath(bookId), {}, releasePlanSchema);
      const buffer = options.buffer === undefined ? current.minimumBufferDays : none(options.buffer);
      const body = checkInput(setReleasePlanInput, {
        cadence: options.cadence === undefined ? current.cadence : (none(options.cadence) as ReleasePlan["cadence"]),
        startDate: options.start === undefined ? current.startDate : none(options.start),
        minimumBufferDays: buffer === null ? null : Number(buffer),
      });
      printPlan(json, await client.data("PUT", planPath(bookId), { json: body }, releasePlanSchema));
    });

  releases
    .command("chapter <bookId> <chapterId>")
    .description("set one chapter's release day, or mark it released or not")
    .option("--date <day>", "its release day, YYYY-MM-DD (none: no day)")
    .option("--released", "mark it released (today, if it had no day)")
    .option("--not-released", "take the released mark off")
    .action(async (bookId: string, chapterId: string, options: { date?: string; released?: boolean; notReleased?: boolean }, command: Command) => {
      const { client, json } = context(command);
      if (options.released && options.notReleased) throw new CliError("--released and --not-released contradict each other");
      const changes = {
        ...(options.date !== undefined && { releaseDate: none(options.date) }),
        ...(options.released && { released: true }),
        ...(options.notReleased && { released: false }),
      };
      if (Object.keys(changes).length === 0) throw new CliError("name something to set: --date, --released or --not-released");
      const path = `/api/v1/books/${encodeURIComponent(bookId)}/chapters/${encodeURIComponent(chapterId)}/release`;
      printPlan(json, await client.data("PATCH", path, { json: checkInput(setChapterReleaseInput, changes) }, releasePlanSchema));
    });
}
