import { z } from "zod";
import type { Principal } from "../auth/principal";
import type { Operation } from "../auth/scopes";
import type { CollectionSpec, OptionsOf, Page } from "../collections";
import type { ErrorCode } from "../errors";
import { assertPrecondition, type Validators } from "../preconditions";
import { notModified, notModifiedResponse, preconditionOf, validatorHeaders } from "./conditional";
import { noContent, paged, success } from "./envelope";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

export type AnyObject = z.ZodType<Record<string, unknown>>;
export type AnyCollection = CollectionSpec<string, Record<string, z.ZodType>>;

export type ShapeOf<T> = T extends z.ZodObject<infer S> ? S : Record<never, never>;
/**
 * An operation's input as one strict object: its path parameters, query and body side by side, or
 * the body under one name (K, `changes`) when it says so. What `run` is given; its tRPC procedure
 * takes the same, with the query as JSON (server/trpc/procedure-of.ts).
 */
export type OperationInput<P, Q, B, K extends string = never> = z.ZodObject<
  ShapeOf<P> & ShapeOf<Q> & ([K] extends [never] ? ShapeOf<B> : { [N in K]: B }),
  z.core.$strict
>;
/** What `run` answers: the success schema's data (REST's `data`, tRPC's result); nothing for a 204. */
export type RunOutput<S> = S extends z.ZodType ? z.input<S> : void;

/**
 * One REST endpoint, declared once: the /api route serves it (route-table.ts); the OpenAPI
 * document and the integration tests iterate over every declaration in `endpoints/index.ts`.
 */
