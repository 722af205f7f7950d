import type { Command } from "commander";
import { moveChapterIntoPart, type OrderEntry } from "../../server/parts/contents-tree";
import { contentsSchema, createPartInput, partSchema, updatePartInput, type ContentsDto, type PartDto } from "../../server/parts/schemas";
import { z } from "zod";
import type { ApiClient } from "../client";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printResult, printRows } from "../output";

// Parts (卷) of a book, issue 35 item 1 (decision 0488).
const partsPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/parts`;
const contentsPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/contents`;

/** A part named by its id, its number (1 for the first) or its title, as the book's list has them. */
async function findPart(client: ApiClient, bookId: string, which: string): Promise<PartDto> {
  const parts = await client.data("GET", partsPath(bookId), {}, z.array(partSchema));
  const found = parts.find((p) => p.id === which) ?? (/^\d+$/.test(which) ? parts.find((p) => p.position === Number(which)) : undefined) ?? parts.find((p) => p.title === which);
  if (!found) throw new CliError(`this book has no part ${which}; inkstone parts list ${bookId} shows its parts`);
  return found;
}

/** The contents as the order a reorder names. */
const entriesOf = (contents: ContentsDto): OrderEntry[] =>
  contents.entries.map((entry) => (entry.type === "part" ? { partId: entry.part.id, chapterIds: entry.chapters.map((c) => c.id) } : { chapterId: entry.chapter.id }));

export function registerParts(program: Command): void {
  const parts = program.command("parts").description("a book's parts (卷, Part One): list, add, rename, delete, and move chapters into and out of them");

  parts
    .command("list <bookId>", { isDefault: true })
    .description("the book's parts in order, with their chapters' count and words")
    .action(async (bookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const list = await client.data("GET", partsPath(bookId), {}, z.array(partSchema));
      printRows<PartDto>(
        json,
        list,
        [
          { heading: "id", value: (p) => p.id },
          { heading: "#", value: (p) => p.position },
          { heading: "title", value: (p) => p.title },
          { heading: "chapters", value: (p) => p.chapterCount },
          { heading: "words", value: (p) => p.wordCount },
        ],
        "This book has no parts.",
      );
    });

  parts
    .command("add <bookId> <title>")
    .description("add an empty part after the book's last part")
    .action(async (bookId: string, title: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const body = checkInput(createPartInput, { title });
      const part = await client.data("POST", partsPath(bookId), { json: body }, partSchema);
      printResult(json, part, `Added part ${part.position}, “${part.title}” (${part.id}).`);
    });

  parts
    .command("rename <bookId> <part> <title>")
    .description("rename a part (named by its id, number or title)")
    .action(async (bookId: string, which: string, title: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const body = checkInput(updatePartInput, { title });
      const part = await findPart(client, bookId, which);
      const renamed = await client.data("PATCH", `${partsPath(bookId)}/${encodeURIComponent(part.id)}`, { json: body }, partSchema);
      printResult(json, renamed, `Part ${renamed.position} is now “${renamed.title}”.`);
    });

  parts
    .command("delete <bookId> <part>")
    .description("delete a part; its chapters stay where they stand in the book, outside any part")
    .action(async (bookId: string, which: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const part = await findPart(client, bookId, which);
      await client.data("DELETE", `${partsPath(bookId)}/${encodeURIComponent(part.id)}`);
      const kept = part.chapterCount === 0 ? "" : `; its ${part.chapterCount === 1 ? "chapter stays" : `${part.chapterCount} chapters stay`} in the book`;
      printResult(json, { bookId, partId: part.id, deleted: true }, `Deleted the part “${part.title}”${kept}.`);
    });

  parts
    .command("move <bookId> <chapterId> <part>")
    .description("move a chapter into a part (its id, number or title), or out of any part with `none`; it keeps its place in the book where it can")
    .action(async (bookId: string, chapterId: string, which: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const target = which === "none" ? null : await findPart(client, bookId, which);
      const contents = await client.data("GET", contentsPath(bookId), {}, contentsSchema);
      const entries = entriesOf(contents);
      const held = contents.entries.some((e) => (e.type === "part" ? e.chapters.some((c) => c.id === chapterId) : e.chapter.id === chapterId));
      if (!held) throw new CliError(`this book has no chapter ${chapterId} (or it is in the trash); inkstone chapters list ${bookId} shows its chapters`);
      // Written against the order version read: a change made meanwhile is refused (409), not overwritten.
      const body = { orderVersion: contents.orderVersion, entries: moveChapterIntoPart(entries, chapterId, target?.id ?? null) };
      const moved = await client.data("PUT", contentsPath(bookId), { json: body }, contentsSchema);
      printResult(json, moved, target ? `Moved the chapter into “${target.title}”.` : "Moved the chapter out of its part.");
    });
}
