/**
 * Where the captures run: one in-process simulator with a fixed seed and a fixed clock, on a free
 * loopback port, a group per capture, a temporary copy of examples/ per capture, and paycfg run
 * as a user runs it (its `main` in-process, or in a pseudo-terminal for the interactive sessions).
 * What they print is shown with the simulator at http://127.0.0.1:8080, the address the README
 * starts it on, whatever port it had.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { createApiClient, type ApiClient } from '../../src/api/index.js';
import { signSimToken, simAdminClient, startSimulator, type RunningSimulator, type SimAdminClient } from '../../src/sim/index.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The address the README starts its simulator on; every capture shows this one. */
export const SHOWN_URL = 'http://127.0.0.1:8080';
/** The simulator's clock stands still here: record timestamps and token times do not move. */
export const CAPTURE_TIME = new Date('2026-11-25T10:00:00.000Z');
const SEED = 28;
/** The example's terminal admin password, as a reader exports it; never shown (plans print `(sensitive)`). */
export const TILL_PASSWORD = 'choose-one';

export interface Run {
  code: number;
  out: string;
  err: string;
}

export interface Workspace {
  /** a directory holding a copy of examples/basic's paycfg.yaml (and the rest of examples/ under examples/) */
  dir: string;
  groupId: string;
  /** PAYCFG_BASE_URL, PAYCFG_TOKEN, TILL_ADMIN_PASSWORD and USER for this group */
  env: Record<string, string>;
  /** paycfg's main in-process in `dir`, no terminal; stdout then stderr */
  run(argv: readonly string[], extraEnv?: Record<string, string>): Promise<Run>;
  /** `$ paycfg ARGS` and what it printed, as a console block shows it */
  transcript(argv: readonly string[], options?: { extraEnv?: Record<string, string>; expectExit?: number; show?: string }): Promise<string>;
  client: ApiClient;
}

export class CaptureContext {
  private groups = 0;
  private readonly dirs: string[] = [];
  private readonly clients: ApiClient[] = [];
  /** Other addresses shown as SHOWN_URL too (proxies in front of the simulator). */
  readonly aliases: string[] = [];

  private constructor(
    readonly sim: RunningSimulator,
    readonly admin: SimAdminClient,
  ) {}

  static async start(): Promise<CaptureContext> {
    const sim = await startSimulator({ port: 0, host: '127.0.0.1', seed: SEED, now: () => CAPTURE_TIME });
    return new CaptureContext(sim, simAdminClient(sim.url));
  }

  token(groupId: string): string {
    return signSimToken({ groupId, now: CAPTURE_TIME, ttlSeconds: 24 * 3600 });
  }

  /** Text as a reader sees it: the simulator (or a proxy in front of it) at SHOWN_URL. */
  shown(text: string): string {
    let out = text;
    for (const url of [this.sim.url, ...this.aliases]) out = out.split(url).join(SHOWN_URL);
    return out.replace(/\n+$/, '');
  }

  /** A new group, G-0000000N in order, with a directory of its own holding the example. */
  async workspace(groupName = 'Demo Payments Ltd'): Promise<Workspace> {
    this.groups += 1;
    const groupId = `G-${String(this.groups).padStart(8, '0')}`;
    await this.admin.createGroup({ groupId, groupName });
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-capture-'));
    this.dirs.push(dir);
    // The example names group G-00000001; each capture's group is its own.
    writeFileSync(join(dir, 'paycfg.yaml'), readFileSync(join(ROOT, 'examples/basic/paycfg.yaml'), 'utf8').replace(/^group: .*$/m, `group: ${groupId}`));
    cpSync(join(ROOT, 'examples'), join(dir, 'examples'), { recursive: true });
    const env = { PAYCFG_BASE_URL: this.sim.url, PAYCFG_TOKEN: this.token(groupId), TILL_ADMIN_PASSWORD: TILL_PASSWORD, USER: 'jane' };
    const client = createApiClient({ baseUrl: this.sim.url, token: env.PAYCFG_TOKEN });
    this.clients.push(client);
    const run = async (argv: readonly string[], extraEnv: Record<string, string> = {}): Promise<Run> => {
      const io = captureIo({ env: { ...env, ...extraEnv }, cwd: dir });
      const code = await main(argv, io);
      return { code, out: io.out(), err: io.err() };
    };
    return {
      dir,
      groupId,
      env,
      client,
      run,
      transcript: async (argv, options = {}) => {
        const { code, out, err } = await run(argv, options.extraEnv);
        const expected = options.expectExit ?? 0;
        if (code !== expected) throw new Error(`paycfg ${argv.join(' ')} exited ${code}, not ${expected}:\n${out}${err}`);
        return this.shown(`$ ${options.show ?? `paycfg ${argv.join(' ')}`}\n${out}${err}`);
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.close()));
    await this.sim.close();
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  }
}
