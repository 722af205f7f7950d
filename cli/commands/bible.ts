import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { z } from "zod";
import {
  checksSchema,
  createRelationInput,
  entryMentionsSchema,
  entryNamesSchema,
  entrySchema,
  importEntriesInput,
  importResultSchema,
  patchRelationInput,
  relationListSchema,
  relationSchema,
  type RelationDto,
} from "../../server/bible/schemas";
import type { ApiClient } from "../client";
import { context } from "../context";
import { jsonFields } from "../json-output";
import { checkInput, CliError, fileError } from "../errors";
import { writeLocalFile } from "../files";
import { printJson, printRecord, printResult, printRows } from "../output";

const bible = (bookId: string, rest = "") => `/api/v1/books/${encodeURIComponent(bookId)}/bible${rest}`;

/**
 * Fields of CSV text: quoted fields may hold commas, quotes ("") and line breaks (RFC 4180). A
 * quote never closed is refused: read on, it would swallow every row after it into one field.
 */
export function parseCsv(text: string, file: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let quoteLine = 0;
  const endField = () => {
    row.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) line++;
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
      quoteLine = line;
    } else if (c === ",") endField();
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      line++;
      endField();
      rows.push(row);
      row = [];
    } else field += c;
  }
  if (quoted) throw new CliError(`${file}: the quote opened on line ${quoteLine} is never closed`);
  if (field !== "" || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ""));
}

const list = (value: string | undefined) => (value ? value.split(";").map((s) => s.trim()).filter(Boolean) : []);

/**
 * Entries from a CSV file (a header row naming name, kind, aliases, description, tags, status,
 * fields; lists separated by ";", fields as key=value) or a JSON file (an array of entries, or
 * {entries: […]}).
 */
export function readEntries(file: string): unknown[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  } catch (error) {
    throw fileError("read", file, error);
  }
  if (/\.json$/i.test(file) || /^\s*[[{]/.test(text)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new CliError(`${file}: not valid JSON (${(error as Error).message})`);
    }
    const entries = Array.isArray(value) ? value : (value as { entries?: unknown } | null)?.entries;
    if (!Array.isArray(entries)) throw new CliError(`${file}: expected a JSON array of entries, or {"entries": […]}`);
    return entries;
  }
  const [head, ...rows] = parseCsv(text, file);
  if (!head) throw new CliError(`${file}: no rows`);
  const columns = head.map((name) => name.trim().toLowerCase());
  if (!columns.includes("name")) throw new CliError(`${file}: the header row must name a "name" column`);
  return rows.map((cells) => {
    const at = (name: string) => {
      const index = columns.indexOf(name);
      return index >= 0 ? cells[index]?.trim() : undefined;
    };
    return {
      name: at("name"),
      ...(at("kind") && { kind: at("kind") }),
      aliases: list(at("aliases")),
      ...(at("description") && { description: at("description") }),
      tags: list(at("tags")),
      ...(at("status") && { status: { note: at("status") } }),
      fields: list(at("fields")).map((pair) => {
        const [key, ...value] = pair.split("=");
        return { key: key!.trim(), value: value.join("=").trim() };
      }),
    };
  });
}

/** An entry of the book named by its id, its name or an alias. */
async function findEntry(client: ApiClient, bookId: string, wanted: string) {
  const names = await client.data("GET", bible(bookId, "/names"), {}, entryNamesSchema);
  const match = names.find((e) => e.id === wanted) ?? names.find((e) => e.name === wanted || e.aliases.includes(wanted));
  if (!match) throw new CliError(`no entry of this book is called "${wanted}": see inkstone bible list ${bookId}`);
  return match;
}

const relationPath = (bookId: string, relationId: string) => bible(bookId, `/relations/${encodeURIComponent(relationId)}`);

