import { z } from "zod";
import { AppError, fieldProblems } from "./errors";

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;

/** What a collection may be sorted and filtered by: a whitelist, so unknown names are refused. */
export interface CollectionSpec<S extends string, F extends Record<string, z.ZodType>> {
  sortable: readonly S[];
  defaultSort: S;
  defaultOrder: "asc" | "desc";
  filters: F;
}

interface CollectionOptions<S extends string, F extends Record<string, z.ZodType>> {
  page: number;
  perPage: number;
  sortBy: S;
  order: "asc" | "desc";
  filters: { [K in keyof F]?: z.output<F[K]> };
}

/** The options type of a collection spec made with defineCollection. */
export type OptionsOf<C> = C extends CollectionSpec<infer S, infer F> ? CollectionOptions<S, F> : never;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

export function defineCollection<S extends string, F extends Record<string, z.ZodType>>(spec: CollectionSpec<S, F>) {
  return spec;
}

/** A collection's options from what the caller gave (tRPC's lists, server components), the rest defaulted as REST does. */
export function defaultCollectionOptions<S extends string, F extends Record<string, z.ZodType>>(
  spec: CollectionSpec<S, F>,
  overrides: Partial<CollectionOptions<S, F>> = {},
): CollectionOptions<S, F> {
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)) as typeof overrides;
  // The default order belongs to the default sort; a sort the caller names runs ascending unless told.
  const order = given.order ?? (given.sortBy !== undefined ? "asc" : spec.defaultOrder);
  return { page: 1, perPage: DEFAULT_PER_PAGE, sortBy: spec.defaultSort, filters: {}, ...given, order };
}

// Far past any real collection, and small enough that (page - 1) * per_page stays a safe integer.
export const MAX_PAGE = 1_000_000;
const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE);
// Made once: a zod schema costs more to build than to use, and every list request reads per_page.
const perPageNumber = pageNumber.max(MAX_PER_PAGE);

const NO_QUERY = z.object({});

/**
 * Reads `page`, `per_page`, `sortby`, `order` and `<field>=<value>` filters from a query string,
 * together with the endpoint's own parameters (`own`, e.g. `include` or `q`), in one pass: a name
 * neither knows, or a value that does not parse, is a 400 that lists every problem at once.
 */
export function parseCollectionQuery<S extends string, F extends Record<string, z.ZodType>, Q extends z.ZodObject = typeof NO_QUERY>(
  spec: CollectionSpec<S, F>,
  params: URLSearchParams,
  own?: Q,
): { options: CollectionOptions<S, F>; query: z.output<Q> } {
  const options: Partial<CollectionOptions<S, F>> = {};
  const problems: { path: string; message: string }[] = [];
  const filters: Record<string, unknown> = {};
  const ownShape = (own ?? NO_QUERY).shape;
  const ownValues: Record<string, string> = {};
  for (const [key, value] of params) {
    if (Object.hasOwn(ownShape, key)) {
      ownValues[key] = value;
    } else if (key === "page") {
      const parsed = pageNumber.safeParse(value);
      if (parsed.success) options.page = parsed.data;
      else problems.push({ path: key, message: "must be a whole number from 1" });
    } else if (key === "per_page") {
      const parsed = perPageNumber.safeParse(value);
      if (parsed.success) options.perPage = parsed.data;
      else problems.push({ path: key, message: `must be a whole number from 1 to ${MAX_PER_PAGE}` });
    } else if (key === "sortby") {
      if ((spec.sortable as readonly string[]).includes(value)) options.sortBy = value as S;
      else problems.push({ path: key, message: `cannot sort by "${value}"; use one of: ${spec.sortable.join(", ")}` });
    } else if (key === "order") {
      if (value === "asc" || value === "desc") options.order = value;
      else problems.push({ path: key, message: 'must be "asc" or "desc"' });
    } else if (Object.hasOwn(spec.filters, key)) {
      const parsed = (spec.filters[key] as z.ZodType).safeParse(value);
      if (parsed.success) filters[key] = parsed.data;
      else problems.push(...fieldProblems(parsed.error.issues).map((p) => ({ ...p, path: key })));
    } else {
      const known = [...Object.keys(spec.filters), ...Object.keys(ownShape)];
      problems.push({ path: key, message: `unknown parameter; filters and options here: ${known.join(", ") || "none"}` });
    }
  }
  const query = (own ?? NO_QUERY).safeParse(ownValues);
  if (!query.success) problems.push(...fieldProblems(query.error.issues));
  if (problems.length > 0 || !query.success) throw new AppError("invalid_query", "The query string asks for something this collection cannot do.", problems);
  return {
    options: defaultCollectionOptions(spec, { ...options, filters: filters as CollectionOptions<S, F>["filters"] }),
    query: query.data as z.output<Q>,
  };
}

/** The rows a page holds, as SQL's OFFSET and LIMIT. */
export function pageWindow(options: { page: number; perPage: number }) {
  return { offset: (options.page - 1) * options.perPage, limit: options.perPage };
}

/**
 * A page and the collection's total. The total is counted only when the page cannot tell it: a
 * short page ends the collection, so most writers' lists cost one query, not two.
 */
export async function pageOf<T>(
  options: { page: number; perPage: number },
  items: T[],
  count: () => Promise<number>,
): Promise<Page<T>> {
  const endsHere = items.length > 0 ? items.length < options.perPage : options.page === 1;
  const total = endsHere ? (options.page - 1) * options.perPage + items.length : await count();
  return { items, total, page: options.page, perPage: options.perPage };
}

const booleanText = z.enum(["true", "false"]);
export const booleanFilter = booleanText.transform((v) => v === "true");

/** A filter as JSON carries it (tRPC): what a query string spells "true"/"false" is a boolean there. */
export type JsonFilter<T extends z.ZodType> = z.output<T> extends boolean ? z.ZodBoolean : T;

export function jsonFilter<T extends z.ZodType>(filter: T): JsonFilter<T> {
  // describe() copies a schema but keeps its parts, so every boolean filter still pipes booleanText.
  const boolean = filter instanceof z.ZodPipe && filter.in === booleanText;
  return (boolean ? z.boolean().describe(filter.description ?? "") : filter) as JsonFilter<T>;
}

/** A query parameter as JSON carries it (a procedure derived from a GET): jsonFilter, optional or not. */
export type JsonField<T extends z.ZodType> = T extends z.ZodOptional<infer I extends z.ZodType> ? z.ZodOptional<JsonFilter<I>> : JsonFilter<T>;

export function jsonField<T extends z.ZodType>(field: T): JsonField<T> {
  if (!(field instanceof z.ZodOptional)) return jsonFilter(field) as JsonField<T>;
  const json = jsonFilter(field.unwrap() as z.ZodType).optional();
  return (field.description === undefined ? json : json.describe(field.description)) as JsonField<T>;
}
