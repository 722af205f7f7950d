import { readFileSync } from "node:fs";
import type { Command } from "commander";
import type { Jq } from "jq-wasm";
import { z } from "zod";
import { CliError } from "./errors";

/**
 * What `--json` prints, as gh does it: `--json` alone the whole answer (as it always has here:
 * scripts rely on it), `--json id,title` only those fields (of each item, for a list), and
 * `--jq <expression>` that JSON filtered by jq, strings printed raw.
 */
interface JsonShape {
  fields: string[] | null;
  jq: { handle: Jq; expression: string } | null;
}

let shape: JsonShape = { fields: null, jq: null };

/** The fields a command's JSON has, for its help and to refuse a misspelt one before any request. */
const declared = new WeakMap<Command, readonly string[]>();

/** The attributes of an object schema (or of an array's items). */
function attributesOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodArray) return attributesOf(schema.element as z.ZodType);
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  return [];
}

/** Declares the fields `--json a,b` may name for this command: those of its records (a list: of each item). */
export function jsonFields<C extends Command>(command: C, fields: z.ZodType | readonly string[]): C {
  const names = Array.isArray(fields) ? (fields as readonly string[]) : attributesOf(fields as z.ZodType);
  declared.set(command, names);
  const example = [names[0], names.find((name) => name === "title" || name === "name") ?? names[1]].filter(Boolean).join(",");
  command.addHelpText("after", `\nJSON fields (--json ${example}):\n  ${names.join(", ")}`);
  return command;
}

const FIELD_LIST = /^[A-Za-z_][\w-]*(,[A-Za-z_][\w-]*)*$/;

/** A one-line message from jq's own (its first line, without the "jq: error" prefix). */
function jqMessage(stderr: string): string {
  const first = stderr.trim().split("\n")[0] ?? "";
  return first.replace(/^jq: error(:| \(at [^)]*\):)\s*/, "").replace(/:$/, "");
}

/**
 * Reads --json and --jq for the command about to run, before it sends anything: a field list that
 * is not one, a field the command does not have, or a jq expression that does not compile is a
 * usage mistake, said at once. jq (jq-wasm, the real jq compiled to WebAssembly) is loaded only
 * when --jq is given.
 */
export async function configureJsonOutput(command: Command): Promise<void> {
  const options = command.optsWithGlobals<{ json?: string | boolean; jq?: string }>();
  let fields: string[] | null = null;
  if (typeof options.json === "string" && options.json !== "") {
    if (!FIELD_LIST.test(options.json)) throw new CliError(`--json takes field names separated by commas (e.g. --json id,title), not "${options.json}"`);
    fields = options.json.split(",");
    const known = declared.get(command);
    const unknown = known && fields.find((field) => !known.includes(field));
    if (unknown) throw new CliError(`unknown JSON field "${unknown}"; ${command.name()} has ${known.join(", ")}`);
  }
  let jq: JsonShape["jq"] = null;
  if (options.jq !== undefined) {
    const { loadJq } = await import("jq-wasm");
    // scripts/build-cli.mjs puts jq.wasm beside the bundle: read only when asked for, not embedded
    // in the bundle, whose every start would parse its 900 KB.
    const handle = await loadJq({ wasmBinary: readFileSync(new URL("./jq.wasm", import.meta.url)) });
    // Exit 3 is jq's "does not compile"; a run on null that fails otherwise (5) is no proof of a mistake.
    const probe = handle.raw(null, options.jq);
    if (probe.exitCode === 3) throw new CliError(`--jq: ${jqMessage(probe.stderr)}`);
    jq = { handle, expression: options.jq };
  }
  shape = { fields, jq };
}

/** Whether this run prints JSON: --json (with or without fields) or --jq. */
export function wantsJson(command: Command): boolean {
  const options = command.optsWithGlobals<{ json?: string | boolean; jq?: string }>();
  return options.json !== undefined || options.jq !== undefined;
}

/** Whether --json named fields: a list then prints its items alone, as gh does. */
export function fieldsSelected(): boolean {
  return shape.fields !== null;
}

function pick(record: unknown, fields: string[], available: Set<string>): unknown {
  if (typeof record !== "object" || record === null || Array.isArray(record)) return record;
  for (const key of Object.keys(record)) available.add(key);
  return Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, (record as Record<string, unknown>)[field]]));
}

/** The value with only the fields asked for; a field that none of its records has is refused. */
function select(value: unknown): unknown {
  const { fields } = shape;
  if (!fields) return value;
  const available = new Set<string>();
  const picked = Array.isArray(value) ? value.map((item) => pick(item, fields, available)) : pick(value, fields, available);
  const unknown = available.size > 0 && fields.find((field) => !available.has(field));
  if (unknown) throw new CliError(`unknown JSON field "${unknown}"; this answer has ${[...available].join(", ")}`);
  return picked;
}

/** Writes a value as JSON: the fields asked for, through jq if asked. */
export function writeJson(value: unknown): void {
  const selected = select(value);
  if (!shape.jq) {
    process.stdout.write(`${JSON.stringify(selected, null, 2)}\n`);
    return;
  }
  // -r as gh's --jq: a string comes out as the text it holds, ready for the next command.
  const result = shape.jq.handle.raw(selected === undefined ? null : selected, shape.jq.expression, ["-r"]);
  if (result.exitCode !== 0) throw new CliError(`--jq: ${jqMessage(result.stderr)}`);
  if (result.stdout !== "") process.stdout.write(result.stdout.endsWith("\n") ? result.stdout : `${result.stdout}\n`);
}

/** Filters any JSON value by the run's --jq (inkstone api's answers), or prints it whole. */
export function jqGiven(): boolean {
  return shape.jq !== null;
}
