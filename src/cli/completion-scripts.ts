/**
 * The text of `paycfg completion bash|zsh`, rendered from a model of the command line that
 * commands/completion builds from the commands' syntax: a flag added to a command is completed
 * without touching this module. Nothing here runs a shell; test/cli/completion.test.ts does.
 */

/** What the word after a flag, or a positional argument, completes to. */
export type ValueCompletion =
  | { readonly kind: 'files' }
  | { readonly kind: 'dirs' }
  | { readonly kind: 'words'; readonly words: readonly string[] }
  /** A value nothing can be suggested for (a port, a URL): the shell offers nothing rather than files. */
  | { readonly kind: 'free'; readonly placeholder: string };

export interface FlagCompletion {
  /** `--file`, `--no-color` */
  readonly long: string;
  /** `-f` */
  readonly short?: string;
  readonly help: string;
  /** Absent: a boolean flag. */
  readonly value?: ValueCompletion;
  readonly repeatable: boolean;
}

export interface CommandCompletion {
  /** `plan`, or `sim token` for a subcommand. */
  readonly path: string;
  readonly summary: string;
  readonly flags: readonly FlagCompletion[];
  /** What the command's first positional argument completes to; absent when it takes none. */
  readonly positional?: ValueCompletion;
}

export interface CompletionModel {
  /** Top-level commands first, then subcommands. */
  readonly commands: readonly CommandCompletion[];
}

/** Words safe inside a bash or zsh word list: command names, flag names and choice values are. */
function checkedWord(word: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$|^--?[A-Za-z0-9][A-Za-z0-9-]*$/.test(word)) throw new Error(`completion: "${word}" is not a plain word`);
  return word;
}

function topLevel(model: CompletionModel): CommandCompletion[] {
  return model.commands.filter((command) => !command.path.includes(' '));
}

function flagWords(command: CommandCompletion): string[] {
  return [...command.flags.flatMap((flag) => (flag.short !== undefined ? [flag.short, flag.long] : [flag.long])), '-h', '--help'].map(checkedWord);
}

function bashValue(value: ValueCompletion): string {
  switch (value.kind) {
    case 'files':
      return '_paycfg_files';
    case 'dirs':
      return '_paycfg_files -d';
    case 'words':
      return `_paycfg_words ${value.words.map(checkedWord).join(' ')}`;
    case 'free':
      return ':';
  }
}

/**
 * The bash script: one function, `_paycfg`, registered with `complete -F`. It reads COMP_WORDS
 * and COMP_CWORD only, so a test can call it with them set, without a terminal.
 */
export function bashScript(model: CompletionModel): string {
  const top = topLevel(model);
  const subcommandOf = model.commands.filter((command) => command.path.includes(' '));
  const valueCases = model.commands.flatMap((command) =>
    command.flags
      .filter((flag) => flag.value !== undefined)
      .map((flag) => {
        const names = [flag.short, flag.long].filter((name) => name !== undefined).map((name) => `"${command.path} ${checkedWord(name)}"`);
        return `    ${names.join('|')}) ${bashValue(flag.value as ValueCompletion)}; return 0 ;;`;
      }),
  );
  const flagCases = model.commands.map((command) => `    "${command.path}") _paycfg_words ${flagWords(command).join(' ')} ;;`);
  // A word (a subcommand, a shell) only right after the command; a file wherever one may go.
  const positionalCases = model.commands
    .filter((command) => command.positional !== undefined)
    .map((command) => {
      const positional = command.positional as ValueCompletion;
      const complete = `${bashValue(positional)}; return 0`;
      return `    "${command.path}") ${positional.kind === 'words' ? `(( COMP_CWORD == 2 )) && { ${complete}; }` : complete} ;;`;
    });
  const subcommandTests = subcommandOf.map((command) => {
    const [parent, sub] = command.path.split(' ') as [string, string];
    return `  if [[ $cmd == ${checkedWord(parent)} && \${COMP_WORDS[2]} == ${checkedWord(sub)} ]] && (( COMP_CWORD > 2 )); then cmd="${command.path}"; fi`;
  });
  return `# bash completion for paycfg, printed by \`paycfg completion bash\`.
# Load it in this shell:  source <(paycfg completion bash)
# For every new shell:    paycfg completion bash > ~/.local/share/bash-completion/completions/paycfg
# Regenerate it after upgrading paycfg: the flags are those of the version that printed it.

_paycfg_words() {
  local IFS=$'\\n'
  COMPREPLY=($(compgen -W "$*" -- "$cur"))
}

_paycfg_files() {
  local IFS=$'\\n'
  # Directories get their slash and names with spaces stay whole (outside completion it has no effect).
  compopt -o filenames 2>/dev/null
  if [[ $1 == -d ]]; then COMPREPLY=($(compgen -d -- "$cur")); else COMPREPLY=($(compgen -f -- "$cur")); fi
}

_paycfg() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=
  (( COMP_CWORD > 0 )) && prev=\${COMP_WORDS[COMP_CWORD-1]}
  COMPREPLY=()
  if (( COMP_CWORD <= 1 )); then
    if [[ $cur == -* ]]; then _paycfg_words --help --version; else _paycfg_words ${top.map((command) => checkedWord(command.path)).join(' ')} help; fi
    return 0
  fi
  local cmd=\${COMP_WORDS[1]}
  if [[ $cmd == help ]]; then
    (( COMP_CWORD == 2 )) && _paycfg_words ${top.map((command) => command.path).join(' ')}
    return 0
  fi
${subcommandTests.join('\n')}
  # The value of a flag: \`--out FILE\`, or \`--out=FILE\`, which bash splits at the = (COMP_WORDBREAKS).
  local flag=
  if [[ $cur == = ]]; then flag=$prev; cur=
  elif [[ $prev == = ]] && (( COMP_CWORD > 2 )); then flag=\${COMP_WORDS[COMP_CWORD-2]}
  elif [[ $prev == -* ]]; then flag=$prev
  fi
  case "$cmd $flag" in
${valueCases.join('\n')}
  esac
  if [[ $cur != -* ]]; then
    case "$cmd" in
${positionalCases.join('\n')}
    esac
  fi
  # A flag, or where the command takes no argument, the flags to choose from.
  case "$cmd" in
${flagCases.join('\n')}
  esac
  return 0
}

complete -F _paycfg paycfg
`;
}

