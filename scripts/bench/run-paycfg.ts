import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BenchError } from './errors.js';

/** What the child process reports about one paycfg command. */
export interface ChildReport {
  readonly exitCode: number;
  /** Time inside paycfg's `main`: flag parsing, manifest loading, reads, planning, writes, rendering. */
  readonly wallMs: number;
  /** Process start to `main`: Node and paycfg's modules. */
  readonly startupMs: number;
  /** Peak resident set size of the paycfg process, in KiB. */
  readonly maxRssKb: number;
  readonly cpuUserMs: number;
  readonly cpuSystemMs: number;
  readonly stdoutBytes: number;
  /** The last characters paycfg wrote to stderr, for error messages (paycfg never writes a secret there). */
  readonly stderrTail: string;
}

/**
 * The child's whole program. It is JavaScript run with `node -e`, so that the process holds paycfg
 * as users run it (the compiled build) and nothing else: no TypeScript loader, no benchmark code.
 * paycfg's output is counted, not kept, because keeping megabytes of plan text would add to the very
 * memory being measured.
 */
const CHILD_PROGRAM = `
const { main } = await import(process.env.PAYCFG_BENCH_MAIN);
let stdoutBytes = 0;
let stderrTail = '';
const io = {
  stdout: { write: (chunk) => { stdoutBytes += Buffer.byteLength(chunk); } },
  stderr: { write: (chunk) => { stderrTail = (stderrTail + chunk).slice(-2000); } },
  stdoutIsTTY: false,
  stdinIsTTY: false,
  env: process.env,
  cwd: process.cwd(),
  interrupted: new Promise(() => {}),
};
const cpuBefore = process.cpuUsage();
const started = performance.now();
const exitCode = await main(process.argv.slice(1), io);
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(JSON.stringify({
  exitCode, wallMs, startupMs: started,
  maxRssKb: process.resourceUsage().maxRSS,
  cpuUserMs: cpu.user / 1000, cpuSystemMs: cpu.system / 1000,
  stdoutBytes, stderrTail,
}) + '\\n');
`;

export interface PaycfgBuild {
  /** The folder holding paycfg's modules: dist/ (compiled) or src/ (run through tsx). */
  readonly root: string;
  /** Extension of its module files: `.js` in dist/, `.ts` in src/. */
  readonly extension: '.js' | '.ts';
  /** Node flags a process needs to load them (`--import tsx` for the sources). */
  readonly nodeFlags: readonly string[];
}

/** Path of one of paycfg's modules in the build, e.g. `modulePath(build, 'cli/main')`. */
export function modulePath(build: PaycfgBuild, name: string): string {
  return join(build.root, `${name}${build.extension}`);
}

export interface RunPaycfgOptions {
  readonly build: PaycfgBuild;
  readonly argv: readonly string[];
  /** The child's whole environment (base URL, token, manifest variables). */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  /** Extra Node flags, e.g. `--cpu-prof` while investigating. */
  readonly nodeFlags?: readonly string[];
}

/**
 * Runs one paycfg command in a fresh Node process, so that its peak memory is paycfg's alone (the
 * simulator lives in the benchmark's process), and returns its report. Fails when the child does
 * not produce one (a crash), never because paycfg exits non-zero: the caller decides which exit
 * code its scenario expects.
 */
export function runPaycfg(options: RunPaycfgOptions): Promise<ChildReport> {
  const args = [...options.build.nodeFlags, ...(options.nodeFlags ?? []), '--input-type=module', '-e', CHILD_PROGRAM, ...options.argv];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: { ...options.env, PAYCFG_BENCH_MAIN: pathToFileURL(modulePath(options.build, 'cli/main')).href },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => void (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (err = (err + chunk).slice(-4000)));
    child.on('error', (error) => reject(new BenchError(`cannot start the paycfg child process: ${error.message}`, {}, { cause: error })));
    child.on('close', (code, signal) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as ChildReport);
      } catch {
        const why = `exit ${code ?? 'none'}${signal !== null ? `, signal ${signal}` : ''}`;
        reject(new BenchError(`paycfg ${options.argv[0] ?? ''} crashed (${why}) without a report: ${err.trim().slice(-1500)}`));
      }
    });
  });
}
