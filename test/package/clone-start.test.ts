/**
 * SLOW (about half a minute, most of it npm ci): a fresh clone of the committed HEAD, `npm ci` as
 * the README says, then every paycfg command the README runs in a clone, through `npx paycfg` with
 * an empty npx cache, as a newcomer's first run has. Each must start: print its output and exit as
 * the README says. Their times are printed, not asserted (the machine's load decides them); before
 * the CLI was a committed bundle, the first `npx paycfg` sat 35 s building the clone.
 * npm ci uses the npm cache first and the registry only for what it lacks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand, stopProcessGroup, userEnv, type Run } from '../helpers/user-shell.js';

const REPO = resolve(import.meta.dirname, '../..');
const GROUP = 'G-00000001';

let work: string;
let clone: string;
let npxCache: string;
let install: Run;
let sim: ChildProcess | undefined;
const timings: [string, number][] = [];

/** npx with an empty cache of its own (npx keeps what it links under the npm cache's _npx/), offline: it must need nothing from a registry. */
function npxEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return userEnv({ npm_config_cache: npxCache, npm_config_offline: 'true', ...extra });
}

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv, label?: string, cwd: string = clone): Promise<Run> {
  return runCommand(command, args, cwd, env).then((result) => {
    if (label !== undefined) timings.push([label, result.seconds]);
    return result;
  });
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'paycfg-clone-'));
  clone = join(work, 'paycfg');
  npxCache = join(work, 'npx-cache');
  // --no-local: a real clone of what is committed, as from the remote, not hard links to this work tree.
  const cloned = await run('git', ['clone', '--quiet', '--no-local', REPO, clone], userEnv(), undefined, work);
  if (cloned.code !== 0) throw new Error(`git clone exited ${cloned.code}:\n${cloned.stderr}`);
  install = await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], userEnv(), 'npm ci');
  if (install.code !== 0) throw new Error(`npm ci exited ${install.code}:\n${install.stderr}${install.stdout}`);
}, 300_000);

afterAll(async () => {
  // The simulator's process group: npx and the node it started.
  stopProcessGroup(sim);
  console.log(`A fresh clone, as the README runs it (seconds):\n${timings.map(([label, seconds]) => `  ${seconds.toFixed(2).padStart(6)}  ${label}`).join('\n')}`);
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

describe('a fresh clone of the committed HEAD, after npm ci (slow)', { timeout: 120_000 }, () => {
  it('npm ci installs without a warning and builds nothing', () => {
    const lines = `${install.stdout}\n${install.stderr}`.split('\n').filter((line) => /^npm (warn|error|ERR!)/i.test(line));
    expect(lines).toEqual([]);
    expect(existsSync(join(clone, 'dist'))).toBe(false);
    expect(existsSync(join(clone, 'bundle', 'paycfg.mjs'))).toBe(true);
  });

  it('npx paycfg --version starts from an empty npx cache and prints the version', async () => {
    const { version } = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as { version: string };
    const result = await run('npx', ['paycfg', '--version'], npxEnv(), 'npx paycfg --version (empty npx cache)');
    expect(result, result.stderr).toMatchObject({ code: 0, stdout: `paycfg ${version}\n` });
    const again = await run('npx', ['paycfg', '--version'], npxEnv(), 'npx paycfg --version (again)');
    expect(again.stdout).toBe(`paycfg ${version}\n`);
  });

  it('npx paycfg validate -f examples/basic starts and accepts the example', async () => {
    const result = await run('npx', ['paycfg', 'validate', '-f', 'examples/basic'], npxEnv({ TILL_ADMIN_PASSWORD: 'choose-one' }), 'npx paycfg validate -f examples/basic');
    expect(result, result.stderr).toMatchObject({ code: 0, stdout: expect.stringContaining('manifest valid') });
  });

  it('npx paycfg sim starts listening; sim token, plan and apply start against it', async () => {
    const started = performance.now();
    sim = spawn('npx', ['paycfg', 'sim', '--port', '0'], { cwd: clone, env: npxEnv(), detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((found, failed) => {
      const lines = createInterface({ input: sim!.stdout! });
      lines.on('line', (line) => {
        const match = /^listening on (http:\/\/\S+)$/.exec(line);
        if (match !== null) found(match[1]!);
      });
      sim!.on('exit', (code) => failed(new Error(`paycfg sim exited ${code} before listening`)));
    });
    timings.push(['npx paycfg sim (until it listens)', (performance.now() - started) / 1000]);

    const token = await run('npx', ['paycfg', 'sim', 'token', '--group', GROUP], npxEnv(), `npx paycfg sim token --group ${GROUP}`);
    expect(token.code, token.stderr).toBe(0);
    expect(token.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);

    const env = npxEnv({ PAYCFG_BASE_URL: url, PAYCFG_TOKEN: token.stdout.trim(), TILL_ADMIN_PASSWORD: 'choose-one' });
    const plan = await run('npx', ['paycfg', 'plan', '-f', 'examples/basic'], env, 'npx paycfg plan -f examples/basic');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('merchant/coffee-001');

    // With nobody at a terminal to answer, apply shows the plan and stops, as the README's run would without --auto-approve.
    const apply = await run('npx', ['paycfg', 'apply', '-f', 'examples/basic'], env, 'npx paycfg apply -f examples/basic (no terminal: stops at the question)');
    expect(apply.code).toBe(1);
    expect(apply.stdout).toContain('merchant/coffee-001');
    expect(apply.stderr).toContain('--auto-approve');
  });

  it('npm run demo starts the simulator and runs the whole loop', async () => {
    const started = performance.now();
    const demo = spawn('npm', ['run', 'demo'], { cwd: clone, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    demo.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => {
      demo.stdout!.on('data', (chunk: Buffer) => {
        if (!stdout.includes('Simulator listening on') && (stdout + chunk.toString()).includes('Simulator listening on')) {
          timings.push(['npm run demo (until its simulator listens)', (performance.now() - started) / 1000]);
        }
        stdout += chunk.toString();
      });
      demo.on('close', done);
    });
    timings.push(['npm run demo (the whole loop)', (performance.now() - started) / 1000]);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('Simulator listening on');
  });

  it('nothing was built along the way', () => {
    expect(existsSync(join(clone, 'dist'))).toBe(false);
  });
});
