import { z } from "zod";
import type { Principal } from "../auth/principal";
import type { Operation } from "../auth/scopes";
import {
  DEFAULT_PER_PAGE,
  defaultCollectionOptions,
  jsonFilter,
  MAX_PAGE,
  MAX_PER_PAGE,
  type CollectionSpec,
  type JsonFilter,
  type OptionsOf,
  type Page,
} from "../collections";
import type { AnyObject, ListEndpoint, ShapeOf } from "../http/endpoint";
import { operationProcedure } from "./init";
import { locationShape, type JsonShape } from "./procedure-of";

type Filters = Record<string, z.ZodType>;
type PagingShape<S extends string, F extends Filters> = {
  page: z.ZodDefault<z.ZodInt>;
  perPage: z.ZodDefault<z.ZodInt>;
  sortBy: z.ZodOptional<z.ZodEnum<{ [K in S]: K }>>;
  order: z.ZodOptional<z.ZodEnum<{ asc: "asc"; desc: "desc" }>>;
} & { [K in keyof F]: z.ZodOptional<JsonFilter<F[K]>> };

/**
 * A list's input, from the collection spec REST reads its query string with: the same page and
 * perPage (defaults and maxima), sortBy and order, and the same filters as top-level fields (REST
 * has them as query parameters), next to the procedure's own fields (`bookId` …). Strict: an
 * unknown name is refused, as REST refuses an unknown query parameter.
 */
export function listInput<S extends string, F extends Filters, P extends z.ZodRawShape>(spec: CollectionSpec<S, F>, own: P) {
  const filters = Object.fromEntries(Object.entries(spec.filters).map(([name, filter]) => [name, jsonFilter(filter).optional()]));
  const clash = Object.keys(own).find((name) => name in filters || ["page", "perPage", "sortBy", "order"].includes(name));
  if (clash) throw new Error(`"${clash}" is both a field of the procedure and of its collection`);
  const paging = {
    page: z.int().min(1).max(MAX_PAGE).default(1),
    perPage: z.int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    sortBy: z.enum(spec.sortable as readonly string[] as [S, ...S[]]).optional(),
    order: z.enum(["asc", "desc"]).optional().describe("defaults to \"asc\" when sortBy is given"),
    ...filters,
  } as PagingShape<S, F>;
  return z.strictObject({ ...own, ...paging });
}

type ListInput<O extends z.ZodType, P extends z.ZodRawShape> = [keyof P] extends [never] ? z.ZodPrefault<O> : O;

/** A list's output: REST's page as one object, so the total and the page asked for are not lost. */
export function pageSchema<I extends z.ZodType>(item: I) {
  return z.object({ items: z.array(item), total: z.int().min(0), page: z.int().min(1), perPage: z.int().min(1) });
}

/**
 * The list procedure of a collection endpoint declared by its data (`defineListEndpoint`): its
 * path parameters and query (as JSON carries it) are the procedure's own fields, beside the
 * collection's paging, sorting and filters; it calls the same `list` and answers REST's page.
 */
export function listProcedureOf<P extends AnyObject, Q extends AnyObject, S extends string, F extends Filters, I extends z.ZodType>(
  endpoint: ListEndpoint<P, Q, CollectionSpec<S, F>, I>,
) {
  const own = locationShape(endpoint) as ShapeOf<P> & JsonShape<ShapeOf<Q>>;
  return listProcedure({
    operation: endpoint.operation!,
    collection: endpoint.collection,
    own,
    item: endpoint.success.schema.element,
    derivedFrom: `GET ${endpoint.path}`,
    list: (input, options, principal) => endpoint.list(input as z.output<P> & z.output<Q>, options, principal),
  });
}

/**
 * A list procedure built from a collection spec: `list` gets the procedure's own fields and the
 * collection's options, and answers REST's page. Lists that REST declares are derived from their
 * endpoint (listProcedureOf); by hand only where the two differ.
 */
export function listProcedure<S extends string, F extends Filters, P extends z.ZodRawShape, I extends z.ZodType>(config: {
  operation: Operation;
  /** the REST endpoint it is derived from (`GET /api/v1/books`) */
  derivedFrom?: string;
  collection: CollectionSpec<S, F>;
  /** the procedure's own fields, as REST's path parameters and query name them */
  own: P;
  item: I;
  list(own: z.output<z.ZodObject<P>>, options: OptionsOf<CollectionSpec<S, F>>, principal: Principal): Promise<Page<z.input<I>>>;
}) {
  const { collection: spec } = config;
  const strict = listInput(spec, config.own);
  // A list with no fields of its own may be called with no input at all: books.list().
  const input = (Object.keys(config.own).length === 0 ? strict.prefault({} as z.input<typeof strict>) : strict) as ListInput<typeof strict, P>;
  const collection = spec as unknown as CollectionSpec<string, Filters>;
  return operationProcedure(config.operation, { collection, derivedFrom: config.derivedFrom })
    .input(input)
    .output(pageSchema(config.item))
    .query(({ input, ctx }) => {
      const { page, perPage, sortBy, order, ...rest } = input as z.output<typeof strict> & Record<string, unknown>;
      const filters = Object.fromEntries(Object.keys(spec.filters).flatMap((name) => (rest[name] === undefined ? [] : [[name, rest[name]]])));
      const own = Object.fromEntries(Object.keys(config.own).map((name) => [name, rest[name]])) as z.output<z.ZodObject<P>>;
      const options = defaultCollectionOptions(spec, { page, perPage, sortBy, order, filters } as Partial<OptionsOf<CollectionSpec<S, F>>>);
      return config.list(own, options as OptionsOf<CollectionSpec<S, F>>, ctx.principal);
    });
}
