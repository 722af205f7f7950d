import type { Command } from "commander";
import { z } from "zod";
import { createForeshadowingInput, foreshadowingSchema, FORESHADOWING_STATUSES, updateForeshadowingInput, type ForeshadowingDto } from "../../server/foreshadowing/schemas";
import { contentsSchema } from "../../server/parts/schemas";
import type { ApiClient } from "../client";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printResult, printRows } from "../output";

// Foreshadowing (伏笔), issue 35 item 3 (decision 0501): a setup, where it is paid off, or the
// chapter it must be paid off by.
const boardPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/foreshadowings`;
const DIGITS = /^\d+$/;

/** A chapter named by its id or its number in the reading order (1 for the first), as the book's contents have them. */
async function chapterIdOf(client: ApiClient, bookId: string, which: string): Promise<string> {
  if (!DIGITS.test(which)) return which;
  const contents = await client.data("GET", `/api/v1/books/${encodeURIComponent(bookId)}/contents`, {}, contentsSchema);
  const chapters = contents.entries.flatMap((entry) => (entry.type === "part" ? entry.chapters : [entry.chapter]));
  const chapter = chapters[Number(which) - 1];
  if (!chapter) throw new CliError(`this book has no chapter ${which} yet (it has ${chapters.length}); a deadline may name one not yet written with --by ${which}`);
  return chapter.id;
}

/** A foreshadowing named by its id or its title. */
async function findForeshadowing(client: ApiClient, bookId: string, which: string): Promise<ForeshadowingDto> {
  const board = await client.data("GET", boardPath(bookId), {}, z.array(foreshadowingSchema));
  const found = board.find((f) => f.id === which) ?? board.find((f) => f.title === which);
  if (!found) throw new CliError(`this book has no foreshadowing ${which}; inkstone foreshadowing list ${bookId} shows them`);
  return found;
}

const chapterLabel = (c: { number: number | null; title: string }) => (c.number === null ? `${c.title} (in the trash)` : `${c.number}. ${c.title}`);

function dueLabel(f: ForeshadowingDto): string {
  if (f.payoff) return `paid off in ${chapterLabel(f.payoff.chapter)}`;
  if (!f.deadline) return "";
  const by = f.deadline.number === null ? "a chapter in the trash" : `chapter ${f.deadline.number}`;
  if (f.chaptersLeft === null) return `by ${by}`;
  return f.chaptersLeft <= 0 ? `by ${by}: OVERDUE` : `by ${by}: ${f.chaptersLeft} chapter${f.chaptersLeft === 1 ? "" : "s"} left`;
}

export function registerForeshadowing(program: Command): void {
  const foreshadowing = program.command("foreshadowing").description("a book's foreshadowing (伏笔): plant a setup, pay it off, drop it, see which are overdue");

  foreshadowing
    .command("list <bookId>", { isDefault: true })
    .description("the board, in the reading order of the setups: status, setup chapter, payoff or deadline")
    .option("--overdue", "only the overdue ones: still planted, and the book is written through their deadline")
    .option("--status <status>", `only one column: ${FORESHADOWING_STATUSES.join(", ")}`)
    .action(async (bookId: string, options: { overdue?: boolean; status?: string }, command: Command) => {
      const { client, json } = context(command);
      const status = options.overdue ? "overdue" : options.status;
      if (status !== undefined && !(FORESHADOWING_STATUSES as readonly string[]).includes(status)) throw new CliError(`--status takes one of ${FORESHADOWING_STATUSES.join(", ")}`);
      const list = await client.data("GET", boardPath(bookId), { query: status ? { status } : {} }, z.array(foreshadowingSchema));
      printRows<ForeshadowingDto>(
        json,
        list,
        [
          { heading: "id", value: (f) => f.id },
          { heading: "status", value: (f) => f.status },
          { heading: "title", value: (f) => f.title },
          { heading: "setup", value: (f) => chapterLabel(f.setup.chapter) },
          { heading: "payoff or deadline", value: dueLabel },
        ],
        status ? `No foreshadowing is ${status.replace("_", " ")}.` : "This book has no foreshadowing yet.",
      );
    });

  foreshadowing
    .command("add <bookId> <title>")
    .description("plant a foreshadowing in a chapter (its id or number), with a deadline (--by) or a payoff (--paid-in)")
    .requiredOption("--setup <chapter>", "the chapter where it is planted: its id or number")
    .option("--by <chapter>", "the chapter it must be paid off by: a number (written or not: 300) or a chapter's id")
    .option("--paid-in <chapter>", "the chapter where it is already paid off")
    .option("--note <text>", "what is hinted, and how it should land")
    .action(async (bookId: string, title: string, options: { setup: string; by?: string; paidIn?: string; note?: string }, command: Command) => {
      const { client, json } = context(command);
      const body = checkInput(createForeshadowingInput, {
        title,
        ...(options.note === undefined ? {} : { note: options.note }),
        setup: { chapterId: await chapterIdOf(client, bookId, options.setup) },
        ...(options.paidIn === undefined ? {} : { payoff: { chapterId: await chapterIdOf(client, bookId, options.paidIn) } }),
        ...(options.by === undefined ? {} : { deadline: DIGITS.test(options.by) ? { chapterNumber: Number(options.by) } : { chapterId: options.by } }),
      });
      const created = await client.data("POST", boardPath(bookId), { json: body }, foreshadowingSchema);
      printResult(json, created, `Planted “${created.title}” in chapter ${chapterLabel(created.setup.chapter)}${created.deadline || created.payoff ? `, ${dueLabel(created)}` : ""} (${created.id}).`);
    });

  foreshadowing
    .command("pay <bookId> <foreshadowing>")
    .description("pay a foreshadowing (its id or title) off in a chapter (its id or number)")
    .requiredOption("--in <chapter>", "the chapter where it is paid off")
    .action(async (bookId: string, which: string, options: { in: string }, command: Command) => {
      const { client, json } = context(command);
      const found = await findForeshadowing(client, bookId, which);
      const body = checkInput(updateForeshadowingInput, { payoff: { chapterId: await chapterIdOf(client, bookId, options.in) } });
      const paid = await client.data("PATCH", `${boardPath(bookId)}/${encodeURIComponent(found.id)}`, { json: body }, foreshadowingSchema);
      const flashback = paid.warnings.includes("payoff_before_setup") ? " (before its setup in the reading order: a flashback?)" : "";
      printResult(json, paid, `“${paid.title}” is ${dueLabel(paid)}${flashback}.`);
    });

  foreshadowing
    .command("drop <bookId> <foreshadowing>")
    .description("drop a foreshadowing on purpose: it stays on the board, never overdue")
    .action(async (bookId: string, which: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const found = await findForeshadowing(client, bookId, which);
      const dropped = await client.data("PATCH", `${boardPath(bookId)}/${encodeURIComponent(found.id)}`, { json: { state: "dropped" } }, foreshadowingSchema);
      printResult(json, dropped, `Dropped “${dropped.title}”.`);
    });

  foreshadowing
    .command("show <bookId> <foreshadowing>")
    .description("one foreshadowing: its note, setup, payoff or deadline, and the words they name")
    .action(async (bookId: string, which: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const found = await findForeshadowing(client, bookId, which);
      const words = (w: { quote: string; start: number | null } | null) => (w ? `  “${w.quote}”${w.start === null ? " (words deleted)" : ""}` : "");
      const lines = [
        `${found.title}  [${found.status.replace("_", " ")}]`,
        ...(found.note ? [found.note] : []),
        `setup: ${chapterLabel(found.setup.chapter)}${words(found.setup.words)}`,
        ...(found.payoff ? [`payoff: ${chapterLabel(found.payoff.chapter)}${words(found.payoff.words)}`] : []),
        ...(found.deadline && !found.payoff ? [`deadline: ${dueLabel(found)}`] : []),
        ...found.warnings.map((w) => `warning: ${w.replaceAll("_", " ")}`),
      ];
      printResult(json, found, lines.join("\n"));
    });
}
