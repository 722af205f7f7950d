import { Option, type Command } from "commander";
import { chapterDecisionSchema, createSuggestionInput, decideChapterInput, decideSuggestionInput, suggestionSchema, type ChapterDecisionDto, type SuggestionDto } from "../../server/suggestions/schemas";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printResult } from "../output";
import { pageOptions, printListing, readListing, type PageOptions } from "../paging";

const bookPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}`;
const suggestionPath = (bookId: string, suggestionId: string) => `${bookPath(bookId)}/suggestions/${encodeURIComponent(suggestionId)}`;
const chapterSuggestionsPath = (bookId: string, chapterId: string) => `${bookPath(bookId)}/chapters/${encodeURIComponent(chapterId)}/suggestions`;

const short = (text: string) => (text.length > 30 ? `${text.slice(0, 29)}…` : text);

/** A suggestion as a terminal shows it: where, the change as a difference, who and what became of it. */
function suggestionText(s: SuggestionDto): string {
  const place = s.state !== "open" ? "" : s.stale ? ", its words are not in the text now" : `, at ${s.start}–${s.end}`;
  const decided = s.decidedBy ? ` by ${s.decidedBy.name}${s.acceptedVersion ? ` (version ${s.acceptedVersion})` : ""}` : "";
  return [`${s.id} · ${s.chapterTitle} · ${s.state}${decided}${place}`, `  - “${s.quote}”`, `  + “${s.replacement}”`, `  suggested by ${s.author?.name ?? "a former member"} (${s.createdAt})`].join("\n");
}

function decisionText(d: ChapterDecisionDto, state: "accepted" | "rejected"): string {
  const lines = [`${d.decided.length} ${state}; the chapter is at version ${d.version}.`];
  if (d.left.length > 0) lines.push(`${d.left.length} left open (their words changed, or they overlap one accepted): ${d.left.map((s) => s.id).join(", ")}`);
  return lines.join("\n");
}

/** A whole number from 0, for --at. */
function offset(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new CliError(`--at takes a character offset (a whole number from 0), not ${value}`);
  return Number(value);
}

export function registerSuggestions(program: Command): void {
  const suggestions = program.command("suggestions").description("suggested edits to a chapter's words: list, show, add, accept, reject, accept-all, reject-all");

  pageOptions(
    suggestions
      .command("list <bookId>", { isDefault: true })
      .description("the book's suggested edits, newest first (open ones unless told)")
      .option("--chapter <chapterId>", "only this chapter's")
      .addOption(new Option("--state <state>", "open, accepted, rejected or all").choices(["open", "accepted", "rejected", "all"]).default("open"))
      .option("--stale", "only open ones whose words are not in the text now"),
  ).action(async (bookId: string, options: PageOptions & { chapter?: string; state: string; stale?: boolean }, command: Command) => {
    const { client, json } = context(command);
    const query = { chapterId: options.chapter, state: options.state === "all" ? undefined : options.state, stale: options.stale ? "true" : undefined };
    const listing = await readListing(client, `${bookPath(bookId)}/suggestions`, query, suggestionSchema, options);
    printListing<SuggestionDto>(
      json,
      listing,
      [
        { heading: "id", value: (s) => s.id },
        { heading: "chapter", value: (s) => s.chapterTitle },
        { heading: "words", value: (s) => short(s.quote) },
        { heading: "suggested", value: (s) => short(s.replacement) },
        { heading: "by", value: (s) => s.author?.name ?? "" },
        { heading: "state", value: (s) => (s.stale ? "stale" : s.state) },
      ],
      "no suggestions here",
      options,
    );
  });

  suggestions
    .command("show <bookId> <suggestionId>")
    .description("one suggestion, as a difference")
    .action(async (bookId: string, suggestionId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const suggestion = await client.data("GET", suggestionPath(bookId, suggestionId), {}, suggestionSchema);
      printResult(json, suggestion, suggestionText(suggestion));
    });

  suggestions
    .command("add <bookId> <chapterId> <replacement>")
    .description('suggest new words for words of a chapter: --quote names them (their first appearance, or the one nearest --at); "" suggests deleting them')
    .requiredOption("--quote <words>", "the words to replace, exactly as the chapter has them")
    .option("--at <offset>", "where to look for them first (a character offset, as the search's results give it)", "0")
    .action(async (bookId: string, chapterId: string, replacement: string, options: { quote: string; at: string }, command: Command) => {
      const { client, json } = context(command);
      const start = offset(options.at);
      const input = checkInput(createSuggestionInput, { start, end: start + options.quote.length, quote: options.quote, replacement });
      const suggestion = await client.data("POST", chapterSuggestionsPath(bookId, chapterId), { json: input }, suggestionSchema);
      printResult(json, suggestion, suggestionText(suggestion));
    });

  for (const [name, state] of [
    ["accept", "accepted"],
    ["reject", "rejected"],
  ] as const) {
    suggestions
      .command(`${name} <bookId> <suggestionId>`)
      .description(state === "accepted" ? "accept a suggestion into the text (a new version naming you and its suggester)" : "reject a suggestion (the text stays as it is)")
      .action(async (bookId: string, suggestionId: string, _options: unknown, command: Command) => {
        const { client, json } = context(command);
        const suggestion = await client.data("PATCH", suggestionPath(bookId, suggestionId), { json: checkInput(decideSuggestionInput, { state }) }, suggestionSchema);
        printResult(json, suggestion, suggestionText(suggestion));
      });
  }

  for (const [name, state] of [
    ["accept-all", "accepted"],
    ["reject-all", "rejected"],
  ] as const) {
    suggestions
      .command(`${name} <bookId> <chapterId>`)
      .description(state === "accepted" ? "accept every open suggestion of a chapter that can go in together, as one new version" : "reject every open suggestion of a chapter")
      .action(async (bookId: string, chapterId: string, _options: unknown, command: Command) => {
        const { client, json } = context(command);
        const decision = await client.data("PATCH", chapterSuggestionsPath(bookId, chapterId), { json: checkInput(decideChapterInput, { state }) }, chapterDecisionSchema);
        printResult(json, decision, decisionText(decision, state));
      });
  }
}
