import { Option, type Command } from "commander";
import { accountSchema, endedSignInsSchema, passwordResetSchema, updateAccountInput, type AccountDto } from "../../server/users/schemas";
import type { ApiClient } from "../client";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printResult } from "../output";
import { pageOptions, printListing, readListing, type PageOptions } from "../paging";

const accountPath = (userId: string) => `/api/v1/users/${encodeURIComponent(userId)}`;

/** An account named by e-mail (the admin's usual handle on it) or by id. */
async function findAccount(client: ApiClient, who: string): Promise<AccountDto> {
  if (!who.includes("@")) return client.data("GET", accountPath(who), {}, accountSchema);
  const { items } = await client.page("/api/v1/users", { email: who }, accountSchema);
  if (!items[0]) throw new CliError(`no account has the e-mail ${who}; inkstone users list shows them`);
  return items[0];
}

const signIns = (ended: { revokedTokens: number; endedSessions: number }) =>
  `${ended.revokedTokens} token${ended.revokedTokens === 1 ? "" : "s"} revoked, ${ended.endedSessions} browser${ended.endedSessions === 1 ? "" : "s"} signed out`;

/** The server's accounts, for its admin (a login or token with the admin scope). */
export function registerUsers(program: Command): void {
  const users = program.command("users").description("the server's accounts, for its admin: list, disable, enable, role, reset-password, sign-out, delete");

  pageOptions(
    users
      .command("list", { isDefault: true })
      .description("every account, newest first")
      .addOption(new Option("--role <role>", "only writers or only admins").choices(["writer", "admin"]))
      .option("--disabled", "only disabled accounts"),
  ).action(async (options: PageOptions & { role?: string; disabled?: boolean }, command: Command) => {
    const { client, json } = context(command);
    const listing = await readListing(client, "/api/v1/users", { role: options.role, disabled: options.disabled ? "true" : undefined }, accountSchema, options);
    printListing<AccountDto>(
      json,
      listing,
      [
        { heading: "id", value: (a) => a.id },
        { heading: "e-mail", value: (a) => a.email },
        { heading: "name", value: (a) => a.name },
        { heading: "role", value: (a) => a.role },
        { heading: "books", value: (a) => a.books },
        { heading: "status", value: (a) => (a.disabledAt ? `disabled ${a.disabledAt}` : "active") },
      ],
      "no accounts",
      options,
    );
  });

  users
    .command("show <account>")
    .description("one account, by e-mail or id")
    .action(async (who: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const account = await findAccount(client, who);
      printResult(json, account, `${account.email} (${account.name || "no name"}): ${account.role}, ${account.books} books, ${account.disabledAt ? `disabled since ${account.disabledAt}` : "active"}`);
    });

  for (const [name, disabled, description] of [
    ["disable", true, "stop an account signing in; its tokens and browsers are refused at once"],
    ["enable", false, "let a disabled account sign in again"],
  ] as const) {
    users
      .command(`${name} <account>`)
      .description(description)
      .action(async (who: string, _options: unknown, command: Command) => {
        const { client, json } = context(command);
        const account = await findAccount(client, who);
        const changed = await client.data("PATCH", accountPath(account.id), { json: checkInput(updateAccountInput, { disabled }) }, accountSchema);
        printResult(json, changed, `${changed.email} is ${changed.disabledAt ? "disabled" : "enabled"}.`);
      });
  }

  users
    .command("role <account>")
    .description("make an account an admin or a writer")
    .addOption(new Option("--role <role>", "writer or admin").choices(["writer", "admin"]).makeOptionMandatory())
    .action(async (who: string, options: { role: "writer" | "admin" }, command: Command) => {
      const { client, json } = context(command);
      const account = await findAccount(client, who);
      const changed = await client.data("PATCH", accountPath(account.id), { json: checkInput(updateAccountInput, { role: options.role }) }, accountSchema);
      printResult(json, changed, `${changed.email} is now ${changed.role === "admin" ? "an admin" : "a writer"}.`);
    });

  users
    .command("reset-password <account>")
    .description("give an account a new random password, printed once to hand over; every sign-in of it ends")
    .action(async (who: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const account = await findAccount(client, who);
      const reset = await client.data("POST", `${accountPath(account.id)}/password-reset`, {}, passwordResetSchema);
      printResult(json, reset, `New password for ${account.email}: ${reset.temporaryPassword}\n(shown once; ${signIns(reset)})`);
    });

  users
    .command("sign-out <account>")
    .description("revoke every token of an account and sign out its browsers; its password stays")
    .action(async (who: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const account = await findAccount(client, who);
      const ended = await client.data("POST", `${accountPath(account.id)}/sign-out`, {}, endedSignInsSchema);
      printResult(json, ended, `Signed ${account.email} out: ${signIns(ended)}.`);
    });

  users
    .command("delete <account>")
    .description("delete an account and everything it owns, for good (needs --yes)")
    .option("--yes", "confirm")
    .action(async (who: string, options: { yes?: boolean }, command: Command) => {
      if (!options.yes) throw new CliError("this deletes the account and its books for good: add --yes to confirm");
      const { client, json } = context(command);
      const account = await findAccount(client, who);
      await client.data("DELETE", accountPath(account.id));
      printResult(json, { userId: account.id, email: account.email, deleted: true }, `Deleted ${account.email} and everything it owned.`);
    });
}
