/**
 * The CI files paycfg ships (action.yml, examples/ci/*) read for tests: the paycfg command lines
 * their scripts run, and a check that each names a command and flags paycfg has and parses.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { expect } from 'vitest';
import { commands } from '../../src/cli/commands/registry.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { helpText } from '../../src/cli/syntax.js';

/** The repository's root directory, without a trailing slash (as GitHub's action_path). */
export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export function readYaml<T>(path: string): T {
  return parse(readFileSync(resolve(repoRoot, path), 'utf8')) as T;
}

export interface ActionFile {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: { id?: string; name?: string; if?: string; uses?: string; with?: Record<string, unknown>; run?: string; env?: Record<string, string>; shell?: string; 'working-directory'?: string }[] };
}

/** Words that end a command: a pipe, a redirection, a list operator. */
const OPERATOR = /^(\|\|?|&&|;|\d?>>?|<)$/;

/**
 * The paycfg command lines of a shell script, as argument lists (quotes removed, `$VAR` left as
 * written), from the word `paycfg` to the first operator. Lines that only print (echo, printf) and
 * comments are not commands.
 */
export function shellInvocations(script: string): string[][] {
  const out: string[][] = [];
  for (const line of script.split('\n')) {
    // A `;` is a word of its own, so that it ends the command it follows (`then paycfg journal FILE; fi`).
    const words = (line.match(/"[^"]*"|'[^']*'|[^\s"';]+|;/g) ?? []).map((w) => w.replace(/^(["'])(.*)\1$/, '$2'));
    if (words.length === 0 || ['#', 'echo', 'printf'].some((w) => words[0]!.startsWith(w))) continue;
    const at = words.indexOf('paycfg');
    if (at < 0) continue;
    const end = words.findIndex((w, i) => i > at && OPERATOR.test(w));
    out.push(words.slice(at + 1, end < 0 ? undefined : end));
  }
  return out;
}

/**
 * Checks that argv names a paycfg command, that every flag is in the command's help, and that
 * main() gets past parsing (a file or the service is the first thing it misses). `$VAR` words and
 * the action's `"${rest[@]}"` stand for paths that do not exist.
 */
export async function expectKnownInvocation(argv: readonly string[], where: string): Promise<void> {
  // journal takes its file as an argument; promote its two environments; every other command takes manifests with -f.
  const stand = argv[0] === 'journal' ? ['does-not-exist.jsonl'] : argv[0] === 'promote' ? ['--from', 'test', '--to', 'production', '--environments', 'does-not-exist.yaml'] : ['-f', 'does-not-exist'];
  const words = argv.flatMap((w) => (w === '${rest[@]}' ? stand : w.includes('$') ? ['does-not-exist'] : [w]));
  const [name, ...rest] = words;
  expect(Object.keys(commands), `${where}: paycfg ${argv.join(' ')}`).toContain(name);
  const command = await commands[name!]!.load();
  const help = helpText(command.name, command.syntax);
  for (const flag of rest.filter((a) => a.startsWith('-'))) expect(help, `${where}: paycfg ${name} ${flag}`).toContain(flag.replace(/=.*$/, ''));
  // In a directory of its own: a report flag (--sarif, --junit) writes its file even for a refused manifest.
  const io = captureIo({ env: {}, cwd: mkdtempSync(join(tmpdir(), 'paycfg-invocation-')) });
  const code = await main(words, io);
  expect(code, `${where}: paycfg ${words.join(' ')}`).not.toBe(0);
  expect(io.err(), `${where}: paycfg ${words.join(' ')}`).not.toMatch(/unknown flag|Unknown option|unexpected argument|Usage:/i);
}
