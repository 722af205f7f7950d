import type { Command } from "commander";
import { z } from "zod";
import { SCOPES } from "../../server/auth/scopes";
import { createdTokenSchema, createTokenInput, tokenSchema, type TokenDto } from "../../server/tokens/schemas";
import { context } from "../context";
import { jsonFields } from "../json-output";
import { checkInput } from "../errors";
import { printResult, printRows } from "../output";

export function registerTokens(program: Command): void {
  const tokens = program.command("tokens").description("your API tokens: list, create (for scripts and CI), revoke");

  jsonFields(tokens.command("list"), tokenSchema)
    .description("every token of yours, newest first (\"in use\" marks the one this command sent)")
    .action(async (_options: unknown, command: Command) => {
      const { client, json } = context(command);
      const list = await client.data("GET", "/api/v1/tokens", {}, z.array(tokenSchema));
      printRows<TokenDto>(json, list, [
        // The id alone: a piped row's first field is what the next command takes (cut -f1).
        { heading: "id", value: (t) => t.id },
        { heading: "name", value: (t) => t.name },
        { heading: "in use", value: (t) => (t.current ? "in use" : "") },
        { heading: "kind", value: (t) => t.kind },
        { heading: "scopes", value: (t) => t.scopes.join(" ") },
        { heading: "expires", value: (t) => t.expiresAt },
        { heading: "last used", value: (t) => (t.lastUsedAt ? `${t.lastUsedAt} from ${t.lastUsedFrom ?? "?"}` : "never") },
      ]);
    });

  tokens
    .command("create")
    .description("mint a named personal token; it is printed once, so store it now")
    .requiredOption("--name <name>", "what it is for, e.g. \"CI backup\"")
    .requiredOption("--scopes <scopes>", `comma-separated, at most your own: ${SCOPES.join(", ")}`)
    .addHelpText("after", "\nExample:\n  export INKSTONE_TOKEN=$(inkstone tokens create --name ci --scopes read:books --json | jq -r .access_token)")
    .action(async (options: { name: string; scopes: string }, command: Command) => {
      const { client, json } = context(command);
      const scopes = options.scopes.split(",").map((s) => s.trim()).filter(Boolean);
      const body = checkInput(createTokenInput, { name: options.name, scopes: scopes as z.input<typeof createTokenInput>["scopes"] });
      const created = await client.data("POST", "/api/v1/tokens", { json: body }, createdTokenSchema);
      printResult(
        json,
        created,
        `Token "${created.token.name}" (${created.token.id}), scopes ${created.token.scopes.join(" ")}, expires ${created.token.expiresAt}:\n${created.access_token}`,
      );
    });

  tokens
    .command("revoke <tokenId>")
    .description("revoke a token at once")
    .action(async (tokenId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      await client.data("DELETE", `/api/v1/tokens/${encodeURIComponent(tokenId)}`);
      printResult(json, { id: tokenId, revoked: true }, `Revoked ${tokenId}.`);
    });
}