/**
 * The first sentence of a help text, without its asides, as a zsh description: inside single
 * quotes and _arguments' brackets, so no quote, bracket, colon, backquote, backslash or dollar.
 */
function zshText(text: string): string {
  let plain = text;
  // Innermost first: (for `kill $(cat FILE)`) holds one of its own.
  for (let before = ''; before !== plain; ) [before, plain] = [plain, plain.replace(/\s*\([^()]*\)/g, '')];
  const first = plain.split(/(?<!e\.g)[.;]\s/)[0] ?? plain;
  return first
    .replace(/:\/\//g, '')
    .replace(/:\s/g, ' - ')
    .replace(/[[\]:'`\\$]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[.;,]$/, '')
    .trim();
}

function zshAction(value: ValueCompletion): string {
  switch (value.kind) {
    case 'files':
      return '_files';
    case 'dirs':
      return '_files -/';
    case 'words':
      return `(${value.words.map(checkedWord).join(' ')})`;
    case 'free':
      return ' ';
  }
}

const ZSH_MESSAGE: Partial<Record<ValueCompletion['kind'], string>> = { files: 'file', dirs: 'directory', words: 'value' };

function zshArguments(command: CommandCompletion, indent: string): string {
  const specs = command.flags.map((flag) => {
    const names = flag.short !== undefined ? `{${checkedWord(flag.short)},${checkedWord(flag.long)}}` : checkedWord(flag.long);
    const exclusive = flag.repeatable ? "'*'" : flag.short !== undefined ? `'(${flag.short} ${flag.long})'` : '';
    const value = flag.value === undefined ? '' : `:${ZSH_MESSAGE[flag.value.kind] ?? (flag.value as { placeholder: string }).placeholder}:${zshAction(flag.value)}`;
    return `${exclusive}${names}'[${zshText(flag.help)}]${value}'`;
  });
  specs.push("'(- *)'{-h,--help}'[Show this help]'");
  if (command.positional !== undefined) specs.push(`'1:argument:${zshAction(command.positional)}'`);
  return `_arguments -s \\\n${specs.map((spec) => `${indent}  ${spec}`).join(' \\\n')}`;
}

/** The zsh script: a #compdef function, to be put on $fpath as _paycfg or sourced after compinit. */
export function zshScript(model: CompletionModel): string {
  const top = topLevel(model);
  const described = top.map((command) => `    '${checkedWord(command.path)}:${zshText(command.summary)}'`);
  const cases = top.map((command) => {
    const subs = model.commands.filter((other) => other.path.startsWith(`${command.path} `));
    const own = zshArguments(command, '          ');
    if (subs.length === 0) return `        ${command.path})\n          ${own} ;;`;
    const subCases = subs.map((sub) => `            ${sub.path.split(' ')[1]})\n              shift words; (( CURRENT-- ))\n              ${zshArguments(sub, '              ')} ;;`);
    return `        ${command.path})\n          case $words[2] in\n${subCases.join('\n')}\n            *)\n              ${own.replace(/\n {10}/g, '\n              ')} ;;\n          esac ;;`;
  });
  return `#compdef paycfg
# zsh completion for paycfg, printed by \`paycfg completion zsh\`.
# Load it in this shell (after compinit):  source <(paycfg completion zsh)
# For every new shell:  paycfg completion zsh > ~/.zfunc/_paycfg  with  fpath=(~/.zfunc $fpath)
#   before compinit in ~/.zshrc.
# Regenerate it after upgrading paycfg: the flags are those of the version that printed it.

_paycfg() {
  local curcontext=$curcontext state line
  local -a commands
  commands=(
${described.join('\n')}
  )
  _arguments -C \\
    '(- *)'{-h,--help}'[Show this help]' \\
    '(- *)'{-V,--version}'[Print the version]' \\
    '1:command:->command' \\
    '*::argument:->argument'
  case $state in
    command)
      _describe -t commands 'paycfg command' commands ;;
    argument)
      curcontext=\${curcontext%:*:*}:paycfg-$words[1]:
      case $words[1] in
        help)
          _describe -t commands 'paycfg command' commands ;;
${cases.join('\n')}
      esac ;;
  esac
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _paycfg "$@"
else
  compdef _paycfg paycfg
fi
`;
}
