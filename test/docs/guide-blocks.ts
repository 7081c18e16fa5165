/**
 * The guide's console blocks as commands, and a way to run them as a reader does: one bash per
 * block in a pseudo-terminal (apply asks only on a terminal), with `npx` and `paycfg` on PATH
 * running this checkout's CLI (test/helpers/cli-build.ts), and each command's exit code recorded.
 */
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn, type IPty } from '@lydell/node-pty';
import { cliNodeArgs } from '../helpers/cli-build.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ConsoleCommand {
  /** 1-based line of the README */
  line: number;
  /** the command without its trailing comment, continuation lines joined */
  command: string;
  /** 0 unless the comment says `exit N` */
  expectedExit: number;
  /** for a transcript (`$ ` lines), the lines printed after it */
  output: string[];
}

export interface ConsoleBlock {
  /** 1-based line of the opening fence */
  line: number;
  /** a captured session: `$ ` commands, each followed by what it printed */
  transcript: boolean;
  commands: ConsoleCommand[];
}

/** Splits a shell line at its trailing comment: a `#` that starts a word, outside quotes. */
export function splitComment(line: string): { command: string; comment: string } {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quote !== undefined) {
      if (c === '\\' && quote === '"') i += 1;
      else if (c === quote) quote = undefined;
    } else if (c === '\\') i += 1;
    else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return { command: line.slice(0, i).trimEnd(), comment: line.slice(i + 1).trim() };
  }
  return { command: line.trimEnd(), comment: '' };
}

/** `# exit 2` (alone or ending a longer comment, after a `;`) sets the exit code a command is expected to end with. */
function expectedExit(comment: string): number {
  const match = /(?:^|;\s*)exit (\d+)$/.exec(comment);
  return match === null ? 0 : Number(match[1]);
}

