// @module-tag shared
// Decision 0463: procedures derived from endpoint declarations keep the client's types exact. A
// schema the derivation could not read would type an input as unknown (or any) and pages would
// compile against nothing; these checks run in `npm run check:types`, and the assertions below
// when vitest runs the file.
import type { inferRouterError, inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { AppRouter as PublishedRouter } from "@/packages/trpc-types";
import type { AppRouter } from "@/server/trpc/root";

type In = inferRouterInputs<AppRouter>;
type Out = inferRouterOutputs<AppRouter>;

type IsAny<T> = 0 extends 1 & T ? true : false;
type IsLoose<T> = IsAny<T> extends true ? true : unknown extends T ? true : false;
/** "router.procedure" of every input that is loose. */
type LooseInputs<R> = { [N in keyof R & string]: { [P in keyof R[N] & string]: IsLoose<R[N][P]> extends true ? `${N}.${P}` : never }[keyof R[N] & string] }[keyof R & string];
/** "router.procedure.field" of every loose field of an input. */
type LooseFields<R> = {
  [N in keyof R & string]: {
    [P in keyof R[N] & string]: {
      [F in keyof NonNullable<R[N][P]> & string]-?: IsLoose<NonNullable<R[N][P]>[F]> extends true ? `${N}.${P}.${F}` : never;
    }[keyof NonNullable<R[N][P]> & string];
  }[keyof R[N] & string];
}[keyof R & string];
type AnyOutputs<R> = { [N in keyof R & string]: { [P in keyof R[N] & string]: IsAny<R[N][P]> extends true ? `${N}.${P}` : never }[keyof R[N] & string] }[keyof R & string];

describe("the derived procedures' types", () => {
  it("no procedure takes an input, or a field of one, typed unknown or any (but z.coerce's); none answers any", () => {
    // Each is `false`, and so fails to compile, when a procedure is named in the union.
    const noLooseInput: [LooseInputs<In>] extends [never] ? true : false = true;
    const noAnyOutput: [AnyOutputs<Out>] extends [never] ? true : false = true;
    expect([noLooseInput, noAnyOutput]).toEqual([true, true]);
    // z.coerce takes anything by design (a number, or one in a string as REST's query spells it);
    // any other loose field is a schema the derivation did not see (a body typed z.ZodType).
    expectTypeOf<LooseFields<In>>().toEqualTypeOf<"bible.checks.absence" | "bible.mentions.page" | "bible.mentions.perPage" | "convert.printPreview.pages" | "members.activity.days" | "scenes.delete.version">();
  });

  it("an input is the strict merge of path parameters, query and body; a body under a name stays under it", () => {
    expectTypeOf<In["members"]["add"]>().toEqualTypeOf<{ bookId: string; email: string; role: "co_author" | "editor" | "viewer" | "beta_reader" }>();
    expectTypeOf<In["books"]["update"]>().toHaveProperty("changes");
    expectTypeOf<In["books"]["update"]["changes"]>().toHaveProperty("title");
    // REST's query "true" is a boolean over JSON.
    expectTypeOf<In["books"]["delete"]>().toEqualTypeOf<{ bookId: string; permanent?: boolean | undefined }>();
  });

  it("a GET with nothing to send is a query called without input; a mutation needs its input", () => {
    expectTypeOf<undefined>().toExtend<In["users"]["me"]>();
    expectTypeOf<undefined>().toExtend<In["stats"]["history"]>();
    expectTypeOf<undefined>().not.toExtend<In["goals"]["setBook"]>();
  });

  it("a 204's procedure answers what it names; the others their endpoint's success schema", () => {
    expectTypeOf<Out["members"]["remove"]>().toEqualTypeOf<{ removed: true }>();
    expectTypeOf<Out["chapters"]["delete"]>().toEqualTypeOf<{ deleted: true }>();
    expectTypeOf<Out["chapters"]["get"]["version"]>().toEqualTypeOf<number>();
  });
});

describe("the published router type (packages/trpc-types, decision 0477)", () => {
  it("takes and answers exactly what the router does: `npm run build:trpc-types` writes it again when they differ", () => {
    // Each way round: a field the file lacks, adds, widens or makes optional fails one of them.
    expectTypeOf<inferRouterInputs<PublishedRouter>>().toExtend<In>();
    expectTypeOf<In>().toExtend<inferRouterInputs<PublishedRouter>>();
    expectTypeOf<inferRouterOutputs<PublishedRouter>>().toExtend<Out>();
    expectTypeOf<Out>().toExtend<inferRouterOutputs<PublishedRouter>>();
    expectTypeOf<inferRouterError<PublishedRouter>>().toExtend<inferRouterError<AppRouter>>();
    expectTypeOf<inferRouterError<AppRouter>>().toExtend<inferRouterError<PublishedRouter>>();
  });
});
