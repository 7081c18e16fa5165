import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completionModel } from '../../src/cli/commands/completion.js';
import { commands } from '../../src/cli/commands/registry.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

const hasShell = (shell: string): boolean => spawnSync(shell, ['-c', 'true']).status === 0;
const ZSH = hasShell('zsh');

async function printed(shell: string): Promise<string> {
  const io = captureIo();
  expect(await main(['completion', shell], io)).toBe(0);
  expect(io.err()).toBe('');
  return io.out();
}

let dir: string;
let bashFile: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paycfg-completion-'));
  bashFile = join(dir, 'paycfg.bash');
  await writeFile(bashFile, await printed('bash'));
  // What the file completions list: two manifests, a saved plan and a directory.
  const work = join(dir, 'work');
  await mkdir(join(work, 'manifests'), { recursive: true });
  await writeFile(join(work, 'group.yaml'), '');
  await writeFile(join(work, 'merchants.yaml'), '');
  await writeFile(join(work, 'plan.json'), '');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What bash offers for the command line `words`, the cursor at the end of the last word. */
function bashCompletes(words: string[]): string[] {
  const run = spawnSync(
    'bash',
    ['--norc', '--noprofile', '-c', 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); _paycfg; printf "%s\\n" "${COMPREPLY[@]}"', 'bash', bashFile, ...words],
    { cwd: join(dir, 'work'), encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout.split('\n').filter((line) => line !== '').sort();
}

describe('paycfg completion', () => {
  it('prints a bash script that bash -n accepts', async () => {
    const run = spawnSync('bash', ['-n', bashFile], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it.skipIf(!ZSH)(`prints a zsh script that zsh -n accepts${ZSH ? '' : ' (skipped: zsh is not installed on this machine)'}`, async () => {
    const file = join(dir, '_paycfg');
    await writeFile(file, await printed('zsh'));
    const run = spawnSync('zsh', ['-n', file], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('completes commands, and help with them', () => {
    expect(bashCompletes(['paycfg', 'ap'])).toEqual(['apply']);
    expect(bashCompletes(['paycfg', 's'])).toEqual(['show', 'sim']);
    expect(bashCompletes(['paycfg', 'help', 'dr'])).toEqual(['drift']);
    expect(bashCompletes(['paycfg', '--v'])).toEqual(['--version']);
  });

  it("completes a command's flags", () => {
    expect(bashCompletes(['paycfg', 'apply', '--auto'])).toEqual(['--auto-approve']);
    expect(bashCompletes(['paycfg', 'plan', '-f', 'group.yaml', '--det'])).toEqual(['--detailed-exitcode']);
    expect(bashCompletes(['paycfg', 'sim', '--pid'])).toEqual(['--pid-file']);
    expect(bashCompletes(['paycfg', 'export', '--out'])).toEqual(['--out', '--out-dir']);
  });

  it('completes file names after -f, --out and -o, and a plan file where apply and show take one', () => {
    const files = ['group.yaml', 'manifests', 'merchants.yaml', 'plan.json'];
    expect(bashCompletes(['paycfg', 'plan', '-f', ''])).toEqual(files);
    expect(bashCompletes(['paycfg', 'validate', '--file', 'm'])).toEqual(['manifests', 'merchants.yaml']);
    expect(bashCompletes(['paycfg', 'plan', '-f', 'group.yaml', '-o', 'p'])).toEqual(['plan.json']);
    // bash splits --out=FILE at the = (COMP_WORDBREAKS).
    expect(bashCompletes(['paycfg', 'plan', '--out', '=', 'p'])).toEqual(['plan.json']);
    expect(bashCompletes(['paycfg', 'apply', 'p'])).toEqual(['plan.json']);
    expect(bashCompletes(['paycfg', 'show', ''])).toEqual(files);
    expect(bashCompletes(['paycfg', 'export', '--out-dir', ''])).toEqual(['manifests']);
  });

  it('completes sim token and the values of --wire-style and --summary-lists, and nothing for a free value', () => {
    expect(bashCompletes(['paycfg', 'sim', ''])).toEqual(['token']);
    expect(bashCompletes(['paycfg', 'sim', 'token', '--g'])).toEqual(['--group']);
    expect(bashCompletes(['paycfg', 'sim', '--wire-style', ''])).toEqual(['real', 'reference']);
    expect(bashCompletes(['paycfg', 'sim', '--port', '8080', '--summary-lists', 'p'])).toEqual(['profile']);
    expect(bashCompletes(['paycfg', 'sim', '--port', ''])).toEqual([]);
    expect(bashCompletes(['paycfg', 'completion', ''])).toEqual(['bash', 'zsh']);
  });

  it("holds every flag of every command's syntax, in both scripts", async () => {
    const bash = await printed('bash');
    const zsh = await printed('zsh');
    const model = await completionModel();
    for (const [name, entry] of Object.entries(commands)) {
      const command = await entry.load();
      for (const [sub, syntax] of [[name, command.syntax], ...Object.entries(command.subcommands ?? {}).map(([s, c]) => [`${name} ${s}`, c.syntax] as const)] as const) {
        const declared = Object.entries(syntax.flags).map(([flag, spec]) => `--${spec.negated === true ? 'no-' : ''}${flag}`);
        expect(model.commands.find((c) => c.path === sub)?.flags.map((f) => f.long)).toEqual(declared);
        const bashLine = bash.split('\n').find((line) => line.startsWith(`    "${sub}") _paycfg_words -`));
        for (const flag of declared) {
          expect(bashLine, `bash: ${sub} ${flag}`).toContain(` ${flag} `);
          expect(zsh, `zsh: ${sub} ${flag}`).toContain(flag);
        }
      }
    }
  });

  it('refuses a missing or unknown shell with a usage error', async () => {
    const none = captureIo();
    expect(await main(['completion'], none)).toBe(1);
    expect(none.err()).toContain('Error: paycfg completion: name the shell: paycfg completion bash, or paycfg completion zsh\n');
    const fish = captureIo();
    expect(await main(['completion', 'zhs'], fish)).toBe(1);
    expect(fish.err()).toContain('Error: paycfg completion: no completion for "zhs"; did you mean zsh?\n');
  });
});
