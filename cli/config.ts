import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { CliError } from "./errors";

export const CONFIG_KEYS = ["api.url", "api.token", "api.refresh_token"] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];
export const DEFAULT_PROFILE = "default";
const DEFAULT_URL = "http://localhost:3000";

interface ProfileSettings {
  api?: { url?: string; token?: string; refresh_token?: string };
}

interface ConfigFile {
  profiles: Record<string, ProfileSettings>;
}

/** `~/.inkstone` (HOME decides `~`), or INKSTONE_CONFIG_DIR. */
export function configDir(): string {
  return process.env.INKSTONE_CONFIG_DIR || path.join(homedir(), ".inkstone");
}

export function configPath(): string {
  return path.join(configDir(), "config.json");
}

function readConfig(): ConfigFile {
  let text: string;
  try {
    text = readFileSync(configPath(), "utf8");
  } catch {
    return { profiles: {} };
  }
  try {
    const parsed = JSON.parse(text) as Partial<ConfigFile>;
    return { profiles: typeof parsed.profiles === "object" && parsed.profiles !== null ? parsed.profiles : {} };
  } catch {
    throw new CliError(`${configPath()} is not valid JSON; fix or delete it`);
  }
}

// Tokens live in this file, so nobody else on the machine may read it: the folder is 0700 and the
// file 0600 even when they existed before with looser modes. Written beside and renamed, so a crash
// never leaves half a file.
function writeConfig(config: ConfigFile): void {
  const dir = configDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const temporary = `${configPath()}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, configPath());
}

export function isConfigKey(key: string): key is ConfigKey {
  return (CONFIG_KEYS as readonly string[]).includes(key);
}

const field = (key: ConfigKey) => key.slice("api.".length) as "url" | "token" | "refresh_token";

/** One profile's stored settings (dev, qa, prod…): a server URL and the tokens for it. */
export class Profile {
  constructor(readonly name: string) {}

  get(key: ConfigKey): string | undefined {
    return readConfig().profiles[this.name]?.api?.[field(key)];
  }

  /** Several keys in one write; `undefined` removes a key. */
  set(values: Partial<Record<ConfigKey, string | undefined>>): void {
    const config = readConfig();
    const api = { ...config.profiles[this.name]?.api };
    for (const [key, value] of Object.entries(values) as [ConfigKey, string | undefined][]) {
      if (value === undefined) delete api[field(key)];
      else api[field(key)] = value;
    }
    config.profiles[this.name] = { ...config.profiles[this.name], api };
    writeConfig(config);
  }

  entries(): [ConfigKey, string | undefined][] {
    return CONFIG_KEYS.map((key) => [key, this.get(key)]);
  }
}

/** The origin of an http(s) URL someone typed; anything else is a one-line error. */
export function httpOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`not a URL: ${value}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new CliError(`not an http:// or https:// URL: ${value}`);
  return url.origin;
}

/** The server to talk to: INKSTONE_URL, else the profile's api.url, else a local server. */
export function serverUrl(profile: Profile): string {
  return (process.env.INKSTONE_URL || profile.get("api.url") || DEFAULT_URL).replace(/\/+$/, "");
}
