import type { Command } from "commander";
import { CONFIG_KEYS, configPath, httpOrigin, isConfigKey, type ConfigKey } from "../config";
import { context } from "../context";
import { CliError } from "../errors";
import { printJson, printRows } from "../output";

function configKey(key: string): ConfigKey {
  if (!isConfigKey(key)) throw new CliError(`unknown key ${key}; the keys are ${CONFIG_KEYS.join(", ")}`);
  return key;
}

// A list is for looking at, often on a shared screen: secrets show their first characters only.
function shown(key: ConfigKey, value: string | undefined): string | null {
  if (value === undefined) return null;
  return key === "api.url" ? value : `${value.slice(0, 8)}… (inkstone config get ${key})`;
}

export function registerConfig(program: Command): void {
  const config = program
    .command("config")
    .description(`read and change ${configPath().replace(process.env.HOME ?? "\0", "~")} (per --profile)`)
    .addHelpText("after", `\nKeys: ${CONFIG_KEYS.join(", ")}\nExample:\n  curl -H "Authorization: Bearer $(inkstone config get api.token)" …`);

  config
    .command("get <key>")
    .description("print one value and nothing else (exit 1 when it is not set)")
    .action((key: string, _options: unknown, command: Command) => {
      const { profile } = context(command);
      const value = profile.get(configKey(key));
      if (value === undefined) throw new CliError(`${key} is not set in profile ${profile.name}`);
      process.stdout.write(`${value}\n`);
    });

  config
    .command("set <key> <value>")
    .description("store a value")
    .action((key: string, value: string, _options: unknown, command: Command) => {
      const { profile } = context(command);
      const name = configKey(key);
      profile.set({ [name]: name === "api.url" ? httpOrigin(value) : value });
    });

  config
    .command("list")
    .description("show the profile's keys (tokens shortened)")
    .action((_options: unknown, command: Command) => {
      const { profile, json } = context(command);
      const entries = profile.entries().map(([key, value]) => ({ key, value: shown(key, value) }));
      if (json) return printJson({ profile: profile.name, ...Object.fromEntries(entries.map((e) => [e.key, e.value])) });
      printRows(false, entries, [
        { heading: `key (profile ${profile.name})`, value: (e) => e.key },
        { heading: "value", value: (e) => e.value ?? "(not set)" },
      ]);
    });
}
