import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { safeFileName } from "../convert/file-name";
import { loadBibleBook, toEntryDtos, visibleEntries } from "./entries";
import { relationsOf } from "./relations";
import { BUILT_IN_KINDS, type EntryDto } from "./schemas";

export const KIND_TITLES: Record<string, string> = { character: "Characters", place: "Places", object: "Objects", group: "Groups", lore: "Lore" };

/** The kinds the entries hold: the built-in ones in their order, then the writer's own, alphabetically. */
export function kindsOf(entries: readonly { kind: string }[]): string[] {
  const builtIn: readonly string[] = BUILT_IN_KINDS;
  return [...builtIn.filter((kind) => entries.some((e) => e.kind === kind)), ...[...new Set(entries.map((e) => e.kind))].filter((k) => !builtIn.includes(k)).sort()];
}

// GET /api/v1/books/{bookId}/bible/export — the bible as one Markdown document
export async function exportBibleMarkdown(input: { bookId: string }, principal: Principal): Promise<{ fileName: string; markdown: string }> {
  authorize(principal, "bible.export");
  const book = await loadBibleBook(principal, input.bookId, "bible.export");
  const entries = await toEntryDtos(book.id, await visibleEntries(sql, book).selectAll().orderBy("name").orderBy("id").execute());
  const relations = await relationsOf(book);
  const kinds = kindsOf(entries);
  const lines = [`# ${book.title} — story bible`, ""];
  for (const kind of kinds) {
    lines.push(`## ${KIND_TITLES[kind] ?? kind}`, "");
    for (const entry of entries.filter((e) => e.kind === kind)) lines.push(...entrySection(entry, relations), "");
  }
  if (entries.length === 0) lines.push("_No entries yet._", "");
  return { fileName: safeFileName(`${book.title} - bible`, "md"), markdown: lines.join("\n") };
}

function entrySection(entry: EntryDto, relations: { fromId: string; toId: string; label: string; from: { name: string }; to: { name: string } }[]): string[] {
  const lines = [`### ${entry.name}`, ""];
  if (entry.aliases.length) lines.push(`*Also:* ${entry.aliases.join(", ")}`, "");
  const status = [entry.status.note, entry.status.exitChapter ? `exits in chapter ${entry.status.exitChapter.position} (${entry.status.exitChapter.title})` : ""].filter(Boolean).join("; ");
  if (status) lines.push(`*Status:* ${status}`, "");
  if (entry.scope === "series") lines.push("*Series entry*", "");
  if (entry.description) lines.push(entry.description, "");
  if (entry.fields.length) {
    lines.push("| Field | Value |", "| --- | --- |", ...entry.fields.map((f) => `| ${cell(f.key)} | ${cell(f.value)} |`), "");
  }
  const related = relations.filter((r) => r.fromId === entry.id || r.toId === entry.id);
  if (related.length) {
    lines.push(...related.map((r) => (r.fromId === entry.id ? `- ${r.label} ${r.to.name}` : `- ${r.from.name} ${r.label} ${entry.name}`)), "");
  }
  if (entry.tags.length) lines.push(`*Tags:* ${entry.tags.join(", ")}`, "");
  return lines;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\r?\n/g, "<br>");
}
