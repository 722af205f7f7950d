import type { Command } from "commander";
import { changePasswordInput, deleteOwnAccountInput, endedSignInsSchema } from "../../server/users/schemas";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printResult } from "../output";
import { readStdin } from "../stdin";

/**
 * Passwords typed at a terminal without echo, each asked with its message, or read from standard
 * input one a line (for scripts).
 */
async function passwords(messages: string[], fromStdin: boolean | undefined): Promise<string[]> {
  if (fromStdin) {
    const lines = (await readStdin()).toString("utf8").split(/\r?\n/);
    if (lines.length < messages.length || lines.slice(0, messages.length).some((line) => line === "")) {
      throw new CliError(`--password-stdin reads ${messages.length === 1 ? "the password" : `${messages.length} lines: ${messages.join(", ")}`}`);
    }
    return lines.slice(0, messages.length);
  }
  if (!process.stdin.isTTY) throw new CliError("no terminal to ask on: use --password-stdin");
  const { default: askPassword } = await import("@inquirer/password");
  const answers: string[] = [];
  for (const message of messages) answers.push(await askPassword({ message, mask: true }));
  return answers;
}

/** The signed-in writer's own account: a new password, or leaving with their data. */
export function registerAccount(program: Command): void {
  const account = program.command("account").description("your own account: change your password, delete it");

  account
    .command("password")
    .description("change your password (asks on a terminal); every other sign-in ends, this login stays")
    .option("--password-stdin", "read the current and the new password from standard input, one a line")
    .action(async (options: { passwordStdin?: boolean }, command: Command) => {
      const { client, json } = context(command);
      const [currentPassword, newPassword, repeated] = await passwords(
        options.passwordStdin ? ["current password", "new password"] : ["Current password", "New password", "New password again"],
        options.passwordStdin,
      );
      if (repeated !== undefined && repeated !== newPassword) throw new CliError("the two new passwords differ; nothing was changed");
      const body = checkInput(changePasswordInput, { currentPassword: currentPassword!, newPassword: newPassword! });
      const ended = await client.data("PUT", "/api/v1/users/me/password", { json: body }, endedSignInsSchema);
      printResult(json, ended, `Password changed; ${ended.revokedTokens + ended.endedSessions} other sign-ins ended. This login stays.`);
    });

  account
    .command("delete")
    .description("delete your account and everything it owns, for good (needs --yes; asks for your password)")
    .option("--yes", "confirm")
    .option("--password-stdin", "read the password from standard input")
    .action(async (options: { yes?: boolean; passwordStdin?: boolean }, command: Command) => {
      if (!options.yes) throw new CliError("this deletes your account and your books for good: add --yes to confirm");
      const { client, json, profile } = context(command);
      const [password] = await passwords(["Password"], options.passwordStdin);
      await client.data("DELETE", "/api/v1/users/me", { json: checkInput(deleteOwnAccountInput, { password: password! }) });
      profile.set({ "api.token": undefined, "api.refresh_token": undefined });
      printResult(json, { deleted: true }, "Your account and everything it owned are deleted; this profile is logged out.");
    });
}
