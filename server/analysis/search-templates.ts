import { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { defineCollection, pageWindow, type OptionsOf, type Page } from "../collections";
import { sql as rawSql, type ExpressionBuilder } from "kysely";
import { sql } from "../db";
import type { DB } from "../generated/kysely/database";
import { countOf } from "../sql/count";
import { normaliseForSearch } from "./search-text";
import { TEMPLATE_CATEGORIES, TEMPLATE_LANGUAGES, type TemplateSummaryDto } from "./schemas";
import { selectTemplateSummaries, toTemplateSummary, visibleTo } from "./templates";

export const templatesCollection = defineCollection({
  sortable: ["relevance", "installs", "name", "updated"] as const,
  defaultSort: "relevance",
  defaultOrder: "desc",
  filters: {
    category: z.enum(TEMPLATE_CATEGORIES),
    tag: z.string().trim().min(1).max(40),
    language: z.enum(TEMPLATE_LANGUAGES),
    author: z.string().min(1).max(64).describe("the author's user id"),
  },
});
export type SearchTemplatesOptions = OptionsOf<typeof templatesCollection> & { q?: string };

/**
 * Search ranks at most this many matches (the most installed first); pages past them are empty,
 * while the total still counts every match. Ranking and sorting happen here rather than in SQL, so
 * SQLite and PostgreSQL (whose collations and text search differ) answer the same pages.
 */
export const SEARCH_CANDIDATES = 1000;
export const SEARCH_QUERY_MAX = 200;

/**
 * Words of the query, normalised as the stored text is (`normaliseForSearch`: case, accents,
 * apostrophes and punctuation do not matter); a run of CJK characters stays one term (matched as a
 * substring).
 */
function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return [...new Set(normaliseForSearch(q).split(" ").filter((t) => t.length > 0))].slice(0, 12);
}

/** `column` holds `text` (LIKE with its wildcards escaped, as Prisma's `contains` did). */
function contains(eb: ExpressionBuilder<DB, "AnalysisTemplate">, column: "searchText" | "tags", text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, "\\$&")}%`;
  return rawSql<boolean>`${eb.ref(`AnalysisTemplate.${column}`)} like ${pattern} escape '\\'`;
}

const escaped = (term: string) => term.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const WORD_START = (text: string, term: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${escaped(term)}`, "u").test(text);

/** How well one template matches: the name counts most, then a whole tag, then the summary. */
function relevance(template: TemplateSummaryDto, terms: string[]): number {
  const name = normaliseForSearch(template.name);
  const summary = normaliseForSearch(template.summary);
  const tags = template.tags.map(normaliseForSearch);
  let score = 0;
  for (const term of terms) {
    if (name === term) score += 12;
    else if (name.includes(term)) score += WORD_START(name, term) ? 8 : 5;
    if (tags.includes(term)) score += 6;
    else if (tags.some((t) => t.includes(term))) score += 3;
    if (summary.includes(term)) score += WORD_START(summary, term) ? 2 : 1;
  }
  return score;
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function comparator(options: SearchTemplatesOptions, scores: Map<string, number>) {
  const sign = options.order === "asc" ? 1 : -1;
  const byName = (a: TemplateSummaryDto, b: TemplateSummaryDto) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id);
  const primary: Record<SearchTemplatesOptions["sortBy"], (a: TemplateSummaryDto, b: TemplateSummaryDto) => number> = {
    relevance: (a, b) => (scores.get(a.id)! - scores.get(b.id)!) || a.installs - b.installs,
    installs: (a, b) => a.installs - b.installs,
    name: byName,
    updated: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
  };
  return (a: TemplateSummaryDto, b: TemplateSummaryDto) => sign * primary[options.sortBy](a, b) || byName(a, b);
}

// GET /api/v1/analysis/search — published templates and the caller's own, matching every word of q
// (or, when none does, all words of it but one).
export async function searchTemplates(options: SearchTemplatesOptions, principal: Principal): Promise<Page<TemplateSummaryDto>> {
  authorize(principal, "analysis.search");
  const terms = searchTerms(options.q);
  const { category, tag, language, author } = options.filters;
  let filtered = selectTemplateSummaries().where(visibleTo(principal));
  if (category) filtered = filtered.where("AnalysisTemplate.category", "=", category);
  if (language) filtered = filtered.where("AnalysisTemplate.language", "=", language);
  if (author) filtered = filtered.where("AnalysisTemplate.authorId", "=", author);
  if (tag) filtered = filtered.where((eb) => contains(eb, "tags", JSON.stringify(tag.toLowerCase())));
  const candidates = (query: typeof filtered) =>
    query.orderBy("AnalysisTemplate.installs", "desc").orderBy("AnalysisTemplate.id", "asc").limit(SEARCH_CANDIDATES).execute();
  let matching = filtered;
  for (const term of terms) matching = matching.where((eb) => contains(eb, "searchText", term));
  let rows = await candidates(matching);
  // Forgiving: when no template holds every word ("heros journy"), those holding all words but
  // one, best first, rather than nothing (any one word alone would answer a sentence with noise).
  if (rows.length === 0 && terms.length > 1) {
    matching = filtered.where((eb) =>
      eb.or(terms.map((_, skipped) => eb.and(terms.filter((_, i) => i !== skipped).map((term) => contains(eb, "searchText", term))))),
    );
    rows = await candidates(matching);
  }
  // Ranking reads only the rows; whether the caller installed a template matters for the page alone,
  // and asking for 1,000 ids at once passes SQLite's limit on bound parameters.
  const templates = rows.map((row) => toTemplateSummary(row, false));
  const scores = new Map(templates.map((t) => [t.id, relevance(t, terms)]));
  templates.sort(comparator(options, scores));
  const { offset, limit } = pageWindow(options);
  const items = templates.slice(offset, offset + limit);
  const onPage = items.map((t) => t.id);
  const installed = new Set(
    onPage.length === 0
      ? []
      : (await sql.selectFrom("AnalysisInstall").select("templateId").where("userId", "=", principal.userId).where("templateId", "in", onPage).execute()).map(
          (i) => i.templateId,
        ),
  );
  // A full candidate list may have left matches out: the total counts them all (docs/api.md).
  const total = rows.length < SEARCH_CANDIDATES ? rows.length : await countOf(matching);
  return { items: items.map((t) => ({ ...t, installed: installed.has(t.id) })), total, page: options.page, perPage: options.perPage };
}
