/**
 * `paycfg fleet …` command lines in the files the repository ships (the reusable workflow, the CI
 * examples, a generated GitLab child pipeline, the Kubernetes manifests), checked as
 * expectKnownInvocation checks the others: the subcommand exists, each flag is in its help, and
 * main() gets past parsing. Fleet subcommands take no -f; their stand-ins differ.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { fleetCommand } from '../../src/cli/commands/fleet.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { helpText } from '../../src/cli/syntax.js';

/** Words standing for optional flags a script adds (`"${args[@]}"`): dropped. */
const OPTIONAL_WORDS = new Set(['${args[@]}']);

/**
 * `argv` as shellInvocations gives it (`fleet plan --shard "$SHARD" …`). A subcommand written as a
 * variable (`"$COMMAND"`) is checked as each of `subcommands`; the value of --shard as `1/2`, of
 * --shards as `2`, any other `$` word as a path that does not exist.
 */
export async function expectKnownFleetInvocation(argv: readonly string[], where: string, subcommands: readonly string[] = ['plan', 'drift']): Promise<void> {
  expect(argv[0], `${where}: paycfg ${argv.join(' ')}`).toBe('fleet');
  const named = argv[1]!;
  for (const sub of named.includes('$') ? subcommands : [named]) {
    const command = fleetCommand.subcommands?.[sub];
    expect(command, `${where}: paycfg fleet ${sub}`).toBeDefined();
    const words: string[] = [];
    for (const [i, word] of argv.slice(2).entries()) {
      if (OPTIONAL_WORDS.has(word)) continue;
      const flag = argv[i + 1];
      if (!word.includes('$')) words.push(word);
      else if (flag === '--shard') words.push('1/2');
      else if (flag === '--shards') words.push('2');
      else words.push('does-not-exist');
    }
    const help = helpText(`fleet ${sub}`, command!.syntax);
    for (const flag of words.filter((w) => w.startsWith('-'))) expect(help, `${where}: paycfg fleet ${sub} ${flag}`).toContain(flag.replace(/=.*$/, ''));
    // In an empty directory without a fleet: the run stops at the missing fleet (or summary file),
    // after parsing. A missing fleet is a usage error, so the usage line shows: not a sign here.
    const io = captureIo({ env: {}, cwd: mkdtempSync(join(tmpdir(), 'paycfg-fleet-invocation-')) });
    const code = await main(['fleet', sub, ...words], io);
    expect(code, `${where}: paycfg fleet ${sub} ${words.join(' ')}: ${io.err()}`).not.toBe(0);
    expect(io.err(), `${where}: paycfg fleet ${sub} ${words.join(' ')}`).not.toMatch(/unknown flag|Unknown option|unexpected argument|not yet implemented|is not a shard|must be a whole number|choose one of|is not one of|not both/i);
  }
}
