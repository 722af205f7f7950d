import { Command, type HelpContext } from "commander";
import { configureJsonOutput } from "./json-output";

type Register = (program: Command) => void;

/**
 * Every top-level command, in the order the help lists them, with the module that registers it.
 * A command's module (and the schemas it reads its answers with) loads when that command runs: a
 * start that built every command's schemas cost about 250 ms of CPU, paid by each of the ~800
 * starts of the CLI tests and by every command a writer types (decision 0523).
 */
export const COMMAND_MODULES: ReadonlyArray<{ names: readonly string[]; load: () => Promise<Register> }> = [
  { names: ["login"], load: async () => (await import("./commands/login")).registerLogin },
  { names: ["logout"], load: async () => (await import("./commands/logout")).registerLogout },
  { names: ["whoami"], load: async () => (await import("./commands/whoami")).registerWhoami },
  { names: ["account"], load: async () => (await import("./commands/account")).registerAccount },
  { names: ["config"], load: async () => (await import("./commands/config")).registerConfig },
  { names: ["books"], load: async () => (await import("./commands/books")).registerBooks },
  { names: ["members"], load: async () => (await import("./commands/members")).registerMembers },
  { names: ["share"], load: async () => (await import("./commands/share")).registerShare },
  { names: ["snapshots"], load: async () => (await import("./commands/snapshots")).registerSnapshots },
  { names: ["readers"], load: async () => (await import("./commands/readers")).registerReaders },
  { names: ["chapters"], load: async () => (await import("./commands/chapters")).registerChapters },
  { names: ["parts"], load: async () => (await import("./commands/parts")).registerParts },
  { names: ["scenes"], load: async () => (await import("./commands/scenes")).registerScenes },
  { names: ["outline", "plotlines", "labels"], load: async () => (await import("./commands/outline")).registerOutline },
  { names: ["timeline"], load: async () => (await import("./commands/timeline")).registerTimeline },
  { names: ["foreshadowing"], load: async () => (await import("./commands/foreshadowing")).registerForeshadowing },
  { names: ["plot-grid"], load: async () => (await import("./commands/plot-grid")).registerPlotGrid },
  { names: ["beats"], load: async () => (await import("./commands/beats")).registerBeats },
  { names: ["comments"], load: async () => (await import("./commands/comments")).registerComments },
  { names: ["suggestions"], load: async () => (await import("./commands/suggestions")).registerSuggestions },
  { names: ["inbox"], load: async () => (await import("./commands/inbox")).registerInbox },
  { names: ["import"], load: async () => (await import("./commands/import")).registerImport },
  { names: ["export"], load: async () => (await import("./commands/export")).registerExport },
  { names: ["search", "replace", "change-sets", "undo-replace"], load: async () => (await import("./commands/search")).registerSearch },
  { names: ["convert"], load: async () => (await import("./commands/convert")).registerConvert },
  { names: ["formats"], load: async () => (await import("./commands/formats")).registerFormats },
  { names: ["analysis"], load: async () => (await import("./commands/analysis")).registerAnalysis },
  { names: ["stats"], load: async () => (await import("./commands/stats")).registerStats },
  { names: ["goals"], load: async () => (await import("./commands/goals")).registerGoals },
  { names: ["releases"], load: async () => (await import("./commands/releases")).registerReleases },
  { names: ["bible"], load: async () => (await import("./commands/bible")).registerBible },
  { names: ["series"], load: async () => (await import("./commands/series")).registerSeries },
  { names: ["tokens"], load: async () => (await import("./commands/tokens")).registerTokens },
  { names: ["jobs"], load: async () => (await import("./commands/jobs")).registerJobs },
  { names: ["api"], load: async () => (await import("./commands/api")).registerApi },
  { names: ["webhooks"], load: async () => (await import("./commands/webhooks")).registerWebhooks },
  { names: ["users"], load: async () => (await import("./commands/users")).registerUsers },
  { names: ["completion"], load: async () => (await import("./commands/completion")).registerCompletion },
];

/** Global options that take a value: the word after them is not a command's name. */
const GLOBAL_OPTIONS_WITH_VALUES = new Set(["--profile", "-q", "--jq"]);
/** Before any command, the program's help lists every command; its version needs none. */
const HELP_OPTIONS = new Set(["-h", "--help"]);
const VERSION_OPTIONS = new Set(["-V", "--version"]);

/**
 * The modules `argv` needs: the one registering the command it names; none for the version;
 * every one for the program's help, a mistake (commander suggests the nearest command) and the
 * shell completion, which walks the whole tree.
 */
export function modulesFor(argv: readonly string[]): typeof COMMAND_MODULES {
  const moduleOf = (name: string | undefined) => COMMAND_MODULES.find((entry) => entry.names.includes(name ?? ""));
  for (let i = 2; i < argv.length; i++) {
    const arg = argv[i]!;
    if (HELP_OPTIONS.has(arg)) break;
    if (VERSION_OPTIONS.has(arg)) return [];
    if (GLOBAL_OPTIONS_WITH_VALUES.has(arg)) i++;
    // --json's fields are optional: the word after it is a value unless it names a command (see main.ts).
    else if (arg === "--json" && !moduleOf(argv[i + 1]) && !argv[i + 1]?.startsWith("-")) i++;
    else if (!arg.startsWith("-")) {
      const named = moduleOf(arg);
      return named && arg !== "completion" ? [named] : COMMAND_MODULES;
    }
  }
  return COMMAND_MODULES;
}

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

/**
 * The command tree `inkstone` parses: with `argv`, only the command it names (and the global
 * options); without, every command, which the tests read every command's help from.
 */
export async function buildProgram(version: string, argv?: readonly string[]): Promise<Command> {
  const modules = argv ? modulesFor(argv) : COMMAND_MODULES;
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
  for (const register of await Promise.all(modules.map((entry) => entry.load()))) register(program);
  return program;
}

