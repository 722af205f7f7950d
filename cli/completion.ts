import type { Command, Option } from "commander";

export const SHELLS = ["bash", "zsh", "fish", "powershell"] as const;
export type Shell = (typeof SHELLS)[number];

interface Flag {
  name: string;
  description: string;
  /** the option takes a value */
  value: boolean;
  choices: string[];
}

/** One command of the tree: `path` is "" for the program, "/books/list" for `inkstone books list`. */
interface Node {
  path: string;
  subcommands: { name: string; description: string }[];
  flags: Flag[];
  /** the values the first argument may take, when it has a fixed set */
  choices: string[];
}

function flags(options: readonly Option[]): Flag[] {
  return options
    .filter((o) => !o.hidden)
    .flatMap((o) =>
      [o.long, o.short]
        .filter((name): name is string => Boolean(name))
        .map((name) => ({ name, description: o.description, value: o.required || o.optional, choices: o.argChoices ?? [] })),
    );
}

// The help option is commander's own, not in `options`.
const HELP: Flag[] = ["--help", "-h"].map((name) => ({ name, description: "show help", value: false, choices: [] }));

/** Every command of the program, depth first, with the program's own options offered everywhere. */
function walk(program: Command): Node[] {
  const global = flags(program.options.filter((o) => o.long !== "--version"));
  const nodes: Node[] = [];
  const visit = (command: Command, path: string) => {
    const own = command === program ? flags(program.options) : [...flags(command.options), ...global];
    nodes.push({
      path,
      subcommands: command.commands.map((c) => ({ name: c.name(), description: c.description() })),
      flags: [...own, ...HELP],
      choices: command.registeredArguments[0]?.argChoices ?? [],
    });
    for (const sub of command.commands) visit(sub, `${path}/${sub.name()}`);
  };
  visit(program, "");
  return nodes;
}

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const fishQuote = (text: string) => `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
const firstLine = (text: string) => text.split("\n")[0]!;

function bash(name: string, nodes: Node[]): string {
  const fn = `_${name.replace(/\W/g, "_")}`;
  const paths = nodes.filter((n) => n.path).map((n) => n.path).join("|");
  const cases = nodes.map((n) => {
    const values = n.flags.filter((f) => f.value).map((f) => f.name);
    return [
      `    ${quote(n.path)})`,
      `      subcommands=${quote(n.subcommands.map((s) => s.name).join(" "))}`,
      `      options=${quote(n.flags.map((f) => f.name).join(" "))}`,
      `      valued=${quote(` ${values.join(" ")} `)}`,
      `      choices=${quote(n.choices.join(" "))}`,
      ...n.flags.filter((f) => f.choices.length > 0).map((f) => `      [[ $prev == ${f.name} ]] && choices=${quote(f.choices.join(" "))}`),
      "      ;;",
    ].join("\n");
  });
  return `# ${name} completion for bash. Load it in ~/.bashrc:  eval "$(${name} completion bash)"
${fn}() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
  local path="" word i subcommands="" options="" valued="" choices=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    case "$path/$word" in
      ${paths}) path="$path/$word" ;;
    esac
  done
  case "$path" in
${cases.join("\n")}
  esac
  if [[ $valued == *" $prev "* ]]; then
    # the value of an option: its choices, else the shell's own (file names)
    [[ -n $choices && $prev == -* ]] && COMPREPLY=($(compgen -W "$choices" -- "$cur"))
    return 0
  fi
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
  elif [[ -n $subcommands ]]; then
    COMPREPLY=($(compgen -W "$subcommands" -- "$cur"))
  elif [[ -n $choices ]]; then
    COMPREPLY=($(compgen -W "$choices" -- "$cur"))
  fi
  return 0
}
complete -o default -F ${fn} ${name}
`;
}

function zsh(name: string, nodes: Node[]): string {
  const fn = `_${name.replace(/\W/g, "_")}`;
  const paths = nodes.filter((n) => n.path).map((n) => n.path).join("|");
  const described = (items: { name: string; description: string }[]) => items.map((i) => quote(`${i.name.replaceAll(":", "\\:")}:${firstLine(i.description)}`)).join(" ");
  const cases = nodes.map((n) => {
    const values = n.flags.filter((f) => f.value).map((f) => f.name);
    return [
      `    (${quote(n.path)})`,
      `      subcommands=(${described(n.subcommands)})`,
      `      flagspecs=(${described(n.flags)})`,
      `      valued=(${values.join(" ")})`,
      `      choices=(${n.choices.join(" ")})`,
      ...n.flags.filter((f) => f.choices.length > 0).map((f) => `      [[ $prev == ${f.name} ]] && choices=(${f.choices.join(" ")})`),
      "      ;;",
    ].join("\n");
  });
  return `#compdef ${name}