/** inkstone bible relations list|add|label|remove: who is what to whom, the graph of the bible page. */
function registerRelations(command: Command): void {
  const relations = command.command("relations").description("relations between entries: \"Mara\" sister of \"Ivo\"");

  jsonFields(relations.command("list <bookId>"), relationSchema)
    .description("every relation among the book's entries")
    .action(async (bookId: string, _options: unknown, cmd: Command) => {
      const { client, json } = context(cmd);
      const list = await client.data("GET", bible(bookId, "/relations"), {}, relationListSchema);
      printRows<RelationDto>(json, list, [
        { heading: "id", value: (r) => r.id },
        { heading: "from", value: (r) => r.from.name },
        { heading: "label", value: (r) => r.label },
        { heading: "to", value: (r) => r.to.name },
      ], `no relations yet: inkstone bible relations add ${bookId} <from> <label> <to>`);
    });

  relations
    .command("add <bookId> <from> <label> <to>")
    .description('relate two entries (by id, name or alias): <from> is <label> <to>, e.g. Mara "sister of" Ivo')
    .action(async (bookId: string, from: string, label: string, to: string, _options: unknown, cmd: Command) => {
      const { client, json } = context(cmd);
      const [fromEntry, toEntry] = [await findEntry(client, bookId, from), await findEntry(client, bookId, to)];
      const body = checkInput(createRelationInput, { fromId: fromEntry.id, toId: toEntry.id, label });
      const relation = await client.data("POST", bible(bookId, "/relations"), { json: body }, relationSchema);
      printResult(json, relation, `${relation.from.name} is ${relation.label} ${relation.to.name} (${relation.id})`);
    });

  relations
    .command("label <bookId> <relationId> <label>")
    .description("relabel a relation")
    .action(async (bookId: string, relationId: string, label: string, _options: unknown, cmd: Command) => {
      const { client, json } = context(cmd);
      const relation = await client.data("PATCH", relationPath(bookId, relationId), { json: checkInput(patchRelationInput, { label }) }, relationSchema);
      printResult(json, relation, `${relation.from.name} is ${relation.label} ${relation.to.name} (${relation.id})`);
    });

  relations
    .command("remove <bookId> <relationId>")
    .description("delete a relation")
    .action(async (bookId: string, relationId: string, _options: unknown, cmd: Command) => {
      const { client, json } = context(cmd);
      await client.data("DELETE", relationPath(bookId, relationId));
      printResult(json, { id: relationId, deleted: true }, `Removed relation ${relationId}.`);
    });
}

