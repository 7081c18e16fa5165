import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { simCommand } from '../../src/cli/commands/sim.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { watchParent } from '../../src/cli/parent-watch.js';
import { SimPortTakenError } from '../../src/sim/errors.js';
import { startSimulator } from '../../src/sim/index.js';
import { cliNodeArgs } from '../helpers/cli-build.js';


/** Resolves once `condition` holds; gives up (failing the test) after `limitMs`. */
async function until(condition: () => boolean | Promise<boolean>, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const readPid = async (path: string): Promise<number | undefined> => {
  const text = await readFile(path, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : Number(text.trim());
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paycfg-sim-lifecycle-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('paycfg sim on a port that is taken', () => {
  it('says the port is taken and how to free it, and exits 1', async () => {
    const first = await startSimulator();
    try {
      const io = captureIo();
      expect(await main(['sim', '--port', String(first.port)], io)).toBe(1);
      expect(io.err()).toBe(
        `Error: port ${first.port} on 127.0.0.1 is taken (another paycfg sim? stop it with \`kill %1\` in the shell that started it, or pick another --port, or --port 0 for a free one)\n`,
      );
      expect(io.out()).toBe('');
      // The first simulator is untouched.
      expect((await fetch(`${first.url}/_sim/settings`)).status).toBe(200);
    } finally {
      await first.close();
    }
  });

  it('is a SimPortTakenError from the library, with the host and port', async () => {
    const first = await startSimulator();
    try {
      const refused = await startSimulator({ port: first.port }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(SimPortTakenError);
      expect((refused as SimPortTakenError).details).toEqual({ host: '127.0.0.1', port: first.port });
    } finally {
      await first.close();
    }
  });
});

describe('paycfg sim --pid-file', () => {
  it('writes its pid once it listens and deletes the file when it stops', async () => {
    let interrupt: (signal: string) => void = () => {};
    const io = captureIo({ cwd: dir, interrupted: new Promise<string>((resolve) => (interrupt = resolve)) });
    const exit = simCommand.run(['--port', '0', '--pid-file', 'sim.pid'], io);
    await until(() => io.out().includes('\n'));
    expect(await readFile(join(dir, 'sim.pid'), 'utf8')).toBe(`${process.pid}\n`);
    interrupt('SIGTERM');
    expect(await exit).toBe(0);
    expect(await readPid(join(dir, 'sim.pid'))).toBeUndefined();
    expect(io.err()).toBe('');
  });

  it('that cannot be written stops the simulator it started and exits 1', async () => {
    const io = captureIo({ cwd: dir });
    expect(await main(['sim', '--port', '0', '--pid-file', 'missing/sim.pid'], io)).toBe(1);
    expect(io.err()).toBe(`Error: cannot write the pid file ${join(dir, 'missing/sim.pid')}: ENOENT\n`);
    expect(io.out()).toBe('');
  });

  it('lets a script stop the simulator with kill $(cat FILE)', async () => {
    const pidPath = join(dir, 'sim.pid');
    const child = spawn(process.execPath, [...cliNodeArgs(), 'sim', '--port', '0', '--pid-file', pidPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await until(async () => (await readPid(pidPath)) !== undefined);
      expect(await readPid(pidPath)).toBe(child.pid);
      const url = /listening on (\S+)/.exec(out)?.[1] as string;
      expect((await fetch(`${url}/_sim/settings`)).status).toBe(200);
      process.kill((await readPid(pidPath)) as number, 'SIGTERM');
      expect(await exited).toBe(0);
      expect(await readPid(pidPath)).toBeUndefined();
      await expect(fetch(`${url}/_sim/settings`)).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('paycfg sim whose parent ends', () => {
  it('stops, as one started by npx does when npm and its shell are killed', async () => {
    const pidPath = join(dir, 'sim.pid');
    // `; true` keeps sh from exec'ing node: sh stays the parent, as in npx's `sh -c paycfg …`.
    const command = `${[process.execPath, ...cliNodeArgs()].map((arg) => `'${arg}'`).join(' ')} sim --port 0 --pid-file '${pidPath}' 2>'${join(dir, 'err.txt')}'; true`;
    const shell = spawn('sh', ['-c', command], { stdio: 'ignore' });
    let simPid: number | undefined;
    try {
      await until(async () => (simPid = await readPid(pidPath)) !== undefined);
      expect(simPid).not.toBe(shell.pid);
      // SIGKILL: the shell forwards nothing, as npm's `sh -c` does not on SIGTERM.
      shell.kill('SIGKILL');
      await until(() => !alive(simPid as number));
      expect(await readPid(pidPath)).toBeUndefined();
      expect(await readFile(join(dir, 'err.txt'), 'utf8')).toBe(`paycfg sim: stopping, as the process that started it (pid ${shell.pid}) has ended\n`);
    } finally {
      if (simPid !== undefined && alive(simPid)) process.kill(simPid, 'SIGKILL');
    }
  });

  it('is noticed when the parent pid changes, and not before', async () => {
    let parent = 4242;
    const watch = watchParent({ intervalMs: 5, parentPid: () => parent });
    let gone: number | undefined;
    void watch.gone.then((pid) => (gone = pid));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(gone).toBeUndefined();
    parent = 1;
    expect(await watch.gone).toBe(4242);
  });
});
