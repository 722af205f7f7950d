import { Command } from "commander";
import { registerAnalysis } from "./commands/analysis";
import { registerBooks } from "./commands/books";
import { registerChapters } from "./commands/chapters";
import { registerConfig } from "./commands/config";
import { registerConvert } from "./commands/convert";
import { registerExport } from "./commands/export";
import { registerFormats } from "./commands/formats";
import { registerImport } from "./commands/import";
import { registerLogin } from "./commands/login";
import { registerLogout } from "./commands/logout";
import { registerTokens } from "./commands/tokens";
import { registerWhoami } from "./commands/whoami";
import { printError } from "./errors";

declare const INKSTONE_VERSION: string;

export function buildProgram(): Command {
  const program = new Command("inkstone")
    .description("Inkstone from the terminal: log in once, then work with your books")
    .version(INKSTONE_VERSION)
    .option("--profile <name>", "which stored server to use: dev, qa, prod… (default: INKSTONE_PROFILE, else \"default\")")
    .option("--json", "print JSON for scripts instead of tables")
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    // Usage mistakes too end in one line, like every other failure.
    .configureOutput({ outputError: (text, write) => write(`inkstone: ${text.replace(/^error: /, "").trim().replace(/\s*\n\s*/g, " ")}\n`) })
    .showSuggestionAfterError()
    .addHelpText(
      "after",
      "\nEnvironment:\n  INKSTONE_TOKEN   use this token instead of the stored one\n  INKSTONE_URL     use this server instead of the profile's api.url\n\nStart with: inkstone login",
    );
  for (const register of [
    registerLogin,
    registerLogout,
    registerWhoami,
    registerConfig,
    registerBooks,
    registerChapters,
    registerImport,
    registerExport,
    registerConvert,
    registerFormats,
    registerAnalysis,
    registerTokens,
  ]) {
    register(program);
  }
  return program;
}

buildProgram()
  .parseAsync()
  .catch((error: unknown) => {
    process.exitCode = printError(error);
  });