# ${name} completion for zsh. Load it in ~/.zshrc, after compinit:  eval "$(${name} completion zsh)"
# (or save it as ${fn} in a folder of $fpath)
${fn}() {
  local cur=\${words[CURRENT]} prev=\${words[CURRENT-1]} cmdpath="" word i
  local -a subcommands flagspecs valued choices
  for ((i = 2; i < CURRENT; i++)); do
    word=\${words[i]}
    case "$cmdpath/$word" in
      (${paths}) cmdpath="$cmdpath/$word" ;;
    esac
  done
  case "$cmdpath" in
${cases.join("\n")}
  esac
  if (( \${valued[(Ie)$prev]} )); then
    if (( $#choices )) && [[ $prev == -* ]]; then compadd -a choices; else _files; fi
    return
  fi
  if [[ $cur == -* ]]; then
    _describe -t options option flagspecs
  elif (( $#subcommands )); then
    _describe -t commands command subcommands
  elif (( $#choices )); then
    compadd -a choices
  else
    _files
  fi
}
if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
  ${fn} "$@"
else
  compdef ${fn} ${name}
fi
`;
}

function fish(name: string, nodes: Node[]): string {
  const fn = `__${name.replace(/\W/g, "_")}`;
  const paths = nodes.filter((n) => n.path).map((n) => fishQuote(n.path)).join(" ");
  const lines: string[] = [];
  for (const n of nodes) {
    const at = `-n ${fishQuote(`${fn}_at ${fishQuote(n.path)}`)}`;
    for (const sub of n.subcommands) lines.push(`complete -c ${name} ${at} -f -a ${fishQuote(sub.name)} -d ${fishQuote(firstLine(sub.description))}`);
    if (n.choices.length > 0) lines.push(`complete -c ${name} ${at} -f -a ${fishQuote(n.choices.join(" "))}`);
    for (const flag of n.flags) {
      const option = flag.name.startsWith("--") ? `-l ${flag.name.slice(2)}` : `-s ${flag.name.slice(1)}`;
      const value = flag.choices.length > 0 ? ` -x -a ${fishQuote(flag.choices.join(" "))}` : flag.value ? " -r" : "";
      lines.push(`complete -c ${name} ${at} ${option}${value} -d ${fishQuote(firstLine(flag.description))}`);
    }
  }
  return `# ${name} completion for fish. Save it:  ${name} completion fish > ~/.config/fish/completions/${name}.fish
function ${fn}_path
    set -l cmdpath ''
    for word in (commandline -opc)[2..-1]
        if contains -- "$cmdpath/$word" ${paths}
            set cmdpath "$cmdpath/$word"
        end
    end
    echo $cmdpath
end
function ${fn}_at
    set -l cmdpath (${fn}_path)
    test "$cmdpath" = "$argv[1]"
end
${lines.join("\n")}
`;
}

/**
 * PowerShell (Windows PowerShell 5.1 and PowerShell 7): the tree as JSON in a single-quoted
 * here-string (nothing in it is interpolated), keyed by the command's words ("inkstone books
 * list"; ConvertFrom-Json refuses an empty key), read by one native argument completer that walks
 * it as the bash function does. An empty answer leaves PowerShell to complete file names.
 */
function powershell(name: string, nodes: Node[]): string {
  const tree = Object.fromEntries(
    nodes.map((n) => [
      [name, ...n.path.split("/").filter(Boolean)].join(" "),
      {
        subcommands: n.subcommands.map((s) => ({ name: s.name, description: firstLine(s.description) || s.name })),
        flags: n.flags.map((f) => ({ name: f.name, description: firstLine(f.description) || f.name, value: f.value, choices: f.choices })),
        choices: n.choices,
      },
    ]),
  );
  // A line of "'@" alone would end the here-string early; JSON.stringify never starts a line with it.
  const json = JSON.stringify(tree, null, 1);
  return `# ${name} completion for PowerShell. Load it in your profile ($PROFILE):
#   ${name} completion powershell | Out-String | Invoke-Expression
Register-ArgumentCompleter -Native -CommandName ${name} -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $tree = ConvertFrom-Json @'
${json}
'@
    $words = @($commandAst.CommandElements | Where-Object { $_.Extent.EndOffset -le $cursorPosition } | ForEach-Object { $_.ToString() })
    # The word under the cursor is the one being completed, not one to walk through.
    if ($wordToComplete -ne '' -and $words.Count -gt 1 -and $words[-1] -eq $wordToComplete) { $words = $words[0..($words.Count - 2)] }
    $path = '${name}'
    foreach ($word in @($words | Select-Object -Skip 1)) {
        if ($tree.PSObject.Properties.Name -contains "$path $word") { $path = "$path $word" }
    }
    $node = $tree.PSObject.Properties[$path].Value
    $prev = if ($words.Count -gt 1) { $words[-1] } else { '' }
    $flag = @($node.flags | Where-Object { $_.name -eq $prev })[0]
    $candidates = @()
    if ($flag -and $flag.value) {
        # the value of an option: its choices, else PowerShell's own (file names)
        $candidates = @($flag.choices | ForEach-Object { @{ text = $_; tip = $flag.description } })
    } elseif ($wordToComplete -like '-*') {
        $candidates = @($node.flags | ForEach-Object { @{ text = $_.name; tip = $_.description } })
    } elseif (@($node.subcommands).Count -gt 0) {
        $candidates = @($node.subcommands | ForEach-Object { @{ text = $_.name; tip = $_.description } })
    } else {
        $candidates = @($node.choices | ForEach-Object { @{ text = $_; tip = $_ } })
    }
    $candidates | Where-Object { $_.text -like "$wordToComplete*" } | ForEach-Object {
        [System.Management.Automation.CompletionResult]::new($_.text, $_.text, 'ParameterValue', $_.tip)
    }
}
`;
}

/** A completion script for `shell`, made from the program's command tree as it is now. */
export function completionScript(program: Command, shell: Shell): string {
  const nodes = walk(program);
  const name = program.name();
  return { bash, zsh, fish, powershell }[shell](name, nodes);
}
