import type { Chapter } from "../convert/engine/model";
import { sql } from "../db";
import { toEntryDtos, visibleEntries } from "./entries";
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
  const { seriesId } = await sql.selectFrom("Book").select("seriesId").where("id", "=", book.id).executeTakeFirstOrThrow();
  const rows = await visibleEntries(sql, { id: book.id, seriesId }).selectAll().orderBy("name").orderBy("id").execute();
  if (rows.length === 0) return undefined;
  const entries = await toEntryDtos(book.id, rows);
  const chinese = /^zh\b/i.test(book.language);
  const lines: string[] = [];
  for (const kind of kindsOf(entries)) {
    lines.push(`## ${inline(chinese ? (CHINESE_KIND_TITLES[kind] ?? kind) : (KIND_TITLES[kind] ?? kind))}`, "");
    for (const entry of entries.filter((e) => e.kind === kind)) lines.push(...entryLines(entry, chinese), "");
  }
  return { title: chinese ? "设定集" : "Story Bible", markdown: lines.join("\n") };
}

const CHINESE_KIND_TITLES: Record<string, string> = { character: "人物", place: "地点", object: "物品", group: "组织", lore: "设定" };

function entryLines(entry: EntryDto, chinese: boolean): string[] {
  const lines = [`### ${inline(entry.name)}`, ""];
  if (entry.aliases.length) lines.push(`*${chinese ? "又名" : "Also"}:* ${entry.aliases.map(inline).join(chinese ? "、" : ", ")}`, "");
  // The description is the writer's own Markdown, as a chapter's text is.
  if (entry.description.trim()) lines.push(entry.description.trim(), "");
  for (const field of entry.fields) lines.push(`**${inline(field.key)}:** ${inline(field.value)}`, "");
  return lines;
}

/** A name or field as plain text in Markdown: every character that could start markup escaped, lines joined. */
function inline(text: string): string {
  return text.replace(/\s*\r?\n\s*/g, " ").replace(/[\\`*_[\]<>#~|!&]/g, "\\$&");
}
