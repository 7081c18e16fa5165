import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simCommand } from '../../src/cli/commands/sim.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { UsageError } from '../../src/errors.js';
import { verifyHs256 } from '../../src/sim/http/jwt.js';

/** Resolves once `condition` holds; gives up (failing the test) after `limitMs`. */
async function until(condition: () => boolean, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function runningSim(argv: string[], env: Record<string, string> = {}) {
  let interrupt: (signal: string) => void = () => {};
  const interrupted = new Promise<string>((resolve) => (interrupt = resolve));
  const io = captureIo({ env, interrupted });
  const exit = simCommand.run(argv, io);
  return { io, exit, interrupt };
}

describe('paycfg sim', () => {
  it('prints one "listening on" line, serves the API with tokens from `sim token`, and stops on interrupt', async () => {
    const env = { PAYCFG_SIM_SECRET: 'cli-secret' };
    const { io, exit, interrupt } = runningSim(['--port', '0'], env);
    await until(() => io.out().includes('\n'));
    const match = /^listening on (http:\/\/127\.0\.0\.1:(\d+))\n$/.exec(io.out());
    expect(match, io.out()).not.toBeNull();
    const url = match?.[1] as string;

    const tokenIo = captureIo({ env });
    expect(await simCommand.run(['token', '--group', 'G-00000042'], tokenIo)).toBe(0);
    const token = tokenIo.out().trim();
    const response = await fetch(`${url}/api/v2/current`, { headers: { authorization: `Bearer ${token}` } });
    expect(await response.json()).toMatchObject({ code: 0, data: { groupId: 'G-00000042' } });

    interrupt('SIGINT');
    expect(await exit).toBe(0);
    await expect(fetch(`${url}/api/v2/current`)).rejects.toThrow();
    expect(io.err()).toBe('');
  });

  it('passes the fault, paging and state flags to the simulator', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'paycfg-sim-cli-'));
    try {
      const statePath = join(dir, 'state.json');
      const { io, exit, interrupt } = runningSim(['--state', statePath, '--seed', '3', '--max-page-size', '1', '--jwt-secret', 'flag-secret', '--rate-limit', '1000', '--latency', '0']);
      await until(() => io.out().includes('\n'));
      const url = io.out().trim().replace('listening on ', '');
      const tokenIo = captureIo();
      await simCommand.run(['token', '--group', 'G-00000001', '--jwt-secret', 'flag-secret'], tokenIo);
      const headers = { authorization: `Bearer ${tokenIo.out().trim()}`, 'content-type': 'application/json' };
      for (const emvName of ['a', 'b']) {
        await fetch(`${url}/api/openapi/v1/emv`, { method: 'POST', headers, body: JSON.stringify({ emvName, paymentMethod: '01', currency: 'EUR', params: '{}' }) });
      }
      const page = (await (await fetch(`${url}/api/openapi/v1/emv?pageSize=-1`, { headers })).json()) as { data: unknown };
      expect(page.data).toMatchObject({ records: [{ emvName: 'a' }], total: 2, size: 1, current: 1, pages: 2 });
      expect(await (await fetch(`${url}/_sim/settings`)).json()).toEqual({ wireStyle: 'real', summaryLists: 'binding' });
      expect(await (await fetch(`${url}/_sim/faults`)).json()).toMatchObject({ rateLimit: 1000, maxPageSize: 1 });
      interrupt('SIGTERM');
      expect(await exit).toBe(0);
      const saved = JSON.parse(await readFile(statePath, 'utf8'));
      expect(saved.groups[0].emvConfigs.map((e: { emvName: string }) => e.emvName)).toEqual(['a', 'b']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('`sim token` signs an HS256 token for the group with the given lifetime', async () => {
    const io = captureIo();
    expect(await simCommand.run(['token', '--group', 'G-00000002', '--ttl', '120', '--jwt-secret', 's3cret'], io)).toBe(0);
    const token = io.out().trim();
    const check = verifyHs256(token, 's3cret', Math.floor(Date.now() / 1000));
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.claims.groupId).toBe('G-00000002');
      expect(check.claims.exp - (check.claims.iat ?? 0)).toBe(120);
    }
    expect(verifyHs256(token, 'other', Math.floor(Date.now() / 1000))).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('answers in the reference wire style with --wire-style reference', async () => {
    const { io, exit, interrupt } = runningSim(['--wire-style', 'reference', '--jwt-secret', 'style-secret']);
    await until(() => io.out().includes('\n'));
    const url = io.out().trim().replace('listening on ', '');
    expect(await (await fetch(`${url}/_sim/settings`)).json()).toEqual({ wireStyle: 'reference', summaryLists: 'binding' });
    const tokenIo = captureIo();
    await simCommand.run(['token', '--group', 'G-00000001', '--jwt-secret', 'style-secret'], tokenIo);
    const response = await fetch(`${url}/api/openapi/v1/emv`, { headers: { authorization: `Bearer ${tokenIo.out().trim()}` } });
    expect(await response.json()).toEqual({ msg: 'SUCCESS', code: 0, data: { total: 0, current: 1, hasNext: false, records: [] } });
    interrupt('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('refuses bad flags with a usage error', async () => {
    await expect(simCommand.run(['token'], captureIo())).rejects.toThrow(/--group is required/);
    await expect(simCommand.run(['token', '--group', 'G1'], captureIo())).rejects.toThrow(UsageError);
    await expect(simCommand.run(['token', '--group', 'G-00000001', '--ttl', '0'], captureIo())).rejects.toThrow(/--ttl/);
    await expect(simCommand.run(['--fault-rate', '2'], captureIo())).rejects.toThrow(/--fault-rate must be a number from 0 to 1/);
    await expect(simCommand.run(['--port', 'x'], captureIo())).rejects.toThrow(/--port/);
    await expect(simCommand.run(['--bogus'], captureIo())).rejects.toThrow(UsageError);
    await expect(simCommand.run(['--wire-style', 'legacy'], captureIo())).rejects.toThrow(/--wire-style must be real or reference, got "legacy"/);
  });

  it('is reachable through main(): help and error reporting', async () => {
    const help = captureIo();
    expect(await main(['sim', '--help'], help)).toBe(0);
    expect(help.out()).toContain('paycfg sim token --group');
    const bad = captureIo();
    expect(await main(['sim', 'token', '--group', 'nope'], bad)).toBe(1);
    expect(bad.err()).toMatch(/^Error: group id "nope" must look like G-00000001/);
  });
});
