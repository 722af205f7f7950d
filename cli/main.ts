import type { Command } from "commander";
import { printError } from "./errors";
import { handleInterrupts } from "./interrupt";
import { buildProgram } from "./program";

declare const INKSTONE_VERSION: string;

/**
 * `--json` takes an optional list of fields, so `inkstone --json books list` would read "books" as
 * one: a bare --json just before a command's name is given as `--json=`, which is --json alone.
 */
function bareJsonBeforeCommands(program: Command, argv: string[]): string[] {
  const args = [...argv];
  let current: Command = program;
  for (let i = 2; i < args.length; i++) {
    const next = args[i + 1];
    const sub = (name: string | undefined) => current.commands.find((c) => c.name() === name || c.aliases().includes(name ?? ""));
    if (args[i] === "--json" && sub(next)) args[i] = "--json=";
    else if (sub(args[i])) current = sub(args[i])!;
  }
  return args;
}

handleInterrupts();
const program = await buildProgram(INKSTONE_VERSION, process.argv);
program
  .parseAsync(bareJsonBeforeCommands(program, process.argv))
  .catch((error: unknown) => {
    process.exitCode = printError(error);
  });
