#!/usr/bin/env node
// Writes the tRPC router's type as one declaration file that needs nothing of the server:
// packages/trpc-types/index.d.ts (decision 0477). A client built with @trpc/client imports its
// `AppRouter` and its calls type-check without Inkstone's source, zod or the server's other
// dependencies: every procedure's input and output is written out as the plain JSON types they
// are. Run after a procedure's input or output changes: `npm run build:trpc-types`;
// `npm run check:types` fails while the file and the router differ (test/unit/trpc-derived-types.test.ts).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = path.join(root, "packages/trpc-types/index.d.ts");
const ROUTER_MODULE = path.join(root, "server/trpc/root.ts");

const { config } = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
const program = ts.createProgram([ROUTER_MODULE], { ...options, noEmit: true, incremental: false });
const checker = program.getTypeChecker();

const routerSymbol = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(ROUTER_MODULE))).find((symbol) => symbol.name === "AppRouter");
if (!routerSymbol) throw new Error("server/trpc/root.ts exports no AppRouter");
const appRouter = checker.getDeclaredTypeOfSymbol(routerSymbol);

/** The type of `type`'s property `name` (which must be there). */
function property(type, name) {
  const symbol = checker.getPropertyOfType(type, name);
  if (!symbol) throw new Error(`no property ${name} on ${checker.typeToString(type)}`);
  return checker.getTypeOfSymbol(symbol);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const keyOf = (name) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));
const indent = (depth) => "  ".repeat(depth);

/**
 * A type as it travels in JSON, written out in full: what a procedure takes and answers is data, so
 * anything else (a function, a class instance, a type that refers to itself) is refused here
 * rather than published as something no client can hold.
 */
function print(type, depth, trail) {
  if (depth > 40) throw new Error(`${trail}: nested deeper than 40 levels (a type that refers to itself?)`);
  const f = type.flags;
  if (f & ts.TypeFlags.Any) return "any";
  if (f & ts.TypeFlags.Unknown) return "unknown";
  if (f & ts.TypeFlags.String) return "string";
  if (f & ts.TypeFlags.Number) return "number";
  if (f & ts.TypeFlags.Boolean) return "boolean";
  if (f & ts.TypeFlags.Null) return "null";
  if (f & ts.TypeFlags.Undefined) return "undefined";
  if (f & ts.TypeFlags.Void) return "void";
  if (f & ts.TypeFlags.Never) return "never";
  if (f & ts.TypeFlags.StringLiteral) return JSON.stringify(type.value);
  if (f & ts.TypeFlags.NumberLiteral) return String(type.value);
  if (f & ts.TypeFlags.BooleanLiteral) return type.intrinsicName;
  if (type.isUnion()) {
    const members = type.types.map((member) => print(member, depth, trail));
    // `boolean` is the union true | false to the checker.
    const booleans = members.includes("true") && members.includes("false");
    const named = booleans ? [...members.filter((m) => m !== "true" && m !== "false"), "boolean"] : members;
    // As a person writes it: `string | null`, the absences last.
    const absences = ["null", "undefined"];
    return [...named.filter((m) => !absences.includes(m)), ...absences.filter((m) => named.includes(m))].map((member) => (member.includes("=>") ? `(${member})` : member)).join(" | ");
  }
  if (checker.isTupleType(type)) return `[${checker.getTypeArguments(type).map((element) => print(element, depth + 1, trail)).join(", ")}]`;
  if (checker.isArrayType(type)) {
    const element = print(checker.getTypeArguments(type)[0], depth + 1, trail);
    return /^[\w"]+$/.test(element) ? `${element}[]` : `Array<${element}>`;
  }
  if (f & ts.TypeFlags.Object || type.isIntersection()) {
    if (checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0) throw new Error(`${trail}: a function is not data`);
    const symbolName = type.getSymbol()?.getName();
    if (symbolName === "Date" || symbolName === "Map" || symbolName === "Set") throw new Error(`${trail}: a ${symbolName} does not travel as JSON`);
    const lines = [];
    for (const info of checker.getIndexInfosOfType(type)) {
      lines.push(`${indent(depth + 1)}[key: ${checker.typeToString(info.keyType)}]: ${print(info.type, depth + 1, trail)};`);
    }
    for (const member of checker.getPropertiesOfType(type)) {
      const optional = (member.flags & ts.SymbolFlags.Optional) !== 0;
      const value = print(checker.getTypeOfSymbol(member), depth + 1, `${trail}.${member.name}`);
      lines.push(`${indent(depth + 1)}${keyOf(member.name)}${optional ? "?" : ""}: ${value};`);
    }
    return lines.length === 0 ? "{}" : `{\n${lines.join("\n")}\n${indent(depth)}}`;
  }
  throw new Error(`${trail}: cannot write ${checker.typeToString(type)}`);
}

/** A router's record: each procedure as TRPCQueryProcedure or TRPCMutationProcedure, each nested router in turn. */
function printRecord(record, depth, trail) {
  const lines = [];
  for (const entry of checker.getPropertiesOfType(record)) {
    const value = checker.getTypeOfSymbol(entry);
    const at = `${trail}${trail ? "." : ""}${entry.name}`;
    const definition = checker.getPropertyOfType(value, "_def") && property(value, "_def");
    const isProcedure = definition && checker.getPropertyOfType(definition, "procedure");
    if (!isProcedure) {
      lines.push(`${indent(depth + 1)}${keyOf(entry.name)}: ${printRecord(value, depth + 1, at)};`);
      continue;
    }
    const kind = property(definition, "type").value;
    const generic = { query: "TRPCQueryProcedure", mutation: "TRPCMutationProcedure" }[kind];
    if (!generic) throw new Error(`${at}: a ${kind} procedure (only queries and mutations are published)`);
    const types = property(definition, "$types");
    const inner = indent(depth + 2);
    lines.push(
      `${indent(depth + 1)}${keyOf(entry.name)}: ${generic}<{\n` +
        `${inner}input: ${print(property(types, "input"), depth + 2, `${at} input`)};\n` +
        `${inner}output: ${print(property(types, "output"), depth + 2, `${at} output`)};\n` +
        `${inner}meta: object;\n` +
        `${indent(depth + 1)}}>;`,
    );
  }
  return `{\n${lines.join("\n")}\n${indent(depth)}}`;
}

const routerDefinition = property(appRouter, "_def");
const rootTypes = property(property(routerDefinition, "_config"), "$types");
const { version } = JSON.parse(ts.sys.readFile(path.join(root, "package.json")));

const text = `// Inkstone ${version}: the tRPC router's type, for @trpc/client 11 (decision 0477).
// Written by scripts/build-trpc-types.mjs from server/trpc/root.ts: do not edit.
import type { TRPCBuiltRouter, TRPCMutationProcedure, TRPCQueryProcedure } from "@trpc/server";

/** What a failed call carries: tRPC's shape, with Inkstone's error code and details under \`data\`. */
export type ErrorShape = ${print(property(rootTypes, "errorShape"), 0, "errorShape")};

/** Every procedure /api/trpc serves: \`createTRPCClient<AppRouter>({ links: [httpBatchLink({ url, maxItems: 10, headers })] })\`. */
export type AppRouter = TRPCBuiltRouter<
  { ctx: object; meta: object; errorShape: ErrorShape; transformer: false },
  ${printRecord(property(routerDefinition, "record"), 1, "")}
>;
`;
writeFileSync(OUTPUT, text);
console.log(`Wrote ${path.relative(root, OUTPUT)} (${text.length.toLocaleString("en")} characters).`);
