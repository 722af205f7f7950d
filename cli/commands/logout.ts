import type { Command } from "commander";
import { z } from "zod";
import { context } from "../context";
import { ApiError, CliError, describeError, EXIT_NOT_LOGGED_IN } from "../errors";
import { printResult } from "../output";

export function registerLogout(program: Command): void {
  program
    .command("logout")
    .description("revoke the stored token on the server and forget it (forgotten even when the server cannot be reached)")
    .action(async (_options: unknown, command: Command) => {
      const { profile, client, json } = context(command);
      if (process.env.INKSTONE_TOKEN) throw new CliError("INKSTONE_TOKEN is set: unset it (revoke it with inkstone tokens revoke)");
      if (!profile.get("api.token")) throw new CliError(`not logged in (profile ${profile.name})`);
      let revoked = true;
      let problem: string | null = null;
      try {
        await client.data("POST", "/auth/revoke", {}, z.object({ revoked: z.literal(true) }));
      } catch (error) {
        revoked = false;
        // A token the server no longer honours is as good as revoked. Any other failure (no
        // network, a server down) must not keep the credentials here either: they are forgotten,
        // and the line says what could not be done.
        const gone = (error instanceof ApiError && error.status === 401) || (error instanceof CliError && error.exitCode === EXIT_NOT_LOGGED_IN);
        if (!gone) problem = describeError(error).line;
      }
      profile.set({ "api.token": undefined, "api.refresh_token": undefined });
      if (problem) process.stderr.write(`inkstone: warning: could not revoke the login on the server (${problem}); it stays valid there until it expires\n`);
      const sentence = revoked
        ? `Logged out of ${client.url}; the token is revoked.`
        : problem
          ? `Logged out (profile ${profile.name}): the credentials are gone from this machine, but the server was not told.`
          : "Logged out (the server had already let the token go).";
      printResult(json, { revoked, profile: profile.name, ...(problem && { error: problem }) }, sentence);
    });
}
