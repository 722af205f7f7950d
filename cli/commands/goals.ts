import type { Command } from "commander";
import { z } from "zod";
import { bookGoalSchema, goalSettingsSchema, setBookGoalInput, updateGoalSettingsInput } from "../../server/goals/schemas";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printJson, printRecord } from "../output";

const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/** "sat,sun" or "6,0" as weekday numbers (Sunday 0); "none" for no day off. */
function weekdays(value: string): number[] {
  if (value === "none") return [];
  return value.split(",").map((part) => {
    const name = part.trim().toLowerCase();
    const day = /^\d$/.test(name) ? Number(name) : WEEKDAYS.indexOf(name.slice(0, 3));
    if (day < 0 || day > 6) throw new CliError(`"${part}" is not a weekday: use sun, mon … sat, or 0 (Sunday) … 6`);
    return day;
  });
}

/** A number of words or days, or null for "none" (clears the setting). */
function countOrNone(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  return value === "none" ? null : Number(value);
}

interface SetOptions {
  daily?: string;
  session?: string;
  zone?: string;
  daysOff?: string;
  minBuffer?: string;
  book?: string;
  target?: string;
  deadline?: string;
}

const bookGoalPath = (id: string) => `/api/v1/books/${encodeURIComponent(id)}/goal`;

const daysOffText = (days: number[]) => (days.length === 0 ? "none" : days.map((d) => WEEKDAYS[d]).join(", "));

export function registerGoals(program: Command): void {
  const goals = program.command("goals").description("your daily and session goals, days off and time zone; a book's target and deadline");

  goals
    .command("show", { isDefault: true })
    .description("your goal settings (and, with --book, the book's target, deadline and words per day)")
    .option("--book <bookId>", "also this book's goal")
    .action(async (options: { book?: string }, command: Command) => {
      const { client, json } = context(command);
      const settings = await client.data("GET", "/api/v1/goals", {}, goalSettingsSchema);
      const book = options.book ? await client.data("GET", bookGoalPath(options.book), {}, bookGoalSchema) : undefined;
      if (json) return printJson(book ? { settings, book } : { settings });
      printRecord(false, { ...settings, daysOff: daysOffText(settings.daysOff) });
      if (book) printRecord(false, book);
    });

  goals
    .command("set")
    .description('change goals; "none" clears one (e.g. inkstone goals set --daily 1000 --days-off sat,sun)')
    .option("--daily <words>", "words a day")
    .option("--session <words>", "words in one sitting of the editor")
    .option("--zone <iana>", "your time zone, e.g. Asia/Shanghai")
    .option("--days-off <days>", 'weekdays off: "sat,sun", "6,0" or "none"')
    .option("--min-buffer <days>", "warn when a release buffer falls under this many days")
    .option("--book <bookId>", "the book whose --target and --deadline these are")
    .option("--target <words>", "the book's target word count")
    .option("--deadline <YYYY-MM-DD>", "the day the book's target is due (today or later)")
    .action(async (options: SetOptions, command: Command) => {
      const { client, json } = context(command);
      const settings = {
        ...(options.daily !== undefined && { dailyGoal: countOrNone(options.daily) }),
        ...(options.session !== undefined && { sessionGoal: countOrNone(options.session) }),
        ...(options.zone !== undefined && { timeZone: options.zone }),
        ...(options.daysOff !== undefined && { daysOff: weekdays(options.daysOff) }),
        ...(options.minBuffer !== undefined && { minimumBufferDays: countOrNone(options.minBuffer) }),
      };
      const book = {
        ...(options.target !== undefined && { targetWordCount: countOrNone(options.target) }),
        ...(options.deadline !== undefined && { deadline: options.deadline === "none" ? null : options.deadline }),
      };
      if (Object.keys(book).length > 0 && !options.book) throw new CliError("--target and --deadline belong to a book: add --book <bookId>");
      if (Object.keys(settings).length === 0 && Object.keys(book).length === 0) {
        throw new CliError("nothing to set: name --daily, --session, --zone, --days-off, --min-buffer, or --book with --target/--deadline");
      }
      const result: { settings?: z.output<typeof goalSettingsSchema>; book?: z.output<typeof bookGoalSchema> } = {};
      if (Object.keys(settings).length > 0) {
        result.settings = await client.data("PATCH", "/api/v1/goals", { json: checkInput(updateGoalSettingsInput, settings) }, goalSettingsSchema);
      }
      if (Object.keys(book).length > 0) {
        result.book = await client.data("PATCH", bookGoalPath(options.book!), { json: checkInput(setBookGoalInput, book) }, bookGoalSchema);
      }
      if (json) return printJson(result);
      if (result.settings) printRecord(false, { ...result.settings, daysOff: daysOffText(result.settings.daysOff) });
      if (result.book) printRecord(false, result.book);
    });
}
