import type { Command } from "commander";
import { ApiClient } from "./client";
import { DEFAULT_PROFILE, Profile } from "./config";
import { wantsJson } from "./json-output";
import { openSession } from "./session";

export interface Context {
  profile: Profile;
  json: boolean;
  client: ApiClient;
}

interface GlobalOptions {
  profile?: string;
}

/** What every command needs, from the global options (--profile, --json, --jq) wherever they were given. */
export function context(command: Command): Context {
  const options = command.optsWithGlobals<GlobalOptions>();
  const name = options.profile || process.env.INKSTONE_PROFILE || DEFAULT_PROFILE;
  const session = openSession(name);
  return { profile: session.profile, json: wantsJson(command), client: new ApiClient(session) };
}