/** Every ```console block of a markdown text, in order. */
export function consoleBlocks(markdown: string): ConsoleBlock[] {
  const lines = markdown.split('\n');
  const blocks: ConsoleBlock[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!/^\s*```console\s*$/.test(lines[i]!)) continue;
    const start = i;
    const body: string[] = [];
    for (i += 1; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i += 1) body.push(lines[i]!);
    const transcript = body.some((l) => l.startsWith('$ '));
    const commands: ConsoleCommand[] = [];
    for (let j = 0; j < body.length; j += 1) {
      const raw = body[j]!;
      const line = start + j + 2;
      if (transcript) {
        if (raw.startsWith('$ ')) commands.push({ line, ...parsed(raw.slice(2)), output: [] });
        else commands.at(-1)?.output.push(raw);
        continue;
      }
      if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
      let text = raw;
      while (/\\$/.test(splitComment(text).command) && j + 1 < body.length) {
        j += 1;
        text = `${splitComment(text).command.slice(0, -1).trimEnd()} ${body[j]!.trim()}`;
      }
      commands.push({ line, ...parsed(text), output: [] });
    }
    blocks.push({ line: start + 1, transcript, commands });
  }
  return blocks;
}

function parsed(text: string): { command: string; expectedExit: number } {
  const { command, comment } = splitComment(text);
  return { command: command.trim(), expectedExit: expectedExit(comment) };
}

/** A loopback port nobody listens on now, for the guide's 8080. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A directory to run the guide in, holding a copy of examples/ (the guide's paths are relative to
 * a clone), and a bin directory with the guide's two ways to start paycfg.
 */
export function createGuideDir(): { dir: string; bin: string } {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-guide-'));
  const bin = join(dir, '.bin');
  mkdirSync(bin);
  cpSync(join(ROOT, 'examples'), join(dir, 'examples'), { recursive: true });
  const run = [process.execPath, ...cliNodeArgs()].map((arg) => `'${arg}'`).join(' ') + ' "$@"';
  // An installed `paycfg` is node itself.
  writeCommand(bin, 'paycfg', `exec ${run}`);
  // `npx [--yes] paycfg[@VERSION] ARGS`. npx stays the parent of the CLI, as npm does (npm, sh -c,
  // node): `kill %1` on `npx paycfg sim &` ends the npx, not the simulator, which must notice.
  writeCommand(
    bin,
    'npx',
    [
      'while [ $# -gt 0 ]; do case "$1" in --yes|-y) shift;; *) break;; esac; done',
      'case "$1" in paycfg|paycfg@*) shift;; *) echo "npx (test): only paycfg runs here, not $1" >&2; exit 127;; esac',
      run,
    ].join('\n'),
  );
  return { dir, bin };
}

function writeCommand(bin: string, name: string, script: string): void {
  writeFileSync(join(bin, name), `#!/usr/bin/env bash\n${script}\n`);
  chmodSync(join(bin, name), 0o755);
}

export interface GuideRun {
  /** the exit code of each command, by its index in the list run */
  codes: number[];
  /** whether the port was free again once the commands had run and the background jobs ended */
  portFreed: boolean;
  /** what the terminal received, escape sequences removed */
  output: string;
  /** how many approval prompts were answered yes */
  approvals: number;
}

const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b[()][0-9A-Za-z]|\u001b[=>78]/g;

/**
 * Runs commands in one bash in a pseudo-terminal, as a reader types them: shared state (exports,
 * background jobs) holds from one to the next, the guide's port 8080 becomes `port`, and every
 * "Enter a value:" from apply is answered yes. After a command that starts a job in the background
 * on the port, it waits until the port answers, as the reader waits for "listening on". In the end
 * it waits for the background jobs (a job left running fails the run by its deadline) and for the
 * port to be free.
 */
export async function runInTerminal(options: {
  commands: readonly string[];
  cwd: string;
  bin: string;
  /** the port the commands' 8080 becomes, checked free in the end; none when the test runs the service */
  port?: number;
  env?: Record<string, string>;
  deadlineMs: number;
}): Promise<GuideRun> {
  const codesFile = join(options.cwd, '.guide-codes');
  writeFileSync(codesFile, '');
  const port = options.port;
  const tcp = `/dev/tcp/127.0.0.1/${port}`;
  const script: string[] = [];
  options.commands.forEach((command, index) => {
    const line = port === undefined ? command : command.replace(/\b8080\b/g, String(port));
    script.push(line, `printf '%s %s\\n' ${index} "$?" >> '${codesFile}'`);
    if (port !== undefined && /&$/.test(line) && line.includes(String(port))) {
      script.push(`for __i in $(seq 600); do (: > ${tcp}) 2>/dev/null && break; sleep 0.1; done`);
    }
  });
  script.push('wait');
  if (port !== undefined) script.push(`for __i in $(seq 300); do (: > ${tcp}) 2>/dev/null || { echo port-free >> '${codesFile}'; break; }; sleep 0.1; done`);
  const scriptFile = join(options.cwd, '.guide.sh');
  writeFileSync(scriptFile, `${script.join('\n')}\n`);

  const pty: IPty = spawn('bash', ['--noprofile', '--norc', scriptFile], {
    name: 'xterm-256color',
    cols: 160,
    rows: 50,
    cwd: options.cwd,
    env: {
      PATH: `${options.bin}:${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
      HOME: process.env['HOME'] ?? options.cwd,
      TERM: 'xterm-256color',
      ...options.env,
    },
  });
  let raw = '';
  let approvals = 0;
  pty.onData((data) => {
    raw += data;
    const prompts = raw.replace(ANSI, '').split('Enter a value:').length - 1;
    for (; approvals < prompts; approvals += 1) pty.write('yes\r');
  });
  const exited = new Promise<void>((resolve) => pty.onExit(() => resolve()));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), options.deadlineMs)));
  const outcome = await Promise.race([exited, deadline]);
  clearTimeout(timer);
  const output = raw.replace(ANSI, '').replace(/\r/g, '');
  if (outcome === 'late') {
    pty.kill('SIGKILL');
    throw new Error(`the commands did not end (a background job left running?):\n${output}`);
  }
  const recorded = readFileSync(codesFile, 'utf8').split('\n').filter((l) => l !== '');
  const codes: number[] = [];
  for (const entry of recorded) {
    const [index, code] = entry.split(' ');
    if (code !== undefined) codes[Number(index)] = Number(code);
  }
  return { codes, portFreed: recorded.includes('port-free'), output, approvals };
}
