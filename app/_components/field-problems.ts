import type { FieldProblem } from "@/server/errors";

function isFieldProblems(value: unknown): value is FieldProblem[] {
  return (
    Array.isArray(value) &&
    value.every((p) => typeof p === "object" && p !== null && typeof p.path === "string" && typeof p.message === "string")
  );
}

/** The first message for each field, keyed by the field's name. */
export function problemsByField(details: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  if (!isFieldProblems(details)) return byField;
  for (const problem of details) byField[problem.path] ??= problem.message;
  return byField;
}

/** What a form's server action hands back when it did not go through. */
export interface FormState {
  message?: string;
  fields?: Record<string, string>;
  /** submitted values (never passwords) so the form keeps what was typed */
  values?: Record<string, string>;
}
