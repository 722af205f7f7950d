// @module-tag shared
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { COMMAND_MODULES, modulesFor } from "../../cli/program";

/** The commands of the modules argv loads, by their first name. */
const loadedFor = (...args: string[]) => modulesFor(["node", "inkstone", ...args]).map((module) => module.names[0]);
const ALL = COMMAND_MODULES.map((module) => module.names[0]);

describe("the CLI's command modules (decision 0523)", () => {
  it("each registers exactly the top-level commands the table names for it", async () => {
    for (const { names, load } of COMMAND_MODULES) {
      const program = new Command("inkstone");
      (await load())(program);
      expect(program.commands.map((command) => command.name())).toEqual(names);
    }
  });

  it("a start loads only the module of the command argv names, past the global options and their values", () => {
    expect(loadedFor("books", "list")).toEqual(["books"]);
    expect(loadedFor("plotlines", "list", "b1")).toEqual(["outline"]);
    expect(loadedFor("undo-replace", "b1", "c1")).toEqual(["search"]);
    expect(loadedFor("--profile", "books", "chapters", "list", "b1")).toEqual(["chapters"]);
    expect(loadedFor("--profile=qa", "-q", ".items", "members", "list", "b1")).toEqual(["members"]);
    expect(loadedFor("--json", "books", "list")).toEqual(["books"]);
    expect(loadedFor("--json", "id,title", "books", "list")).toEqual(["books"]);
    expect(loadedFor("--json", "--profile", "qa", "books")).toEqual(["books"]);
    expect(loadedFor("books", "--help")).toEqual(["books"]);
  });

  it("the program's help, a mistake and the shell completion load every module; the version none", () => {
    expect(loadedFor()).toEqual(ALL);
    expect(loadedFor("--help")).toEqual(ALL);
    expect(loadedFor("help", "books")).toEqual(ALL);
    expect(loadedFor("bokks")).toEqual(ALL);
    expect(loadedFor("completion", "bash")).toEqual(ALL);
    expect(loadedFor("--version")).toEqual([]);
  });
});
