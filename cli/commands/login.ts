import { hostname } from "node:os";
import type { Command } from "commander";
import { loginInput, tokenPairSchema } from "../../server/auth/schemas";
import { ApiClient } from "../client";
import { httpOrigin, serverUrl } from "../config";
import { context } from "../context";
import { ApiError, checkInput, CliError } from "../errors";
import { printResult } from "../output";
import { readStdin } from "../stdin";

interface LoginOptions {
  url?: string;
  email?: string;
  passwordStdin?: boolean;
  scopes?: string;
}

async function credentials(options: LoginOptions, defaultUrl: string): Promise<{ url: string; email: string; password: string }> {
  if (options.passwordStdin) {
    if (!options.email) throw new CliError("--password-stdin needs --email");
    const password = (await readStdin()).toString("utf8").replace(/\r?\n$/, "");
    return { url: options.url ?? defaultUrl, email: options.email, password };
  }
  if (!process.stdin.isTTY) throw new CliError("no terminal to ask on: use --email and --password-stdin");
  // Loaded only here: every other command starts faster without the prompt library. The two
  // prompts, not @inquirer/prompts: its editor prompt alone brought 0.4 MB of encodings to the bundle.
  const [{ default: input }, { default: askPassword }] = await Promise.all([import("@inquirer/input"), import("@inquirer/password")]);
  const url = options.url ?? (await input({ message: "Server URL", default: defaultUrl }));
  const email = options.email ?? (await input({ message: "E-mail", required: true }));
  const password = await askPassword({ message: "Password" });
  return { url, email, password };
}

export function registerLogin(program: Command): void {
  program
    .command("login")
    .description("sign in and store the tokens in ~/.inkstone/config.json (asks on a terminal)")
    .option("--url <url>", "the server (default: the profile's api.url, else http://localhost:3000)")
    .option("--email <email>", "your e-mail address")
    .option("--password-stdin", "read the password from standard input (for scripts)")
    .option("--scopes <scopes>", "comma-separated scopes for this login (default: all you may hold)")
    .addHelpText("after", "\nExamples:\n  inkstone login\n  printf '%s' \"$PASSWORD\" | inkstone login --url https://ink.example --email me@example.com --password-stdin")
    .action(async (options: LoginOptions, command: Command) => {
      const { profile, json } = context(command);
      const given = await credentials(options, serverUrl(profile));
      const url = httpOrigin(given.url);
      // Kept even if the login fails, so the next attempt offers it, unless that would part a
      // stored login from its server.
      if (!profile.get("api.token")) profile.set({ "api.url": url });
      const body = checkInput(loginInput, {
        email: given.email,
        password: given.password,
        name: `inkstone CLI on ${hostname()}`,
        ...(options.scopes ? { scopes: options.scopes.split(",").map((s) => s.trim()) as never } : {}),
      });
      const pair = await new ApiClient({ profile, url })
        .data("POST", "/auth/login", { json: body, auth: false }, tokenPairSchema)
        .catch((error: unknown) => {
          // Here a 401 means the password, not a missing login.
          throw error instanceof ApiError && error.status === 401 ? new CliError(`wrong e-mail or password for ${url}`) : error;
        });
      profile.set({ "api.url": url, "api.token": pair.access_token, "api.refresh_token": pair.refresh_token });
      printResult(json, { url, email: body.email, profile: profile.name, scope: pair.scope }, `Logged in to ${url} as ${body.email} (profile ${profile.name}).`);
    });
}
