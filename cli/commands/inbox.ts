import type { Command } from "commander";
import { markedAllSchema, markReadInput, notificationSchema, type NotificationDto } from "../../server/inbox/schemas";
import { context } from "../context";
import { checkInput } from "../errors";
import { printResult } from "../output";
import { pageOptions, printListing, readListing, type PageOptions } from "../paging";

/** What happened, in a line, for a terminal. */
function what(n: NotificationDto): string {
  const who = n.actor?.name ?? "a former member";
  if (n.kind === "invitation") return `${who} invited you to “${n.book.title}” as ${n.invitation?.role} (${n.invitation?.state})`;
  if (n.kind === "reader_finished") return `${who} finished “${n.readChapter?.title ?? "a chapter"}” of “${n.book.title}”`;
  if (n.suggestion) {
    const verb = { suggestion: "suggested an edit", suggestion_accepted: "accepted your suggestion", suggestion_rejected: "rejected your suggestion" }[n.kind as "suggestion"];
    return `${who} ${verb} on “${n.suggestion.chapterTitle}”: “${n.suggestion.quote.split("\n")[0]}” → “${n.suggestion.replacement.split("\n")[0]}”`;
  }
  const verb = { mention: "mentioned you", reply: "replied", comment: "commented" }[n.kind as "comment"] ?? "wrote";
  return `${who} ${verb} on “${n.thread?.chapterTitle ?? n.book.title}”: ${n.comment?.excerpt.split("\n")[0] ?? ""}`;
}

export function registerInbox(program: Command): void {
  const inbox = program.command("inbox").description("what you were told of: new comments and suggested edits on your books, replies, mentions, decisions on your suggestions, invitations");

  pageOptions(
    inbox
      .command("list", { isDefault: true })
      .description("your inbox, newest first")
      .option("--unread", "only what is unread"),
  ).action(async (options: PageOptions & { unread?: boolean }, command: Command) => {
    const { client, json } = context(command);
    const listing = await readListing(client, "/api/v1/inbox", { unread: options.unread ? "true" : undefined }, notificationSchema, options);
    printListing<NotificationDto>(
      json,
      listing,
      [
        { heading: "id", value: (n) => n.id },
        { heading: "", value: (n) => (n.read ? "" : "•") },
        { heading: "when", value: (n) => n.createdAt },
        { heading: "what", value: (n) => what(n) },
      ],
      options.unread ? "nothing unread" : "nothing yet",
      options,
    );
  });

  inbox
    .command("read [notificationId]")
    .description("mark one notification read, or with --all everything")
    .option("--all", "everything unread")
    .option("--unread", "mark it unread again instead")
    .action(async (notificationId: string | undefined, options: { all?: boolean; unread?: boolean }, command: Command) => {
      const { client, json } = context(command);
      if (options.all) {
        const marked = await client.data("POST", "/api/v1/inbox/read", {}, markedAllSchema);
        return printResult(json, marked, `${marked.marked} marked read.`);
      }
      if (!notificationId) return command.error("name a notification (inkstone inbox lists them), or give --all");
      const body = checkInput(markReadInput, { read: !options.unread });
      const marked = await client.data("PATCH", `/api/v1/inbox/${encodeURIComponent(notificationId)}`, { json: body }, notificationSchema);
      printResult(json, marked, marked.read ? "Marked read." : "Marked unread.");
    });
}