export interface Endpoint<
  P extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
  Q extends AnyObject = AnyObject,
  C extends AnyCollection | undefined = AnyCollection | undefined,
  S extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: Method;
  /** OpenAPI-style path, e.g. /api/v1/books/{bookId} */
  path: string;
  summary: string;
  /** scope-table entry; null for endpoints anyone may call */
  operation: Operation | null;
  /** "optional": a credential is read if sent (sign-up, where an admin may add users) */
  auth: "required" | "optional" | "none";
  params?: P;
  /** query parameters other than a collection's (parsed strictly: unknown names are a 400) */
  query?: Q;
  /** paging, sorting and filters, parsed with `query` in one pass (the handler gets both) */
  collection?: C;
  /**
   * How the body is taken (`bodyMediaTypes`, which the body reader and the OpenAPI document both
   * read): JSON alone by default. `multipart: true`: JSON, or multipart/form-data whose parts are
   * the same fields as text, a `file` part standing for `content` (a chapter). `multipart:
   * "binary"`: multipart/form-data alone, file parts as their bytes (a picture, a manuscript):
   * JSON cannot carry a file's bytes, so it is refused with 415; `json: true` takes JSON too, for a
   * body whose file part is optional and has a text attribute in its stead (a conversion's
   * `content`), declared without the file parts.
   */
  body?: {
    schema: B;
    maxBytes?: number;
    multipart?: boolean | "binary";
    json?: boolean;
    /** `run` gets the body under this name beside the path parameters (`{ bookId, changes }`), not spread */
    under?: string;
    /**
     * Path parameters the body may repeat (the seed's chapter upload sends `bookId`): declared
     * optional in the body, taken when equal to the path's, 422 naming it otherwise, and left out
     * before the handler sees the body.
     */
    echoes?: readonly string[];
  };
  /** the attributes OPTIONS reports as changeable by a caller allowed to call this endpoint */
  writableAttributes?: readonly string[];
  /** the attributes the body must carry, reported by OPTIONS under the method (PUT's) */
  requiredAttributes?: readonly string[];
  /**
   * PUT takes back what GET gave: the resource's other attributes may come back in the body, and
   * are ignored when they equal the stored ones (`current` reads those); one that differs is 422.
   */
  readOnly?: { resource: z.ZodObject; current(context: HandlerContext<P, B, Q, C> & { principal: Principal }): Promise<Record<string, unknown>> };
  /**
   * A GET's record may be changed only in part by some who may read it (a template by its author;
   * an admin may only unpublish it): which of its attributes this caller may change, for OPTIONS.
   */
  changeable?(record: unknown, principal: Principal): readonly string[] | "all";
  /** request headers the endpoint reads (If-Match, Accept), for the OpenAPI document; the conditional ones are added from `preconditions` and `success.validators` */
  headers?: z.ZodObject;
  /**
   * A write that takes If-Match and If-Unmodified-Since (server/http/conditional.ts): `true`, the
   * record's, handed to `run` as `precondition` for its use case to check with the write (412);
   * `"collection"`, a POST that creates: its target, the collection, has no ETag, so If-Match `*`
   * holds and any entity tag is 412, checked before `run`.
   */
  preconditions?: true | "collection";
  success: {
    status: number;
    description: string;
    schema?: S;
    paged?: boolean;
    headers?: string[];
    /** the values of those headers, from the data `run` answered (an ETag); REST only */
    headersOf?(data: never): HeadersInit;
    /**
     * The representation's validators (RFC 9110 §8.8), answered as ETag and Last-Modified; a GET
     * (and so HEAD) whose If-None-Match or If-Modified-Since still holds answers 304 without a body.
     */
    validators?(data: never): Validators;
    /** the answer is a file (its own Content-Type, negotiated by the handler), not the envelope */
    file?: boolean;
    /** the file's media types, when not every writable document format (a CSV) */
    mediaTypes?: readonly string[];
    /** work that may outlast the request answers 202 with the job to poll instead (and a Location) */
    accepted?: { description: string; schema: z.ZodType };
    /** other successes the handler answers in the envelope, each with its own status (a dry run's 200 beside a POST's 201) */
    also?: readonly { status: number; description: string; schema: z.ZodType }[];
  };
  /** failures this endpoint can answer beyond the ones every endpoint of its kind can */
  errors?: ErrorCode[];
  /** set on an older address of another endpoint (see `aliasOf`): that endpoint's path */
  aliasOf?: string;
  handle(context: HandlerContext<P, B, Q, C>): Promise<Response>;
  /**
   * The operation as data, for an endpoint whose answer is its success schema's data in the
   * envelope (or a 204): given the path parameters, query and body as one object, it calls the use
   * case. `defineEndpoint` makes `handle` from it, and tRPC derives the operation's procedure from
   * it (`procedureOf`), so the two transports share one declaration. Typed on `RunEndpoint`, what
   * `defineEndpoint` answers for it; here any endpoint's, whatever it takes.
   */
  run?(input: never, principal: Principal): Promise<unknown>;
  /**
   * HEAD of a GET whose answer is work (a file made on request, a job queued): the headers, from
   * what is known without doing the work. A GET that may queue a job must have it; any other GET
   * answers HEAD by running and dropping the body (a stored cover, a small file).
   */
  head?(context: HandlerContext<P, B, Q, C>): Promise<Response>;
}

export interface HandlerContext<P extends AnyObject, B extends z.ZodType, Q extends AnyObject, C extends AnyCollection | undefined> {
  request: Request;
  url: URL;
  principal: Principal | null;
  params: z.output<P>;
  query: z.output<Q>;
  /** the collection's page, sort and filters (collection endpoints only) */
  collection: C extends AnyCollection ? OptionsOf<C> : undefined;
  body: z.output<B>;
}

/** An endpoint declared by its data: `run` answers, and `handle` puts that in the envelope. */
export type RunEndpoint<
  P extends AnyObject,
  B extends z.ZodType,
  Q extends AnyObject,
  S extends z.ZodType | undefined,
  M extends Method = Method,
  K extends string = never,
> = Endpoint<P, B, Q, undefined, S> & {
  method: M;
  auth: "required";
  body?: { under?: K };
  run(input: z.output<OperationInput<P, Q, B, K>>, principal: Principal): Promise<RunOutput<S>>;
};

/**
 * An endpoint declared by its data (`run`): signed in, no collection, and answered with `run`'s
 * value in the envelope under the success status (204: no body). Its tRPC procedure is derived.
 */
