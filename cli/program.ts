import { Command, type HelpContext } from "commander";
import { registerAccount } from "./commands/account";
import { registerAnalysis } from "./commands/analysis";
import { registerApi } from "./commands/api";
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
import { registerJobs } from "./commands/jobs";
import { registerLogin } from "./commands/login";
import { registerLogout } from "./commands/logout";
import { registerMembers } from "./commands/members";
import { registerParts } from "./commands/parts";
import { registerScenes } from "./commands/scenes";
import { registerOutline } from "./commands/outline";
import { registerTimeline } from "./commands/timeline";
import { registerForeshadowing } from "./commands/foreshadowing";
import { registerPlotGrid } from "./commands/plot-grid";
import { registerBeats } from "./commands/beats";
import { registerReleases } from "./commands/releases";
import { registerSearch } from "./commands/search";
import { registerSeries } from "./commands/series";
import { registerShare } from "./commands/share";
import { registerComments } from "./commands/comments";
import { registerSuggestions } from "./commands/suggestions";
import { registerInbox } from "./commands/inbox";
import { registerSnapshots } from "./commands/snapshots";
import { registerReaders } from "./commands/readers";
import { registerStats } from "./commands/stats";
import { registerTokens } from "./commands/tokens";
import { registerUsers } from "./commands/users";
import { registerWebhooks } from "./commands/webhooks";
import { registerWhoami } from "./commands/whoami";
import { configureJsonOutput } from "./json-output";

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

/** The whole command tree, every command registered: what `inkstone` parses, and what the tests read every command's help from. */
export function buildProgram(version: string): Command {
  const program = new InkstoneCommand("inkstone")
    .description("Inkstone from the terminal: log in once, then work with your books")
    .version(version)
    .option("--profile <name>", "which stored server to use: dev, qa, prod… (default: INKSTONE_PROFILE, else \"default\")")
    .option("--json [fields]", "print JSON for scripts instead of tables; with fields (--json id,title) only those (see each command's help)")
    .option("-q, --jq <expression>", "filter the JSON through jq (strings print raw), e.g. --jq '.items[].id'")
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    // Usage mistakes too end in one line, like every other failure.
    .configureOutput({ outputError: (text, write) => write(`inkstone: ${text.replace(/^error: /, "").trim().replace(/\s*\n\s*/g, " ")}\n`) })
    .showSuggestionAfterError()
    .addHelpText(
      "after",
      "\nEnvironment:\n  INKSTONE_TOKEN   use this token instead of the stored one\n  INKSTONE_URL     use this server instead of the profile's api.url\n  NO_COLOR         no colours, even on a terminal\n\nStart with: inkstone login",
    );
  program.hook("preAction", (_program, action) => configureJsonOutput(action));
  for (const register of [
    registerLogin,
    registerLogout,
    registerWhoami,
    registerAccount,
    registerConfig,
    registerBooks,
    registerMembers,
    registerShare,
    registerSnapshots,
    registerReaders,
    registerChapters,
    registerParts,
    registerScenes,
    registerOutline,
    registerTimeline,
    registerForeshadowing,
    registerPlotGrid,
    registerBeats,
    registerComments,
    registerSuggestions,
    registerInbox,
    registerImport,
    registerExport,
    registerSearch,
    registerConvert,
    registerFormats,
    registerAnalysis,
    registerStats,
    registerGoals,
    registerReleases,
    registerBible,
    registerSeries,
    registerTokens,
    registerJobs,
    registerApi,
    registerWebhooks,
    registerUsers,
    registerCompletion,
  ]) {
    register(program);
  }
  return program;
}

