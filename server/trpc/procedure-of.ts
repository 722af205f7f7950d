import { z } from "zod";
import type { Principal } from "../auth/principal";
import type { Operation } from "../auth/scopes";
import { jsonField, type JsonField } from "../collections";
import type { AnyObject, Endpoint, Method, RunEndpoint, ShapeOf } from "../http/endpoint";
import { operationProcedure } from "./init";

// A tRPC procedure derived from its operation's endpoint declaration (decision 0463): the same
// operation (scope and book action), the same schemas, the same `run`. Only the declarations are
// read here (server/http/endpoint.ts, server/http/endpoints/), never REST's wrapper.

type Acknowledgement<W extends string> = z.ZodObject<{ [K in W]: z.ZodLiteral<true> }>;
export type JsonShape<S> = { [N in keyof S]: S[N] extends z.ZodType ? JsonField<S[N]> : never };
/**
 * REST's OperationInput as JSON carries it: the query's "true"/"false" are booleans (as a list's
 * filters are, listProcedure); what each field parses to, and so what `run` gets, is the same.
 */
type StrictInput<P, Q, B, K extends string> = z.ZodObject<
  ShapeOf<P> & JsonShape<ShapeOf<Q>> & ([K] extends [never] ? ShapeOf<B> : { [N in K]: B }),
  z.core.$strict
>;
/** A GET that needs no field (no query string) is a query that needs no input: `users.me()`. */
type InputOf<P, Q, B, M extends Method, K extends string> = M extends "GET"
  ? Record<never, never> extends z.input<StrictInput<P, Q, B, K>>
    ? z.ZodPrefault<StrictInput<P, Q, B, K>>
    : StrictInput<P, Q, B, K>
  : StrictInput<P, Q, B, K>;

type Resolve<I extends z.ZodType, O extends z.ZodType> = (input: z.output<I>, principal: Principal) => Promise<z.input<O>>;

const typed = <I extends z.ZodType, O extends z.ZodType>(operation: Operation, derivedFrom: string, input: I, output: O) =>
  operationProcedure(operation, { derivedFrom }).input(input).output(output);
// The output parser checks what run answers; `never` only spares the compiler proving it for every O.
const queryOf = <I extends z.ZodType, O extends z.ZodType>(operation: Operation, derivedFrom: string, input: I, output: O, run: Resolve<I, O>) =>
  typed(operation, derivedFrom, input, output).query(({ input, ctx }) => run(input as z.output<I>, ctx.principal) as Promise<never>);
const mutationOf = <I extends z.ZodType, O extends z.ZodType>(operation: Operation, derivedFrom: string, input: I, output: O, run: Resolve<I, O>) =>
  typed(operation, derivedFrom, input, output).mutation(({ input, ctx }) => run(input as z.output<I>, ctx.principal) as Promise<never>);

type ProcedureOf<M extends Method, I extends z.ZodType, O extends z.ZodType> = M extends "GET" ? ReturnType<typeof queryOf<I, O>> : ReturnType<typeof mutationOf<I, O>>;

/**
 * The procedure of an endpoint declared by its data (`defineEndpoint({ …, run })`): a query for a
 * GET, else a mutation; its input the strict merge of the path parameters, query and body (a
 * refined body keeps its checks); its output the success schema, as `run` answers it. A 204 has no
 * data: name what its procedure answers instead, `procedureOf(removeMemberEndpoint, "removed")` →
 * `{ removed: true }`.
 */
export function procedureOf<P extends AnyObject, B extends z.ZodType, Q extends AnyObject, S extends z.ZodType, M extends Method, K extends string = never>(
  endpoint: RunEndpoint<P, B, Q, S, M, K>,
): ProcedureOf<M, InputOf<P, Q, B, M, K>, S>;
export function procedureOf<P extends AnyObject, B extends z.ZodType, Q extends AnyObject, M extends Method, W extends string, K extends string = never>(
  endpoint: RunEndpoint<P, B, Q, undefined, M, K>,
  answers: W,
): ProcedureOf<M, InputOf<P, Q, B, M, K>, Acknowledgement<W>>;
export function procedureOf(endpoint: RunEndpoint<AnyObject, z.ZodType, AnyObject, z.ZodType | undefined, Method, string>, answers?: string): unknown {
  const { operation, method, path } = endpoint;
  const run = endpoint.run as (input: object, principal: Principal) => Promise<unknown>;
  if (!operation) throw new Error(`${method} ${path} names no operation: a procedure needs one`);
  const output = answers ? z.object({ [answers]: z.literal(true) }) : endpoint.success.schema;
  if (!output || (endpoint.success.status === 204) !== Boolean(answers)) {
    throw new Error(`${method} ${path}: a procedure answers the success schema, or for a 204 what it names (procedureOf(endpoint, "deleted"))`);
  }
  const input = inputOf(endpoint);
  const answer = answers
    ? async (value: object, principal: Principal) => {
        await run(value, principal);
        return { [answers]: true };
      }
    : (value: object, principal: Principal) => run(value, principal);
  const derivedFrom = `${method} ${path}`;
  return method === "GET" ? queryOf(operation, derivedFrom, input, output, answer) : mutationOf(operation, derivedFrom, input, output, answer);
}

/** An endpoint's path parameters and query as one shape, the query's fields as JSON carries them. */
export function locationShape(endpoint: Pick<Endpoint, "params" | "query">): z.ZodRawShape {
  const query = endpoint.query && Object.fromEntries(Object.entries((endpoint.query as unknown as z.ZodObject).shape).map(([name, field]) => [name, jsonField(field as z.ZodType)]));
  return { ...(endpoint.params as unknown as z.ZodObject | undefined)?.shape, ...query };
}

/** The endpoint's path parameters, query and body (or the body under its name) as one strict object. */
function inputOf(endpoint: RunEndpoint<AnyObject, z.ZodType, AnyObject, z.ZodType | undefined, Method, string>): z.ZodType<object> {
  const under = endpoint.body?.under;
  const body = endpoint.body?.schema as z.ZodObject | undefined;
  const shape: z.ZodRawShape = { ...locationShape(endpoint), ...(under ? { [under]: body! } : body?.shape) };
  let input = z.strictObject(shape);
  if (!under && body?._zod.def.checks?.length) {
    // The body's own checks ("name at least one attribute") judge the body's fields, as REST's do.
    const fields = Object.keys(body.shape);
    input = input.superRefine((value, context) => {
      const own = body.safeParse(Object.fromEntries(fields.filter((field) => value[field] !== undefined).map((field) => [field, value[field]])));
      // A field the merged shape has found a problem with already ("not HH:MM") is named once.
      const named = new Set(context.issues.map((issue) => (issue.path ?? []).join(".")));
      for (const issue of own.success ? [] : own.error.issues) {
        // As found, its code and limits included, so the field problem says what it means (FieldProblem).
        if (issue.path.length === 0 || !named.has(issue.path.join("."))) context.addIssue({ ...issue, input: value } as z.core.$ZodRawIssue);
      }
    });
  }
  const needsNothing = Object.values(shape).every((field) => (field as z.ZodType)._zod.optin === "optional");
  return endpoint.method === "GET" && needsNothing ? input.prefault({}) : input;
}
