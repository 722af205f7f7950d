import { Option, type Command } from "commander";
import { createThreadInput, editCommentInput, replyInput, threadSchema, updateThreadInput, type ThreadDto } from "../../server/comments/schemas";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printResult } from "../output";
import { pageOptions, printListing, readListing, type PageOptions } from "../paging";

const bookPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}`;
const threadPath = (bookId: string, threadId: string) => `${bookPath(bookId)}/threads/${encodeURIComponent(threadId)}`;

/** A thread as a terminal shows it: where, the words, then each comment with its author. */
function threadText(thread: ThreadDto): string {
  const state = [thread.resolved ? "resolved" : "open", thread.detached ? "its words were deleted" : `at ${thread.start}–${thread.end}`].join(", ");
  const comments = thread.comments.map((c) => `  ${c.author?.name ?? "a former member"} (${c.createdAt}${c.editedAt ? ", edited" : ""}) [${c.id}]\n    ${c.body.replaceAll("\n", "\n    ")}`);
  return [`${thread.id} · ${thread.chapterTitle} · ${state}`, `  “${thread.quote}”`, ...comments].join("\n");
}

/** A whole number from 0, for --at. */
function offset(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new CliError(`--at takes a character offset (a whole number from 0), not ${value}`);
  return Number(value);
}

export function registerComments(program: Command): void {
  const comments = program.command("comments").description("comments on the words of a chapter: list, show, add, reply, resolve, reopen, edit, delete");

  pageOptions(
    comments
      .command("list <bookId>", { isDefault: true })
      .description("the book's comment threads, newest first (open ones unless told)")
      .option("--chapter <chapterId>", "only this chapter's")
      .addOption(new Option("--state <state>", "open, resolved or all").choices(["open", "resolved", "all"]).default("open"))
      .option("--detached", "only threads whose words were deleted")
      .option("--mentions-me", "only threads that mention you"),
  ).action(async (bookId: string, options: PageOptions & { chapter?: string; state: string; detached?: boolean; mentionsMe?: boolean }, command: Command) => {
    const { client, json } = context(command);
    const query = {
      chapterId: options.chapter,
      resolved: options.state === "all" ? undefined : String(options.state === "resolved"),
      detached: options.detached ? "true" : undefined,
      mentions: options.mentionsMe ? "me" : undefined,
    };
    const listing = await readListing(client, `${bookPath(bookId)}/threads`, query, threadSchema, options);
    printListing<ThreadDto>(
      json,
      listing,
      [
        { heading: "id", value: (t) => t.id },
        { heading: "chapter", value: (t) => t.chapterTitle },
        { heading: "words", value: (t) => (t.quote.length > 40 ? `${t.quote.slice(0, 39)}…` : t.quote) },
        { heading: "by", value: (t) => t.author?.name ?? "" },
        { heading: "replies", value: (t) => String(t.comments.length - 1) },
        { heading: "state", value: (t) => (t.resolved ? "resolved" : t.detached ? "detached" : "open") },
      ],
      "no comments here",
      options,
    );
  });

  comments
    .command("show <bookId> <threadId>")
    .description("one thread with every comment")
    .action(async (bookId: string, threadId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const thread = await client.data("GET", threadPath(bookId, threadId), {}, threadSchema);
      printResult(json, thread, threadText(thread));
    });

  comments
    .command("add <bookId> <chapterId> <body>")
    .description("comment on words of a chapter: --quote names them (their first appearance, or the one nearest --at)")
    .requiredOption("--quote <words>", "the words commented on, exactly as the chapter has them")
    .option("--at <offset>", "where to look for them first (a character offset, as the search's results give it)", "0")
    .action(async (bookId: string, chapterId: string, body: string, options: { quote: string; at: string }, command: Command) => {
      const { client, json } = context(command);
      const start = offset(options.at);
      const input = checkInput(createThreadInput, { start, end: start + options.quote.length, quote: options.quote, body });
      const thread = await client.data("POST", `${bookPath(bookId)}/chapters/${encodeURIComponent(chapterId)}/threads`, { json: input }, threadSchema);
      printResult(json, thread, threadText(thread));
    });

  comments
    .command("reply <bookId> <threadId> <body>")
    .description("reply to a thread (a resolved one opens again)")
    .action(async (bookId: string, threadId: string, body: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const thread = await client.data("POST", `${threadPath(bookId, threadId)}/comments`, { json: checkInput(replyInput, { body }) }, threadSchema);
      printResult(json, thread, threadText(thread));
    });

  for (const [name, resolved] of [
    ["resolve", true],
    ["reopen", false],
  ] as const) {
    comments
      .command(`${name} <bookId> <threadId>`)
      .description(resolved ? "resolve a thread (it stays findable with --state resolved)" : "open a resolved thread again")
      .action(async (bookId: string, threadId: string, _options: unknown, command: Command) => {
        const { client, json } = context(command);
        const thread = await client.data("PATCH", threadPath(bookId, threadId), { json: checkInput(updateThreadInput, { resolved }) }, threadSchema);
        printResult(json, thread, threadText(thread));
      });
  }

  comments
    .command("edit <bookId> <threadId> <commentId> <body>")
    .description("reword one of your comments")
    .action(async (bookId: string, threadId: string, commentId: string, body: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const path = `${threadPath(bookId, threadId)}/comments/${encodeURIComponent(commentId)}`;
      const thread = await client.data("PATCH", path, { json: checkInput(editCommentInput, { body }) }, threadSchema);
      printResult(json, thread, threadText(thread));
    });

  comments
    .command("delete <bookId> <threadId>")
    .description("delete a thread (yours, or any as the owner); with --comment, only that reply")
    .option("--comment <commentId>", "only this reply")
    .action(async (bookId: string, threadId: string, options: { comment?: string }, command: Command) => {
      const { client, json } = context(command);
      const path = options.comment ? `${threadPath(bookId, threadId)}/comments/${encodeURIComponent(options.comment)}` : threadPath(bookId, threadId);
      await client.data("DELETE", path);
      printResult(json, { bookId, threadId, ...(options.comment && { commentId: options.comment }), deleted: true }, "Deleted.");
    });
}
