import { ExitCode, UsageError } from '../../errors.js';
import { closestMatch } from '../../manifest/did-you-mean.js';
import { SUMMARY_LISTS } from '../../sim/rules/summary-lists.js';
import { WIRE_STYLES } from '../../sim/http/wire-style.js';
import type { Command } from '../command.js';
import { bashScript, zshScript, type CommandCompletion, type CompletionModel, type ValueCompletion } from '../completion-scripts.js';
import { parseFlags } from '../parse-flags.js';
import { noColorAccepted, type CommandSyntax, type FlagSpec } from '../syntax.js';
import { commands } from './registry.js';

const SHELLS = { bash: bashScript, zsh: zshScript } as const;
type Shell = keyof typeof SHELLS;

const syntax = {
  usage: ['bash|zsh'],
  description: `Prints a script that completes paycfg's commands, flags, file names and flag values in bash or zsh.

bash: load it in this shell with
  source <(paycfg completion bash)
or for every new shell (bash-completion 2 reads this directory)
  paycfg completion bash > ~/.local/share/bash-completion/completions/paycfg

zsh: load it in this shell (after compinit) with
  source <(paycfg completion zsh)
or for every new shell, with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc,
  paycfg completion zsh > ~/.zfunc/_paycfg

The script holds the flags of the paycfg that printed it: print it again after an upgrade.`,
  maxArgs: 1,
  flags: { color: noColorAccepted },
  exitCodes: [
    [0, 'the script was printed'],
    [1, 'no shell or an unknown one'],
  ],
} as const satisfies CommandSyntax;

/**
 * Values the syntax names only in words (`--wire-style S`): the lists the commands check them
 * against, by `command --flag`. Any other flag's value completes by its placeholder (valueOf).
 */
const FLAG_CHOICES: Readonly<Record<string, readonly string[]>> = {
  'sim --wire-style': WIRE_STYLES,
  'sim --summary-lists': SUMMARY_LISTS,
};

/** A positional argument other than a file (a command's maxArgs) or a subcommand's name. */
const POSITIONAL_CHOICES: Readonly<Record<string, readonly string[]>> = {
  completion: Object.keys(SHELLS),
};

/** A PATH or FILE placeholder is a file name, DIR a directory; other placeholders take free text. */
function valueOf(path: string, long: string, spec: FlagSpec): ValueCompletion | undefined {
  if (spec.type === 'boolean') return undefined;
  const choices = FLAG_CHOICES[`${path} ${long}`];
  if (choices !== undefined) return { kind: 'words', words: choices };
  const placeholder = spec.value ?? 'VALUE';
  if (placeholder === 'PATH' || placeholder === 'FILE') return { kind: 'files' };
  if (placeholder === 'DIR') return { kind: 'dirs' };
  return { kind: 'free', placeholder };
}

function completionOf(path: string, summary: string, command: Command): CommandCompletion {
  const flags = Object.entries(command.syntax.flags).map(([name, spec]) => {
    const long = `--${spec.negated === true ? 'no-' : ''}${name}`;
    const value = valueOf(path, long, spec);
    return {
      long,
      ...(spec.short !== undefined ? { short: `-${spec.short}` } : {}),
      help: spec.help,
      ...(value !== undefined ? { value } : {}),
      repeatable: spec.multiple === true,
    };
  });
  const choices = POSITIONAL_CHOICES[path];
  const subcommands = Object.keys(command.subcommands ?? {});
  const positional: ValueCompletion | undefined =
    choices !== undefined
      ? { kind: 'words', words: choices }
      : subcommands.length > 0
        ? { kind: 'words', words: subcommands }
        : (command.syntax.maxArgs ?? 0) > 0
          ? { kind: 'files' }
          : undefined;
  return { path, summary, flags, ...(positional !== undefined ? { positional } : {}) };
}

/** Every command and subcommand in the registry, as the scripts complete them. */
export async function completionModel(): Promise<CompletionModel> {
  const top: CommandCompletion[] = [];
  const subs: CommandCompletion[] = [];
  for (const [name, entry] of Object.entries(commands)) {
    const command = await entry.load();
    top.push(completionOf(name, entry.summary, command));
    for (const [subName, sub] of Object.entries(command.subcommands ?? {})) {
      subs.push(completionOf(`${name} ${subName}`, sub.syntax.description, sub));
    }
  }
  return { commands: [...top, ...subs] };
}

export const completionCommand: Command = {
  name: 'completion',
  syntax,
  async run(argv, io) {
    const { args } = parseFlags('completion', syntax, argv);
    const shell = args[0];
    if (shell === undefined) throw new UsageError('paycfg completion: name the shell: paycfg completion bash, or paycfg completion zsh');
    if (!(shell in SHELLS)) {
      const meant = closestMatch(shell, Object.keys(SHELLS));
      throw new UsageError(`paycfg completion: no completion for "${shell}"; ${meant !== undefined ? `did you mean ${meant}?` : 'the shells are bash and zsh'}`);
    }
    io.stdout.write(SHELLS[shell as Shell](await completionModel()));
    return ExitCode.Success;
  },
};
