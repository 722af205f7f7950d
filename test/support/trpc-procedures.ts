import { z } from "zod";
import { OPERATION_SCOPES, type Operation } from "@/server/auth/scopes";
import type { ProcedureMeta } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";

/** One tRPC procedure as the router declares it: what the parity test and the credential matrix iterate over. */
export interface ProcedureInfo {
  path: string;
  type: "query" | "mutation";
  /** undefined when the procedure was not built with operationProcedure (the parity test says so) */
  operation: Operation | undefined;
  meta: Partial<ProcedureMeta>;
  /** the top-level fields its input takes (none for a procedure without input) */
  inputKeys: string[];
}

/** The fields of an input schema, through the wrappers a procedure's input may have. */
function fieldsOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) return fieldsOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  throw new Error(`cannot read the fields of a ${schema.constructor.name} input`);
}

export const PROCEDURES: ProcedureInfo[] = Object.entries(appRouter._def.procedures).map(([path, procedure]) => {
  const def = (procedure as unknown as { _def: { type: "query" | "mutation"; meta?: Partial<ProcedureMeta>; inputs: z.ZodType[] } })._def;
  const meta = def.meta ?? {};
  const operation = meta.operation && Object.hasOwn(OPERATION_SCOPES, meta.operation) ? meta.operation : undefined;
  return { path, type: def.type, operation, meta, inputKeys: def.inputs.flatMap(fieldsOf) };
});
