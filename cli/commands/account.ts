import { readFileSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import { backMatterSchema, updateBackMatterInput, type AlsoByEntryInput, type BackMatter } from "../../server/back-matter/schemas";
import { bookSchema } from "../../server/books/schemas";
import { jobSchema } from "../../server/jobs/schemas";
import { changePasswordInput, deleteOwnAccountInput, endedSignInsSchema } from "../../server/users/schemas";
import { groupedDigits } from "../../server/text/grouped-digits";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { writeOutput } from "../files";
import { jsonFields } from "../json-output";
import { printRecord, printResult } from "../output";
import { readListing } from "../paging";
import { readStdin } from "../stdin";

/**
 * Passwords typed at a terminal without echo, each asked with its message, or read from standard
 * input one a line (for scripts).
 */
async function passwords(messages: string[], fromStdin: boolean | undefined): Promise<string[]> {
  if (fromStdin) {
    const lines = (await readStdin()).toString("utf8").split(/\r?\n/);
    if (lines.length < messages.length || lines.slice(0, messages.length).some((line) => line === "")) {
      throw new CliError(`--password-stdin reads ${messages.length === 1 ? "the password" : `${messages.length} lines: ${messages.join(", ")}`}`);
    }
    return lines.slice(0, messages.length);
  }
  if (!process.stdin.isTTY) throw new CliError("no terminal to ask on: use --password-stdin");
  const { default: askPassword } = await import("@inquirer/password");
  const answers: string[] = [];
  for (const message of messages) answers.push(await askPassword({ message, mask: true }));
  return answers;
}

/** What an archive job answers as its result (server/accounts/build-archive.ts). */
const archiveSummary = z.object({ books: z.int(), chapters: z.int(), revisions: z.int(), memberships: z.int() }).partial();

const plural = (count: number | undefined, word: string) => `${count ?? 0} ${word}${count === 1 ? "" : "s"}`;

/** The signed-in writer's own account: everything it owns in one archive, a new password, or leaving with their data. */
export function registerAccount(program: Command): void {
  const account = program.command("account").description("your own account: download everything it owns, change your password, delete it");

  jsonFields(account.command("archive"), ["file", "name", "bytes", "mediaType", "job", "books", "chapters", "revisions", "memberships"])
    .description("download everything your account owns as one zip: books (Markdown and EPUB), revisions, story bible, covers, goals, series, tokens and webhooks (no secrets)")
    .option("-o, --output <file>", 'where to write it ("-" for standard output); the server\'s name for it in this folder unless given')
    .action(async (options: { output?: string }, command: Command) => {
      const { client, json } = context(command);
      const file = await client.download("POST", "/api/v1/users/me/archive", { progress: "archiving", waiting: "queueing the archive" });
      const output = options.output ?? path.basename(file.name ?? "inkstone-archive.zip");
      const where = writeOutput(file.bytes, output);
      if (output === "-") return;
      const job = file.jobId ? await client.data("GET", `/api/v1/jobs/${encodeURIComponent(file.jobId)}`, {}, jobSchema) : null;
      const summary = archiveSummary.safeParse(job?.result ?? {}).data ?? {};
      printResult(
        json,
        { file: where, name: file.name, bytes: file.bytes.byteLength, mediaType: file.mediaType, job: file.jobId, ...summary },
        `Wrote ${where} (${groupedDigits(file.bytes.byteLength)} bytes): ${plural(summary.books, "book")}, ${plural(summary.chapters, "chapter")}, ${plural(summary.revisions, "revision")}.`,
      );
    });

  registerBackMatter(account);

  account
    .command("password")
    .description("change your password (asks on a terminal); every other sign-in ends, this login stays")
    .option("--password-stdin", "read the current and the new password from standard input, one a line")
    .action(async (options: { passwordStdin?: boolean }, command: Command) => {
      const { client, json } = context(command);
      const [currentPassword, newPassword, repeated] = await passwords(
        options.passwordStdin ? ["current password", "new password"] : ["Current password", "New password", "New password again"],
        options.passwordStdin,
      );
      if (repeated !== undefined && repeated !== newPassword) throw new CliError("the two new passwords differ; nothing was changed");
      const body = checkInput(changePasswordInput, { currentPassword: currentPassword!, newPassword: newPassword! });
      const ended = await client.data("PUT", "/api/v1/users/me/password", { json: body }, endedSignInsSchema);
      printResult(json, ended, `Password changed; ${ended.revokedTokens + ended.endedSessions} other sign-ins ended. This login stays.`);
    });

  account
    .command("delete")
    .description("delete your account and everything it owns, for good (needs --yes; asks for your password)")
    .option("--yes", "confirm")
    .option("--password-stdin", "read the password from standard input")
    .action(async (options: { yes?: boolean; passwordStdin?: boolean }, command: Command) => {
      if (!options.yes) throw new CliError("this deletes your account and your books for good: add --yes to confirm");
      const { client, json, profile } = context(command);
      const [password] = await passwords(["Password"], options.passwordStdin);
      await client.data("DELETE", "/api/v1/users/me", { json: checkInput(deleteOwnAccountInput, { password: password! }) });
      profile.set({ "api.token": undefined, "api.refresh_token": undefined });
      printResult(json, { deleted: true }, "Your account and everything it owned are deleted; this profile is logged out.");
    });
}

interface BackMatterOptions {
  aboutAuthor?: string;
  aboutAuthorFile?: string;
  acknowledgements?: string;
  acknowledgementsFile?: string;
  alsoByBook: string[];
  alsoBySeries: string[];
  alsoByTitle: string[];
  alsoByOwnBooks?: boolean;
  clearAlsoBy?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** A page's text from the option or the file it names; "none" clears it. */
function pageText(text: string | undefined, file: string | undefined, name: string): string | null | undefined {
  if (text !== undefined && file !== undefined) throw new CliError(`give --${name} or --${name}-file, not both`);
  if (file !== undefined) return readFileSync(file, "utf8");
  if (text === undefined) return undefined;
  return text === "none" ? null : text;
}

/** The back matter as a record for a terminal: "also by" a title a line. */
function backMatterRecord(matter: BackMatter) {
  const alsoBy = matter.alsoBy.map((entry) => (entry.seriesId ? `${entry.title} (series: ${entry.books.join("; ") || "no books yet"})` : entry.title));
  return { aboutAuthor: matter.aboutAuthor ?? "(none)", acknowledgements: matter.acknowledgements ?? "(none)", alsoBy: alsoBy.join(" · ") || "(none)" };
}

/** `inkstone account back-matter`: the writer's about-the-author page, acknowledgements and "also by" list (decision 0495). */
function registerBackMatter(account: Command): void {
  const backMatter = account.command("back-matter").description('the back matter your books print after their last chapter: about the author, acknowledgements, "also by"');

  jsonFields(backMatter.command("show", { isDefault: true }), backMatterSchema)
    .description("your back matter as your books print it")
    .action(async (_options: unknown, command: Command) => {
      const { client, json } = context(command);
      const matter = await client.data("GET", "/api/v1/users/me/back-matter", {}, backMatterSchema);
      if (json) return printResult(json, matter, "");
      printRecord(false, backMatterRecord(matter));
    });

  jsonFields(backMatter.command("set"), backMatterSchema)
    .description('change your back matter; "none" clears a page. "Also by" options replace the whole list, in the order given')
    .option("--about-author <text>", "your about-the-author page (Markdown)")
    .option("--about-author-file <file>", "the about-the-author page from a file")
    .option("--acknowledgements <text>", "acknowledgements your books print unless a book has its own")
    .option("--acknowledgements-file <file>", "the acknowledgements from a file")
    .option("--also-by-book <bookId>", "one of your books (repeat for more)", collect, [])
    .option("--also-by-series <seriesId>", "one of your series (repeat for more)", collect, [])
    .option("--also-by-title <title>", "a title published elsewhere (repeat for more)", collect, [])
    .option("--also-by-own-books", "list every book you own (before any --also-by-book, --also-by-series, --also-by-title)")
    .option("--clear-also-by", 'empty the "also by" list')
    .action(async (options: BackMatterOptions, command: Command) => {
      const { client, json } = context(command);
      const aboutAuthor = pageText(options.aboutAuthor, options.aboutAuthorFile, "about-author");
      const acknowledgements = pageText(options.acknowledgements, options.acknowledgementsFile, "acknowledgements");
      const named = [...options.alsoByBook.map((bookId) => ({ bookId })), ...options.alsoBySeries.map((seriesId) => ({ seriesId })), ...options.alsoByTitle.map((title) => ({ title }))];
      if (options.clearAlsoBy && (named.length > 0 || options.alsoByOwnBooks)) throw new CliError("--clear-also-by empties the list: leave out the other --also-by options");
      let alsoBy: AlsoByEntryInput[] | undefined = options.clearAlsoBy ? [] : undefined;
      if (options.alsoByOwnBooks || named.length > 0) {
        const own = options.alsoByOwnBooks
          ? (await readListing(client, "/api/v1/books", {}, bookSchema, { all: true, sort: "createdAt", order: "asc" })).items.filter((book) => book.role === "owner").map((book) => ({ bookId: book.id }))
          : [];
        alsoBy = [...own, ...named];
      }
      const body = {
        ...(aboutAuthor !== undefined && { aboutAuthor }),
        ...(acknowledgements !== undefined && { acknowledgements }),
        ...(alsoBy !== undefined && { alsoBy }),
      };
      if (Object.keys(body).length === 0) throw new CliError("nothing to set: name --about-author, --acknowledgements or an --also-by option");
      const matter = await client.data("PATCH", "/api/v1/users/me/back-matter", { json: checkInput(updateBackMatterInput, body) }, backMatterSchema);
      if (json) return printResult(json, matter, "");
      printRecord(false, backMatterRecord(matter));
    });
}
