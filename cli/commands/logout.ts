import type { Command } from "commander";
import { z } from "zod";
import { context } from "../context";
import { ApiError, CliError, EXIT_NOT_LOGGED_IN } from "../errors";
import { printResult } from "../output";

export function registerLogout(program: Command): void {
  program
    .command("logout")
    .description("revoke the stored token on the server and forget it")
    .action(async (_options: unknown, command: Command) => {
      const { profile, client, json } = context(command);
      if (process.env.INKSTONE_TOKEN) throw new CliError("INKSTONE_TOKEN is set: unset it (revoke it with inkstone tokens revoke)");
      if (!profile.get("api.token")) throw new CliError(`not logged in (profile ${profile.name})`);
      let revoked = true;
      try {
        await client.data("POST", "/auth/revoke", {}, z.object({ revoked: z.literal(true) }));
      } catch (error) {
        // A token the server no longer honours is as good as revoked; forget it all the same.
        if (!(error instanceof ApiError && error.status === 401) && !(error instanceof CliError && error.exitCode === EXIT_NOT_LOGGED_IN)) throw error;
        revoked = false;
      }
      profile.set({ "api.token": undefined, "api.refresh_token": undefined });
      printResult(json, { revoked, profile: profile.name }, revoked ? `Logged out of ${client.url}; the token is revoked.` : `Logged out (the server had already let the token go).`);
    });
}
