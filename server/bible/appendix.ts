import type { Chapter } from "../convert/engine/model";
import { sql } from "../db";
import { toEntryDtos, visibleEntries, withSeries } from "./entries";
import { KIND_TITLES, kindsOf } from "./export-bible";
import type { EntryDto } from "./schemas";

/**
 * The book's bible as back matter for an export (issue 21 item 7): one appendix after the last
 * chapter, its entries grouped by kind (characters, places, objects, groups, lore, then the
 * writer's own kinds), each with its name, aliases, description and fields, in Markdown as a
 * chapter is written, so every format's writer prints it as it prints the book. Undefined when the
 * bible is empty: an appendix with nothing in it is no page a reader wants.
 *
 * The caller has already authorised the export (books.export reads the book as a whole).
 */
export async function bibleAppendix(book: { id: string; language: string }): Promise<Chapter | undefined> {
  const rows = await visibleEntries(sql, await withSeries(book)).selectAll().orderBy("name").orderBy("id").execute();
  if (rows.length === 0) return undefined;
  const entries = await toEntryDtos(book.id, rows);
  const chinese = /^zh\b/i.test(book.language);
  const lines: string[] = [];
  for (const kind of kindsOf(entries)) {
    lines.push(`## ${inlineMarkdown(chinese ? (CHINESE_KIND_TITLES[kind] ?? kind) : (KIND_TITLES[kind] ?? kind))}`, "");
    for (const entry of entries.filter((e) => e.kind === kind)) lines.push(...entryLines(entry, chinese), "");
  }
  return { title: chinese ? "设定集" : "Story Bible", markdown: lines.join("\n") };
}

const CHINESE_KIND_TITLES: Record<string, string> = { character: "人物", place: "地点", object: "物品", group: "组织", lore: "设定" };

function entryLines(entry: EntryDto, chinese: boolean): string[] {
  const lines = [`### ${inlineMarkdown(entry.name)}`, ""];
  if (entry.aliases.length) lines.push(`*${chinese ? "又名" : "Also"}:* ${entry.aliases.map(inlineMarkdown).join(chinese ? "、" : ", ")}`, "");
  // The description is the writer's own Markdown, as a chapter's text is.
  if (entry.description.trim()) lines.push(entry.description.trim(), "");
  for (const field of entry.fields) lines.push(`**${inlineMarkdown(field.key)}:** ${inlineMarkdown(field.value)}`, "");
  return lines;
}

/**
 * A name or field as plain text in Markdown: every character that could start markup escaped,
 * lines joined (a run of white space holding a line break becomes one space). Each run is matched
 * once: the pattern before (optional white space, a line break, optional white space) retried a
 * run from each of its spaces, and a field of 2,000 spaces took 10 ms on the request thread, a
 * full bible of them minutes.
 */
export function inlineMarkdown(text: string): string {
  return text.replace(/\s+/g, (run) => (run.includes("\n") ? " " : run)).replace(/[\\`*_[\]<>#~|!&]/g, "\\$&");
}
