import { Command, type HelpContext } from "commander";
import { registerAnalysis } from "./commands/analysis";
import { registerBible } from "./commands/bible";
import { registerBooks } from "./commands/books";
import { registerChapters } from "./commands/chapters";
import { registerCompletion } from "./commands/completion";
import { registerConfig } from "./commands/config";
import { registerConvert } from "./commands/convert";
import { registerExport } from "./commands/export";
import { registerFormats } from "./commands/formats";
import { registerGoals } from "./commands/goals";
import { registerImport } from "./commands/import";
import { registerLogin } from "./commands/login";
import { registerLogout } from "./commands/logout";
import { registerMembers } from "./commands/members";
import { registerSearch } from "./commands/search";
import { registerStats } from "./commands/stats";
import { registerTokens } from "./commands/tokens";
import { registerWebhooks } from "./commands/webhooks";
import { registerWhoami } from "./commands/whoami";
import { printError } from "./errors";
import { handleInterrupts } from "./interrupt";

declare const INKSTONE_VERSION: string;

/**
 * As gh does, `inkstone` or `inkstone books` alone asks for help rather than making a mistake:
 * commander prints the help of a command whose subcommand is missing to stderr with exit 1; here
 * it goes to stdout with exit 0.
 */
class InkstoneCommand extends Command {
  override createCommand(name?: string): Command {
    return new InkstoneCommand(name);
  }

  override help(context?: HelpContext | ((text: string) => string)): never {
    if (typeof context === "function") return super.help(context);
    return super.help(this.commands.length > 0 ? { error: false } : context);
  }
}

function buildProgram(): Command {
  const program = new InkstoneCommand("inkstone")
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
      "\nEnvironment:\n  INKSTONE_TOKEN   use this token instead of the stored one\n  INKSTONE_URL     use this server instead of the profile's api.url\n  NO_COLOR         no colours, even on a terminal\n\nStart with: inkstone login",
    );
  for (const register of [
    registerLogin,
    registerLogout,
    registerWhoami,
    registerConfig,
    registerBooks,
    registerMembers,
    registerChapters,
    registerImport,
    registerExport,
    registerSearch,
    registerConvert,
    registerFormats,
    registerAnalysis,
    registerStats,
    registerGoals,
    registerBible,
    registerTokens,
    registerWebhooks,
    registerCompletion,
  ]) {
    register(program);
  }
  return program;
}

handleInterrupts();
buildProgram()
  .parseAsync()
  .catch((error: unknown) => {
    process.exitCode = printError(error);
  });