export function defineEndpoint<
  P extends AnyObject,
  B extends z.ZodType,
  Q extends AnyObject,
  M extends Method,
  S extends z.ZodType | undefined = undefined,
  K extends string = never,
>(
  endpoint: Omit<Endpoint<P, B, Q, undefined, S>, "handle" | "head" | "run" | "collection" | "auth" | "method" | "body" | "success"> & {
    method: M;
    auth: "required";
    body?: { schema: B; maxBytes?: number; multipart?: boolean | "binary"; json?: boolean; under?: K; echoes?: readonly string[] };
    success: Omit<Endpoint<P, B, Q, undefined, S>["success"], "headersOf" | "validators"> & {
      headersOf?(data: RunOutput<S>): HeadersInit;
      validators?(data: RunOutput<S>): Validators;
    };
    // The schemas say what run takes and answers: run is checked against them, never read for them.
    run(input: NoInfer<z.output<OperationInput<P, Q, B, K>>>, principal: Principal): Promise<NoInfer<RunOutput<S>>>;
  },
): RunEndpoint<P, B, Q, S, M, K>;
/** An endpoint whose handler always sees a principal (auth "required"). */
export function defineEndpoint<P extends AnyObject, B extends z.ZodType, Q extends AnyObject, C extends AnyCollection | undefined = undefined>(
  endpoint: Omit<Endpoint<P, B, Q, C>, "handle" | "head" | "run"> & {
    handle(context: HandlerContext<P, B, Q, C> & { principal: Principal }): Promise<Response>;
    head?(context: HandlerContext<P, B, Q, C> & { principal: Principal }): Promise<Response>;
  },
): Endpoint<P, B, Q, C>;
export function defineEndpoint<P extends AnyObject, B extends z.ZodType, Q extends AnyObject, C extends AnyCollection | undefined = undefined>(
  endpoint: Endpoint<P, B, Q, C>,
): Endpoint<P, B, Q, C>;
export function defineEndpoint(endpoint: Omit<Endpoint, "handle"> & Partial<Pick<Endpoint, "handle">>): Endpoint {
  const run = endpoint.run as ((input: object, principal: Principal) => Promise<unknown>) | undefined;
  if (endpoint.handle || !run) return endpoint as Endpoint;
  const { status, headersOf, validators } = endpoint.success as { status: number; headersOf?(data: unknown): HeadersInit; validators?(data: unknown): Validators };
  const under = endpoint.body?.under;
  return {
    ...endpoint,
    async handle({ request, params, query, body, principal }) {
      const precondition = endpoint.preconditions ? preconditionOf(request) : undefined;
      // A collection has no validators: If-Match * holds, any entity tag does not.
      if (endpoint.preconditions === "collection") await assertPrecondition(precondition, () => ({}));
      const conditional = endpoint.preconditions === true && precondition ? { precondition } : {};
      const data = await run({ ...params, ...query, ...(under ? { [under]: body } : (body as object | undefined)), ...conditional }, principal!);
      if (status === 204) return noContent();
      const current = validators?.(data);
      if (current && request.method === "GET" && notModified(request, current)) return notModifiedResponse(current);
      return success(data, status, { ...validatorHeaders(current), ...Object.fromEntries(new Headers(headersOf?.(data))) });
    },
  };
}

/** A collection endpoint declared by its data: `list` answers one page of the collection. */
export type ListEndpoint<P extends AnyObject, Q extends AnyObject, C extends AnyCollection, I extends z.ZodType> = Endpoint<P, z.ZodType, Q, C, z.ZodArray<I>> & {
  method: "GET";
  auth: "required";
  collection: C;
  success: { schema: z.ZodArray<I> };
  list(input: z.output<P> & z.output<Q>, options: OptionsOf<C>, principal: Principal): Promise<Page<z.input<I>>>;
};