export function registerBible(program: Command): void {
  const command = program.command("bible").description("a book's story bible: characters, places, things and lore, found by name in every chapter");

  jsonFields(command.command("list <bookId>"), entryNamesSchema)
    .description("the book's entries (its own and its series')")
    .option("--kind <kind>", "only this kind (character, place, object, group, lore …)")
    .action(async (bookId: string, options: { kind?: string }, cmd: Command) => {
      const { client, json } = context(cmd);
      const names = await client.data("GET", bible(bookId, "/names"), {}, entryNamesSchema);
      const rows = names.filter((entry) => !options.kind || entry.kind === options.kind).sort((a, b) => a.name.localeCompare(b.name));
      printRows(json, rows, [
        { heading: "id", value: (e) => e.id },
        { heading: "name", value: (e) => e.name },
        { heading: "kind", value: (e) => e.kind },
        { heading: "aliases", value: (e) => e.aliases.join(", ") },
        { heading: "scope", value: (e) => e.scope },
      ], "no entries yet: inkstone bible add <bookId> <name>");
    });

  command
    .command("show <bookId> <entry>")
    .description("one entry (by id or name) and where it appears")
    .action(async (bookId: string, wanted: string, _options: unknown, cmd: Command) => {
      const { client, json } = context(cmd);
      const match = await findEntry(client, bookId, wanted);
      const entry = await client.data("GET", bible(bookId, `/entries/${encodeURIComponent(match.id)}`), {}, entrySchema);
      const mentions = await client.data("GET", bible(bookId, `/entries/${encodeURIComponent(match.id)}/mentions`), { query: { perPage: 5 } }, entryMentionsSchema);
      if (json) return printJson({ entry, mentions });
      printRecord(false, {
        name: entry.name,
        kind: entry.kind,
        aliases: entry.aliases.join(", "),
        description: entry.description,
        status: [entry.status.note, entry.status.exitChapter ? `exits in chapter ${entry.status.exitChapter.position}` : ""].filter(Boolean).join("; "),
        tags: entry.tags.join(", "),
        // a name that will over-match (飞, 许, "May") is said where the entry is read, not only when it is added
        ...(entry.warnings.length > 0 ? { warnings: entry.warnings.map((w) => w.message).join(" ") } : {}),
        ...Object.fromEntries(entry.fields.map((f) => [f.key, f.value])),
        mentions: `${mentions.total} in ${mentions.chapters.length} chapters`,
        first: mentions.first ? `chapter ${mentions.first.position} (${mentions.first.chapterTitle})` : "—",
        last: mentions.last ? `chapter ${mentions.last.position} (${mentions.last.chapterTitle})` : "—",
        id: entry.id,
      });
    });

  command
    .command("add <bookId> <name>")
    .description("add an entry")
    .option("--kind <kind>", "character, place, object, group, lore, or your own", "character")
    .option("--alias <alias...>", "other names it is found by")
    .option("--description <text>", "a short description")
    .option("--tag <tag...>", "tags")
    .option("--series", "an entry of the book's series (so of each of its books)")
    .action(async (bookId: string, name: string, options: { kind: string; alias?: string[]; description?: string; tag?: string[]; series?: boolean }, cmd: Command) => {
      const { client, json } = context(cmd);
      const body = { name, kind: options.kind, aliases: options.alias ?? [], description: options.description ?? "", tags: options.tag ?? [], scope: options.series ? "series" : "book" };
      const entry = await client.data("POST", bible(bookId, "/entries"), { json: body }, entrySchema);
      const warnings = entry.warnings.map((w) => `\n  note: ${w.message}`).join("");
      printResult(json, entry, `added ${entry.kind} "${entry.name}" (${entry.id})${warnings}`);
    });

  command
    .command("import <bookId> <file>")
    .description("import entries from a CSV file (columns name, kind, aliases, description, tags, status, fields; lists separated by ;) or a JSON file")
    .option("--skip-duplicates", "leave out entries whose name or alias is taken (default: import nothing)")
    .action(async (bookId: string, file: string, options: { skipDuplicates?: boolean }, cmd: Command) => {
      const { client, json } = context(cmd);
      const body = checkInput(importEntriesInput, { entries: readEntries(file) as z.input<typeof importEntriesInput>["entries"], onDuplicate: options.skipDuplicates ? "skip" : "fail" });
      const result = await client.data("POST", bible(bookId, "/import"), { json: body }, importResultSchema);
      const skipped = result.skipped.map((s) => `\n  skipped row ${s.index + 1} "${s.name}": ${s.reason}`).join("");
      printResult(json, result, `imported ${result.created.length} entries${skipped}`);
    });

  command
    .command("export <bookId>")
    .description("the bible as Markdown, to standard output or a file")
    .option("-o, --output <file>", "write it to this file")
    .action(async (bookId: string, options: { output?: string }, cmd: Command) => {
      const { client } = context(cmd);
      const download = await client.download("GET", bible(bookId, "/export"));
      if (options.output) {
        writeLocalFile(options.output, download.bytes);
        process.stderr.write(`wrote ${options.output}\n`);
      } else process.stdout.write(new TextDecoder().decode(download.bytes));
    });

  command
    .command("checks <bookId>")
    .description("continuity findings: named after an exit, a likely typo of a name, a long absence")
    .option("--absence <chapters>", "a character absent for more than this many chapters is a finding", "10")
    .action(async (bookId: string, options: { absence: string }, cmd: Command) => {
      const { client, json } = context(cmd);
      const checks = await client.data("GET", bible(bookId, "/checks"), { query: { absence: options.absence } }, checksSchema);
      // The whole answer for scripts: without chaptersScanned, "no findings" reads like "nothing scanned".
      if (json) return printJson(checks);
      printRows(false, checks.findings, [
        { heading: "chapter", value: (f) => String(f.position) },
        { heading: "offset", value: (f) => String(f.offset) },
        { heading: "kind", value: (f) => f.kind },
        { heading: "entry", value: (f) => f.entryName },
        { heading: "finding", value: (f) => f.message },
      ], `no findings in ${checks.chaptersScanned} chapters`);
    });

  registerRelations(command);
}
