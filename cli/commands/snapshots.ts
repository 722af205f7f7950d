import type { Command } from "commander";
import { chapterSchema } from "../../server/chapters/schemas";
import {
  comparisonSchema,
  createSnapshotInput,
  restoreFromSnapshotInput,
  snapshotChapterSchema,
  snapshotSchema,
  snapshotsSchema,
  type ChapterComparisonDto,
  type SnapshotChapterSummaryDto,
  type SnapshotSummaryDto,
} from "../../server/snapshots/schemas";
import type { ApiClient } from "../client";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { jsonFields } from "../json-output";
import { printRecord, printResult, printRows } from "../output";

const snapshotsPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/snapshots`;
const snapshotPath = (bookId: string, snapshotId: string) => `${snapshotsPath(bookId)}/${encodeURIComponent(snapshotId)}`;

/** A snapshot named by its id or its name (letter case aside), as the book's list has them. */
async function findSnapshot(client: ApiClient, bookId: string, ref: string): Promise<SnapshotSummaryDto> {
  const list = await client.data("GET", snapshotsPath(bookId), {}, snapshotsSchema);
  const wanted = ref.trim().toLowerCase();
  const found = list.find((s) => s.id === ref) ?? list.find((s) => s.name.toLowerCase() === wanted);
  if (!found) throw new CliError(`This book has no snapshot "${ref}"; inkstone snapshots list ${bookId} shows its snapshots`);
  return found;
}

/** A number from 1 up, or a clear refusal before anything is sent. */
function wholeNumber(option: string, value: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new CliError(`${option} must be a whole number from 1`);
  return Number(value);
}

/** A diff as text: removed words in [-…-], added in {+…+}, as `git diff --word-diff` writes them. */
function wordDiff(parts: { kind: string; text: string }[]): string {
  return parts.map((p) => (p.kind === "added" ? `{+${p.text}+}` : p.kind === "removed" ? `[-${p.text}-]` : p.text)).join("");
}

export function registerSnapshots(program: Command): void {
  const snapshots = program
    .command("snapshots")
    .description("named snapshots of a book: the owner freezes it under a name; compare them with each other or with today, and restore a chapter from one");

  jsonFields(snapshots.command("list <bookId>", { isDefault: true }), snapshotsSchema.element)
    .description("the book's snapshots, newest first")
    .action(async (bookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const list = await client.data("GET", snapshotsPath(bookId), {}, snapshotsSchema);
      printRows<SnapshotSummaryDto>(
        json,
        list,
        [
          { heading: "id", value: (s) => s.id },
          { heading: "name", value: (s) => s.name },
          { heading: "chapters", value: (s) => s.chapterCount },
          { heading: "words", value: (s) => s.wordCount },
          { heading: "made", value: (s) => s.createdAt },
          { heading: "by", value: (s) => s.author?.name ?? "" },
          { heading: "part", value: (s) => s.part?.title ?? "" },
        ],
        "no snapshots yet",
      );
    });

  jsonFields(snapshots.command("create <bookId> <name>"), snapshotSchema)
    .description("freeze the book (or one part of it) as it stands under a name (owner only)")
    .option("--note <text>", "what this draft is, for whom")
    .option("--part <partId>", "freeze only this part's chapters (inkstone parts list shows the ids)")
    .action(async (bookId: string, name: string, options: { note?: string; part?: string }, command: Command) => {
      const { client, json } = context(command);
      const body = checkInput(createSnapshotInput, { name, ...(options.note !== undefined && { note: options.note }), ...(options.part !== undefined && { partId: options.part }) });
      const made = await client.data("POST", snapshotsPath(bookId), { json: body }, snapshotSchema);
      const of = made.part ? ` of the part "${made.part.title}"` : "";
      printResult(json, made, `Snapshot "${made.name}"${of} (${made.id}): ${made.chapterCount} chapters, ${made.wordCount} words.`);
    });

  jsonFields(snapshots.command("show <bookId> <snapshot>"), snapshotSchema)
    .description("a snapshot's chapters as they were (the snapshot by id or name); with --chapter, that chapter's text")
    .option("--chapter <chapterId>", "print this chapter's text as the snapshot holds it")
    .action(async (bookId: string, ref: string, options: { chapter?: string }, command: Command) => {
      const { client, json } = context(command);
      const { id } = await findSnapshot(client, bookId, ref);
      if (options.chapter !== undefined) {
        const chapter = await client.data("GET", `${snapshotPath(bookId, id)}/chapters/${encodeURIComponent(options.chapter)}`, {}, snapshotChapterSchema);
        if (json) return printRecord(true, chapter);
        process.stdout.write(chapter.content.endsWith("\n") ? chapter.content : `${chapter.content}\n`);
        return;
      }
      const snapshot = await client.data("GET", snapshotPath(bookId, id), {}, snapshotSchema);
      if (json) return printRecord(true, snapshot);
      process.stdout.write(`${snapshot.name}${snapshot.note ? ` — ${snapshot.note}` : ""}\n`);
      printRows<SnapshotChapterSummaryDto>(false, snapshot.chapters, [
        { heading: "#", value: (c) => c.position },
        { heading: "chapter", value: (c) => c.chapterId },
        { heading: "title", value: (c) => c.title },
        { heading: "version", value: (c) => c.version },
        { heading: "words", value: (c) => c.wordCount },
      ], "no chapters");
    });

  jsonFields(snapshots.command("compare <bookId> <snapshot>"), comparisonSchema)
    .description("compare a snapshot with today, or with another (--with), chapter by chapter; --chapter shows that chapter's changes")
    .option("--with <snapshot>", "another snapshot, by id or name (default: the book today)")
    .option("--chapter <chapterId>", "print this chapter's changes: [-removed-] and {+added+}")
    .action(async (bookId: string, ref: string, options: { with?: string; chapter?: string }, command: Command) => {
      const { client, json } = context(command);
      const from = await findSnapshot(client, bookId, ref);
      const other = options.with === undefined || options.with === "today" ? "today" : (await findSnapshot(client, bookId, options.with)).id;
      const query = { with: other, ...(options.chapter !== undefined && { chapter: options.chapter }) };
      const compared = await client.data("GET", `${snapshotPath(bookId, from.id)}/comparison`, { query }, comparisonSchema);
      if (json) return printRecord(true, compared);
      if (compared.diff) {
        process.stdout.write(`${wordDiff(compared.diff.parts)}\n`);
        if (compared.diff.approximate) process.stderr.write("(too different to match word by word: shown removed and added whole)\n");
        return;
      }
      const { totals } = compared;
      process.stdout.write(
        `${compared.from.name} → ${compared.to.name}: ${totals.changed} changed, ${totals.added} added, ${totals.removed} removed, ${totals.unchanged} unchanged; ${totals.fromWords} → ${totals.toWords} words\n`,
      );
      printRows<ChapterComparisonDto>(false, compared.chapters, [
        { heading: "chapter", value: (c) => c.chapterId },
        { heading: "title", value: (c) => (c.to ?? c.from)!.title },
        { heading: "status", value: (c) => (c.inTrashToday ? `${c.status} (in the trash)` : c.status) },
        { heading: "words", value: (c) => `${c.from?.wordCount ?? "–"} → ${c.to?.wordCount ?? "–"}` },
      ]);
    });

  jsonFields(snapshots.command("restore <bookId> <snapshot> <chapterId>"), chapterSchema)
    .description("bring a chapter's title and text back as the snapshot holds them, as a new version (nothing is lost)")
    .option("--base-version <n>", "the chapter's version you decided on: refused if someone saved since")
    .action(async (bookId: string, ref: string, chapterId: string, options: { baseVersion?: string }, command: Command) => {
      const { client, json } = context(command);
      const body = checkInput(restoreFromSnapshotInput, options.baseVersion === undefined ? {} : { version: wholeNumber("--base-version", options.baseVersion) });
      const { id, name } = await findSnapshot(client, bookId, ref);
      const chapter = await client.data("POST", `${snapshotPath(bookId, id)}/chapters/${encodeURIComponent(chapterId)}/restorations`, { json: body }, chapterSchema);
      printResult(json, { ...chapter, content: undefined }, `Restored "${chapter.title}" from "${name}" as version ${chapter.version}.`);
    });

  snapshots
    .command("delete <bookId> <snapshot>")
    .description("delete a snapshot (owner only); the chapters keep their histories")
    .action(async (bookId: string, ref: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const { id, name } = await findSnapshot(client, bookId, ref);
      await client.data("DELETE", snapshotPath(bookId, id));
      printResult(json, { bookId, snapshotId: id, deleted: true }, `Deleted "${name}".`);
    });
}