/**
 * A collection (GET, signed in) declared by its data: `list` gets the path parameters and query as
 * one object, and the collection's page, sort and filters; REST answers the page's items in the
 * envelope with its Link and X-Total-Count headers, and tRPC derives the operation's list procedure
 * from it (`listProcedureOf`), which answers the page as one object.
 */
export function defineListEndpoint<P extends AnyObject, Q extends AnyObject, C extends AnyCollection, I extends z.ZodType>(
  endpoint: Omit<Endpoint<P, z.ZodType, Q, C, z.ZodArray<I>>, "handle" | "head" | "run" | "method" | "auth" | "body" | "collection" | "success"> & {
    collection: C;
    success: { status: 200; description: string; schema: z.ZodArray<I> };
    list(input: z.output<P> & z.output<Q>, options: OptionsOf<C>, principal: Principal): Promise<Page<z.input<I>>>;
  },
): ListEndpoint<P, Q, C, I> {
  return {
    ...endpoint,
    method: "GET",
    auth: "required",
    success: { ...endpoint.success, paged: true },
    handle: async ({ params, query, collection, url, principal }) => paged(await endpoint.list({ ...params, ...query }, collection as OptionsOf<C>, principal!), url),
  };
}

/**
 * The same endpoint served at an older address too: one handler, so the two cannot drift; the
 * OpenAPI document marks the alias deprecated and names the address to use.
 */
export function aliasOf<E extends Endpoint>(endpoint: E, path: string): E {
  return { ...endpoint, path, aliasOf: endpoint.path, summary: `${endpoint.summary} (deprecated: use ${endpoint.path})` };
}

/**
 * Whether HEAD is served here: wherever GET is, except a GET that may queue work and does not say
 * how to answer HEAD without it (HEAD must never queue a job).
 */
export function servesHead(get: Endpoint | undefined): get is Endpoint {
  return get !== undefined && (get.head !== undefined || !get.success.accepted);
}

export type BodyMediaType = "application/json" | "multipart/form-data";

/**
 * The media types an endpoint's body is taken in, JSON first where it is taken: the body reader
 * refuses any other (415), and the OpenAPI document declares exactly these.
 */
export function bodyMediaTypes(body: NonNullable<Endpoint["body"]>): BodyMediaType[] {
  const json = body.multipart === "binary" ? body.json === true : true;
  return [...(json ? ["application/json" as const] : []), ...(body.multipart ? ["multipart/form-data" as const] : [])];
}

// Each body schema widened by the path parameters it may repeat and (a PUT) its resource's
// read-only attributes once, not on every request.
const widenedBodies = new WeakMap<Endpoint, z.ZodType>();

/**
 * The body an endpoint reads, which the OpenAPI document declares: its own schema, plus the path
 * parameters it may repeat (`body.echoes`) and, for a PUT, the resource's read-only attributes,
 * all optional.
 */
export function requestBodySchema(endpoint: Endpoint): z.ZodType {
  const schema = endpoint.body!.schema;
  const echoes = endpoint.body!.echoes ?? [];
  if (!endpoint.readOnly && echoes.length === 0) return schema;
  let widened = widenedBodies.get(endpoint);
  if (!widened) {
    const own = schema as z.ZodObject;
    const params = (endpoint.params as z.ZodObject | undefined)?.shape ?? {};
    const echoed = echoes.map((name) => [
      name,
      (params[name] as z.ZodType).optional().meta({ description: `the path's {${name}}, which the body may repeat: taken when it is the same, 422 otherwise` }),
    ]);
    const readOnly = Object.entries(endpoint.readOnly?.resource.shape ?? {})
      .filter(([name]) => !(name in own.shape) && !echoes.includes(name))
      .map(([name, field]) => [name, (field as z.ZodType).optional().meta({ readOnly: true, description: "read-only: taken back when it equals the stored value" })]);
    const id = z.globalRegistry.get(schema)?.id;
    widened = own.extend(Object.fromEntries([...echoed, ...readOnly])).meta(id ? { id } : {});
    widenedBodies.set(endpoint, widened);
  }
  return widened;
}
