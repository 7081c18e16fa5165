import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/registry.js';
import { boxWrap, layOutDescription, layOutTable, wrapWords } from '../../src/cli/help-layout.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { helpText } from '../../src/cli/syntax.js';

async function help(path: string[]): Promise<string> {
  const io = captureIo({ env: {}, tty: false });
  expect(await main([...path, '--help'], io)).toBe(0);
  return io.out();
}

/** Every command's and subcommand's help, as a user asks for it. */
async function everyHelp(): Promise<[string, string][]> {
  const helps: [string, string][] = [];
  for (const [name, entry] of Object.entries(commands)) {
    helps.push([name, await help([name])]);
    for (const sub of Object.keys((await entry.load()).subcommands ?? {})) helps.push([`${name} ${sub}`, await help([name, sub])]);
  }
  return helps;
}

/**
 * Prose lines a greedy wrap would have filled: a line ended although the next line's first word
 * fitted after it. That is the "or / by / unsettled" of a description wrapped twice.
 */
function underfilled(text: string, width: number): string[] {
  const lines = text.split('\n');
  const found: string[] = [];
  for (let i = 0; i + 1 < lines.length; i += 1) {
    const line = lines[i]!;
    const next = lines[i + 1]!;
    // Only prose: a blank line, a heading or an indented line (flag rows, tables, commands) is laid out on purpose.
    if (line.trim() === '' || /^\s/.test(line) || line.endsWith(':') || /^\s/.test(next) || next.trim() === '') continue;
    const word = next.match(/(?:`[^`]*`|[^\s`])+`?/)?.[0] ?? '';
    if (line.length + 1 + word.length <= width) found.push(`${line}⏎${next}`);
  }
  return found;
}

describe('help layout', () => {
  it('wraps a description as prose: no word left alone on a line by a second wrap (drift --help as the trial met it)', () => {
    // drift's description as it was written when its help read "…protect:, or / by / unsettled…".
    const description = `Reports how the live group differs from the manifest: the changes apply would make, resources
the manifest does not manage, and blocked changes (refused by the service, held back by protect:, or by
unsettled settlement batches).
Sends no write. Meant for a scheduled CI job: exit code 2 when anything drifted, 0 when nothing did, 1 on error.`;
    const out = helpText('drift', { usage: ['-f PATH... [flags]'], description, flags: {}, exitCodes: [[2, 'drift: changes to make, blocked changes (refused by the service, held back by protect: or by unsettled batches), or unmanaged records']] });
    expect(out).toContain(
      [
        'Reports how the live group differs from the manifest: the changes apply would make, resources the',
        'manifest does not manage, and blocked changes (refused by the service, held back by protect:, or by',
        'unsettled settlement batches). Sends no write. Meant for a scheduled CI job: exit code 2 when',
        'anything drifted, 0 when nothing did, 1 on error.',
      ].join('\n'),
    );
    // The exit-code table wraps under its own column too.
    expect(out).toContain(
      '  2  drift: changes to make, blocked changes (refused by the service, held back by protect: or by\n     unsettled batches), or unmanaged records',
    );
  });

  it('lays out drift --help as the user asks for it', async () => {
    expect(await help(['drift'])).toContain(
      [
        'Reports how the live group differs from the manifest: the changes apply would make, blocked changes',
        '(refused by the service, held back by protect:, or by unsettled settlement batches), and every live',
        'record the manifest does not manage, a merchant\'s bindings and devices included (it reads the',
        'devices of every merchant for that). Ends in one verdict, as its exit code has it. Sends no write.',
        'Meant for a scheduled CI job: exit code 2 when anything drifted, 0 when nothing did, 1 on error.',
      ].join('\n'),
    );
  });

  it('keeps every line of every command\'s help within 100 columns, prose lines filled', async () => {
    for (const [name, out] of await everyHelp()) {
      for (const line of out.split('\n')) expect([...line].length, `${name}: ${line}`).toBeLessThanOrEqual(100);
      const description = out.split('\n\n').slice(1).join('\n\n').split('\nFlags:')[0]!;
      expect(underfilled(description, 100), name).toEqual([]);
    }
  });

  it('keeps indented lines (commands to type, tables) as written', async () => {
    const out = await help(['completion']);
    expect(out).toContain('bash: load it in this shell with\n  source <(paycfg completion bash)\nor for every new shell');
  });
});

describe('help-layout', () => {
  it('wrapWords fills each line and never cuts a code span', () => {
    expect(wrapWords('see `paycfg sim token --help` for more', 20)).toEqual(['see', '`paycfg sim token --help`', 'for more']);
    expect(wrapWords('a b c d', 3)).toEqual(['a b', 'c d']);
    expect(wrapWords('', 10)).toEqual(['']);
  });

  it('layOutDescription joins source lines of a paragraph, keeps blank and indented lines', () => {
    expect(layOutDescription('one two\nthree\n\n  kept   as is\nfour', 9)).toBe('one two\nthree\n\n  kept   as is\nfour');
    expect(layOutDescription('one two\nthree four', 80)).toBe('one two three four');
  });

  it('boxWrap keeps a line that fits, spaces and all, and wraps a longer one', () => {
    expect(boxWrap('  a    b\nlong line here', 8)).toBe('  a    b\nlong\nline\nhere');
  });

  it('layOutTable hangs a wrapped row under its text column', () => {
    expect(layOutTable('Exit codes:', [[0, 'fine'], [130, 'one two three']], 14)).toBe('Exit codes:\n  0    fine\n  130  one two\n       three');
  });
});
