import { Argument, type Command } from "commander";
import { completionScript, SHELLS, type Shell } from "../completion";

export function registerCompletion(program: Command): void {
  program
    .command("completion")
    .description("print a shell completion script for bash, zsh, fish or PowerShell")
    .addArgument(new Argument("<shell>", "the shell").choices(SHELLS))
    .addHelpText(
      "after",
      `\nLoad it:\n  bash  eval "$(inkstone completion bash)"    # in ~/.bashrc\n  zsh   eval "$(inkstone completion zsh)"     # in ~/.zshrc, after compinit\n  fish  inkstone completion fish > ~/.config/fish/completions/inkstone.fish\n  powershell  inkstone completion powershell | Out-String | Invoke-Expression    # in $PROFILE`,
    )
    .action((shell: Shell) => {
      process.stdout.write(completionScript(program, shell));
    });
}
