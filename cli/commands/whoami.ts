import type { Command } from "commander";
import { userSchema } from "../../server/users/schemas";
import { context } from "../context";
import { jsonFields } from "../json-output";
import { printRecord } from "../output";

export function registerWhoami(program: Command): void {
  jsonFields(program.command("whoami"), [...Object.keys(userSchema.shape), "scopes", "server", "profile"])
    .description("show who the stored (or INKSTONE_TOKEN) credential signs in as, and where")
    .action(async (_options: unknown, command: Command) => {
      const { profile, client, json } = context(command);
      const user = await client.data("GET", "/api/v1/users/me", {}, userSchema);
      printRecord(json, { ...user, scopes: client.scopes(), server: client.url, profile: profile.name });
    });
}
