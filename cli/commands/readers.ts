import type { Command } from "commander";
import { readersReportSchema, sharingInput, sharingSchema, type ReadersReportDto } from "../../server/readers/schemas";
import { snapshotsSchema } from "../../server/snapshots/schemas";
import type { ApiClient } from "../client";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { jsonFields } from "../json-output";
import { printResult, printRows } from "../output";

// `inkstone readers`: beta readers on a shared snapshot (issue 36 item 5, decision 0497), the owner's side.

const bookPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}`;

/** A snapshot named by its id or its name (letter case aside). */
async function snapshotIdOf(client: ApiClient, bookId: string, ref: string): Promise<string> {
  const list = await client.data("GET", `${bookPath(bookId)}/snapshots`, {}, snapshotsSchema);
  const wanted = ref.trim().toLowerCase();
  const found = list.find((s) => s.id === ref) ?? list.find((s) => s.name.toLowerCase() === wanted);
  if (!found) throw new CliError(`This book has no snapshot "${ref}"; inkstone snapshots list ${bookId} shows its snapshots`);
  return found.id;
}

async function report(client: ApiClient, bookId: string, snapshot: string | undefined): Promise<ReadersReportDto> {
  const snapshotId = snapshot === undefined ? undefined : await snapshotIdOf(client, bookId, snapshot);
  return client.data("GET", `${bookPath(bookId)}/readers`, { query: { snapshotId } }, readersReportSchema);
}

type Chapter = ReadersReportDto["chapters"][number];
type Stop = Chapter["stops"][number] & { chapter: string };
type Reacted = Chapter["reactions"][number] & { chapter: string };
type Said = Chapter["comments"][number] & { chapter: string };

export function registerReaders(program: Command): void {
  const readers = program.command("readers").description("beta readers: share a snapshot with them; where they stopped, what they reacted to and said, per chapter (owner only)");

  jsonFields(readers.command("share <bookId> [snapshot]"), sharingSchema)
    .description("share a snapshot (by id or name) with the book's readers; --none shares none")
    .option("--none", "share no snapshot: readers read nothing")
    .option("--names", "name readers in your view (default: Reader 1, 2 …)")
    .action(async (bookId: string, snapshot: string | undefined, options: { none?: boolean; names?: boolean }, command: Command) => {
      const { client, json } = context(command);
      if (!snapshot && !options.none) throw new CliError("name the snapshot to share, or --none to share none");
      if (snapshot && options.none) throw new CliError("name a snapshot or --none, not both");
      const snapshotId = snapshot ? await snapshotIdOf(client, bookId, snapshot) : null;
      const body = checkInput(sharingInput, { snapshotId, showNames: options.names ?? false });
      const shared = await client.data("PUT", `${bookPath(bookId)}/readers/sharing`, { json: body }, sharingSchema);
      const names = shared.showNames ? "named" : "numbered";
      printResult(json, shared, shared.snapshot ? `Readers read "${shared.snapshot.name}"; your view shows them ${names}.` : "No snapshot is shared with readers.");
    });

  jsonFields(readers.command("progress <bookId>", { isDefault: true }), readersReportSchema)
    .description("per chapter: how many readers started and finished it, and where each stopped")
    .option("--snapshot <snapshot>", "another snapshot than the one shared (id or name)")
    .action(async (bookId: string, options: { snapshot?: string }, command: Command) => {
      const { client, json } = context(command);
      const data = await report(client, bookId, options.snapshot);
      if (json) return printResult(true, data, "");
      if (!data.snapshotId) return printResult(false, data, "No snapshot is shared with readers; inkstone readers share <bookId> <snapshot>.");
      printRows<Chapter>(
        false,
        data.chapters,
        [
          { heading: "#", value: (c) => c.position },
          { heading: "chapter", value: (c) => c.title },
          { heading: "started", value: (c) => c.started },
          { heading: "finished", value: (c) => c.finished },
          { heading: "stopped at", value: (c) => c.stops.filter((s) => !s.finished).map((s) => `${s.reader}: ¶${s.paragraph + 1}`).join(", ") },
        ],
        "the snapshot holds no chapters",
      );
    });

  jsonFields(readers.command("reactions <bookId>"), readersReportSchema)
    .description("reactions per paragraph, chapter by chapter")
    .option("--snapshot <snapshot>", "another snapshot than the one shared (id or name)")
    .option("--chapter <chapterId>", "one chapter only")
    .action(async (bookId: string, options: { snapshot?: string; chapter?: string }, command: Command) => {
      const { client, json } = context(command);
      const data = await report(client, bookId, options.snapshot);
      const chapters = data.chapters.filter((c) => !options.chapter || c.chapterId === options.chapter);
      if (options.chapter && chapters.length === 0) throw new CliError(`The snapshot holds no chapter ${options.chapter}`);
      const rows: Reacted[] = chapters.flatMap((c) => c.reactions.map((r) => ({ ...r, chapter: c.title })));
      printRows<Reacted>(
        json,
        rows,
        [
          { heading: "chapter", value: (r) => r.chapter },
          { heading: "¶", value: (r) => r.paragraph + 1 },
          { heading: "reactions", value: (r) => Object.entries(r.counts).map(([emoji, n]) => `${emoji} ${n}`).join("  ") },
          { heading: "paragraph", value: (r) => r.excerpt },
        ],
        "no reactions yet",
      );
    });

  jsonFields(readers.command("stops <bookId>"), readersReportSchema)
    .description("where each reader is in each chapter they opened")
    .option("--snapshot <snapshot>", "another snapshot than the one shared (id or name)")
    .action(async (bookId: string, options: { snapshot?: string }, command: Command) => {
      const { client, json } = context(command);
      const data = await report(client, bookId, options.snapshot);
      const rows: Stop[] = data.chapters.flatMap((c) => c.stops.map((s) => ({ ...s, chapter: c.title })));
      printRows<Stop>(
        json,
        rows,
        [
          { heading: "reader", value: (s) => s.reader },
          { heading: "chapter", value: (s) => s.chapter },
          { heading: "¶", value: (s) => s.paragraph + 1 },
          { heading: "finished", value: (s) => (s.finished ? "yes" : "") },
          { heading: "paragraph", value: (s) => s.excerpt },
        ],
        "nobody has read yet",
      );
    });

  jsonFields(readers.command("comments <bookId>"), readersReportSchema)
    .description("what readers said about paragraphs (段评), chapter by chapter")
    .option("--snapshot <snapshot>", "another snapshot than the one shared (id or name)")
    .action(async (bookId: string, options: { snapshot?: string }, command: Command) => {
      const { client, json } = context(command);
      const data = await report(client, bookId, options.snapshot);
      const rows: Said[] = data.chapters.flatMap((c) => c.comments.map((said) => ({ ...said, chapter: c.title })));
      printRows<Said>(
        json,
        rows,
        [
          { heading: "reader", value: (c) => c.reader },
          { heading: "chapter", value: (c) => c.chapter },
          { heading: "¶", value: (c) => c.paragraph + 1 },
          { heading: "comment", value: (c) => c.body },
          { heading: "paragraph", value: (c) => c.excerpt },
        ],
        "no comments yet",
      );
    });
}
