// @module-tag postgres
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { OPERATION_SCOPES, type Scope } from "@/server/auth/scopes";
import { AppError } from "@/server/errors";
import { createContextInner } from "@/server/trpc/context";
import { appRouter, createCaller } from "@/server/trpc/root";
import { newWriter, withScopes } from "../support/principals";

type Caller = ReturnType<typeof createCaller>;

async function failureOf(call: Promise<unknown>) {
  const error = await call.then(
    () => expect.unreachable("the call succeeded"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return (error as TRPCError).cause instanceof AppError ? ((error as TRPCError).cause as AppError).code : (error as TRPCError).code;
}

let owner: Principal;
let bookId: string;
let templateId: string;
let ownId: string;
let analysisId: string;

/** Every analysis procedure, the operation (and so the scope) it stands for, and a call of it. */
const CALLS: Record<string, { operation: keyof typeof OPERATION_SCOPES; call: (c: Caller) => Promise<unknown> }> = {
  search: { operation: "analysis.search", call: (c) => c.analysis.search({ q: "cat" }) },
  get: { operation: "analysis.get", call: (c) => c.analysis.get({ templateId }) },
  install: { operation: "analysis.install", call: (c) => c.analysis.install({ templateId }) },
  installed: { operation: "analysis.installed", call: (c) => c.analysis.installed() },
  uninstall: { operation: "analysis.uninstall", call: (c) => c.analysis.uninstall({ templateId }) },
  create: { operation: "analysis.create", call: async (c) => c.analysis.create({ name: "Mine", category: "dialogue", definition: (await c.analysis.get({ templateId })).definition }) },
  update: { operation: "analysis.update", call: (c) => c.analysis.update({ templateId: ownId, changes: { summary: "changed" } }) },
  delete: { operation: "analysis.delete", call: (c) => c.analysis.delete({ templateId: ownId }) },
  run: { operation: "analyses.run", call: (c) => c.analysis.run({ bookId, templateId }) },
  results: { operation: "analyses.list", call: (c) => c.analysis.results({ bookId }) },
  result: { operation: "analyses.get", call: (c) => c.analysis.result({ bookId, analysisId }) },
  runMany: { operation: "analyses.runMany", call: (c) => c.analysis.runMany({ bookId, templates: [templateId] }) },
  deleteResult: { operation: "analyses.delete", call: (c) => c.analysis.deleteResult({ bookId, analysisId }) },
  compare: { operation: "analyses.compare", call: (c) => c.analysis.compare({ bookId }) },
};

beforeAll(async () => {
  await newWriter("admin");
  owner = await newWriter("owner");
  const caller = createCaller(createContextInner({ principal: owner }));
  bookId = (await caller.books.create({ title: "Scoped", type: "novel", description: "" })).id;
  await caller.chapters.upload({ bookId, content: '# One\n\n"Hello," said Ann.' });
  templateId = (await caller.analysis.search({ q: "dialogue" })).items[0]!.id;
  await caller.analysis.install({ templateId });
  ownId = (await caller.analysis.create({ name: "Own", category: "dialogue", definition: (await caller.analysis.get({ templateId })).definition })).id;
  // the run answers queued here (no runner in this process); the row exists all the same
  await caller.analysis.run({ bookId, templateId });
  analysisId = (await caller.analysis.results({ bookId })).items[0]!.id;
});

describe("analysis over tRPC", () => {
  it("has a procedure for every analysis operation", () => {
    const procedures = Object.keys(appRouter._def.procedures).filter((p) => p.startsWith("analysis."));
    expect(procedures.map((p) => p.slice("analysis.".length)).sort()).toEqual(Object.keys(CALLS).sort());
    const operations = Object.keys(OPERATION_SCOPES).filter((o) => o.startsWith("analysis.") || o.startsWith("analyses."));
    expect(new Set(Object.values(CALLS).map((c) => c.operation))).toEqual(new Set(operations));
  });

  for (const [name, { operation, call }] of Object.entries(CALLS)) {
    const scope = OPERATION_SCOPES[operation] as Scope;
    it(`analysis.${name} refuses a credential without ${scope}, and no credential`, async () => {
      const others = (["read:books", "write:books", "read:analysis", "write:analysis"] as Scope[]).filter((s) => s !== scope);
      const without = createCaller(createContextInner({ principal: withScopes(owner, others) }));
      expect(await failureOf(call(without))).toBe("insufficient_scope");
      expect(await failureOf(call(createCaller(createContextInner({ principal: null }))))).toBe("unauthenticated");
    });
  }

  it("refuses an unknown key, an unknown probe and an unknown parameter as 422 with the path", async () => {
    const caller = createCaller(createContextInner({ principal: owner }));
    const details = async (call: Promise<unknown>) => {
      const error = (await call.catch((e: unknown) => e)) as TRPCError & { cause: AppError };
      expect(error.cause.code).toBe("validation_failed");
      return (error.cause.details as { path: string; message: string }[]).map((d) => `${d.path}: ${d.message}`).join("\n");
    };
    expect(await details(caller.analysis.search({ q: "x", colour: "red" } as never))).toMatch(/colour/);
    expect(await details(caller.analysis.create({ name: "Bad", category: "style", definition: { sections: [{ id: "a", title: "A", probe: "tarot", view: "table" }] } } as never))).toContain(
      "definition.sections.0.probe",
    );
    expect(await details(caller.analysis.run({ bookId, templateId, parameters: { mood: "grim" } } as never))).toMatch(/^parameters(\.mood)?: .*mood/m);
    expect(await details(caller.analysis.search({ perPage: 101 }))).toMatch(/^perPage: /m);
  });
});
