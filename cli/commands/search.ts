import type { Command } from "commander";
import {
  changeSetListSchema,
  librarySearchHitSchema,
  replacePreviewSchema,
  replaceResultSchema,
  searchHitSchema,
  undoResultSchema,
} from "../../server/search/schemas";
import type { Page } from "../client";
import { context } from "../context";
import { CliError } from "../errors";
import { printNote, printResult, printRows } from "../output";

const bookPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}`;

interface MatchFlags {
  regex?: boolean;
  wholeWord?: boolean;
  matchCase?: boolean;
  width?: boolean;
  matchScript?: boolean;
}

function matchOptions(command: Command): Command {
  return command
    .option("--regex", "the query is a regular expression (RE2: no backreferences or lookaround)")
    .option("-w, --whole-word", "whole words only (each Chinese or Japanese character is a word of its own)")
    .option("-c, --match-case", "upper and lower case must match")
    .option("--width", "full-width and half-width forms match each other (Ａ and A)")
    .option("--match-script", "简体 and 繁体 must match as written (by default 刘备 finds 劉備)");
}

/** The flags as the API's query parameters; absent flags are left out (false). */
function flagQuery(flags: MatchFlags) {
  return {
    regex: flags.regex ? "true" : undefined,
    wholeWord: flags.wholeWord ? "true" : undefined,
    matchCase: flags.matchCase ? "true" : undefined,
    widthInsensitive: flags.width ? "true" : undefined,
    matchChineseScript: flags.matchScript ? "true" : undefined,
  };
}

const inContext = (hit: { before: string; match: string; after: string }) => `${hit.before}[${hit.match}]${hit.after}`;

function pageNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`--page must be a whole number from 1, not "${value}"`);
  return n;
}

/** A search's page as --json prints it, as a list's: the items, the total, and the next page (null on the last). */
const listing = <T>(answer: Page<T>, page: number) => ({ items: answer.items, total: answer.total, page, nextPage: answer.next ? page + 1 : null });

export function registerSearch(program: Command): void {
  matchOptions(
    program
      .command("search <query>")
      .description("search one book (--book) or all your books: each hit with the sentence around it")
      .option("-b, --book <bookId>", "search this book only (hits, with every option); without it, your whole library (chapters, case-insensitive)")
      .option("--page <n>", "which page of results", pageNumber, 1)
      .addHelpText("after", '\nExamples:\n  inkstone search lantern\n  inkstone search --book <bookId> --whole-word Kathryn\n  inkstone search --book <bookId> --regex "chapter \\d+"\n  inkstone search --book <bookId> --match-script 劉備'),
  ).action(async (query: string, options: MatchFlags & { book?: string; page: number }, command: Command) => {
    const { client, json } = context(command);
    if (!options.book) {
      // The library's index tells 简体 and 繁体 apart already (decision 0503): --match-script there would promise a choice it cannot make.
      if (options.regex || options.wholeWord || options.matchCase || options.width || options.matchScript) throw new CliError("--regex, --whole-word, --match-case, --width and --match-script need --book: the library search is plain text");
      // A search pages as every collection does: the page is `data`, X-Total-Count and Link say the rest.
      const answer = await client.page("/api/v1/search", { query, page: options.page }, librarySearchHitSchema);
      if (json) return printResult(true, listing(answer, options.page), "");
      printRows(false, answer.items, [
        { heading: "book", value: (i) => i.bookTitle },
        { heading: "chapter", value: (i) => i.chapterTitle },
        { heading: "hits", value: (i) => i.hitCount },
        { heading: "first hit", value: inContext },
        { heading: "chapter id", value: (i) => i.chapterId },
      ], `no chapter holds "${query}"`);
      if (answer.next) printNote(`${answer.items.length} of ${answer.total} chapters shown; --page ${options.page + 1} for more`);
      return;
    }
    const answer = await client.page(`${bookPath(options.book)}/search`, { query, ...flagQuery(options), page: options.page }, searchHitSchema);
    if (json) return printResult(true, listing(answer, options.page), "");
    printRows(false, answer.items, [
      { heading: "chapter", value: (h) => h.chapterTitle },
      { heading: "at", value: (h) => (h.field === "title" ? "title" : h.start) },
      { heading: "hit", value: inContext },
    ], `no hit for "${query}"`);
    if (answer.total) printNote(`${answer.total} hits${answer.next ? `; --page ${options.page + 1} for more` : ""}`);
  });

  matchOptions(
    program
      .command("replace <bookId> <query> <replacement>")
      .description("replace across a book as one change set (undo it with inkstone undo-replace); --dry-run shows what would change")
      .option("-n, --dry-run", "show every hit and what it would become; change nothing")
      .option("-p, --preserve-case", "KATHRYN → KATHERINE, Kathryn → Katherine, kathryn → katherine")
      .addHelpText("after", "\nExamples:\n  inkstone replace <bookId> Kathryn Katherine --whole-word --preserve-case --dry-run\n  inkstone replace <bookId> Kathryn Katherine --whole-word --preserve-case"),
  ).action(async (bookId: string, query: string, replacement: string, options: MatchFlags & { dryRun?: boolean; preserveCase?: boolean }, command: Command) => {
    const { client, json } = context(command);
    const preview = await client.data(
      "GET",
      `${bookPath(bookId)}/replace`,
      { query: { query, replacement, ...flagQuery(options), preserveCase: options.preserveCase ? "true" : undefined } },
      replacePreviewSchema,
    );
    if (options.dryRun) {
      if (json) return printResult(true, preview, "");
      const rows = preview.chapters.flatMap((chapter) => chapter.hits.map((hit) => ({ chapter: chapter.title, ...hit })));
      printRows(false, rows, [
        { heading: "chapter", value: (h) => h.chapter },
        { heading: "hit", value: inContext },
        { heading: "becomes", value: (h) => `${h.before}[${h.replacement}]${h.after}` },
      ], `no hit for "${query}": nothing would change`);
      if (preview.total > 0) printNote(`${preview.total} hits in ${preview.chapters.length} chapters would change; run again without --dry-run to replace them`);
      return;
    }
    if (preview.total === 0) throw new CliError(`no hit for "${query}": nothing to replace`);
    // Applied at the versions previewed: a chapter saved in between refuses the whole change (409).
    const chapters = preview.chapters.map((c) => ({ chapterId: c.chapterId, version: c.version, skip: [] }));
    const body = { query, replacement, regex: !!options.regex, wholeWord: !!options.wholeWord, matchCase: !!options.matchCase, widthInsensitive: !!options.width, matchChineseScript: !!options.matchScript, preserveCase: !!options.preserveCase, chapters };
    const result = await client.data("POST", `${bookPath(bookId)}/replace`, { json: body }, replaceResultSchema);
    printResult(json, result, `Replaced ${result.replaced} hits in ${result.chapters.length} chapters (change set ${result.changeSetId}). Undo: inkstone undo-replace ${bookId} ${result.changeSetId}`);
  });

  program
    .command("change-sets <bookId>")
    .description("a book's replaces, newest first")
    .action(async (bookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const { items } = await client.data("GET", `${bookPath(bookId)}/change-sets`, {}, changeSetListSchema);
      printRows(json, items, [
        { heading: "id", value: (c) => c.changeSetId },
        { heading: "when", value: (c) => c.createdAt },
        { heading: "replace", value: (c) => `${c.query} → ${c.replacement}` },
        { heading: "hits", value: (c) => c.replaced },
        { heading: "chapters", value: (c) => c.chapterCount },
        { heading: "undone", value: (c) => c.undoneAt ?? "" },
      ], "no replaces yet");
    });

  program
    .command("undo-replace <bookId> <changeSetId>")
    .description("take a whole replace back: each chapter it changed gets its earlier text as a new version")
    .action(async (bookId: string, changeSetId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const result = await client.data("POST", `${bookPath(bookId)}/change-sets/${encodeURIComponent(changeSetId)}/undo`, {}, undoResultSchema);
      printResult(json, result, `Undid change set ${result.changeSetId} in ${result.chapters.length} chapters.`);
    });
}
