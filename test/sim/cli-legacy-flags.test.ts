import { describe, expect, it } from 'vitest';
import { simCommand } from '../../src/cli/commands/sim.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

/** Resolves once `condition` holds; gives up (failing the test) after `limitMs`. */
async function until(condition: () => boolean, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('paycfg sim: the legacy readings flags', () => {
  it('--legacy-groups current-api=refuse, --method-codes extended and --owner-post reach the simulator', async () => {
    let interrupt: (signal: string) => void = () => {};
    const interrupted = new Promise<string>((resolve) => (interrupt = resolve));
    const io = captureIo({ interrupted });
    const exit = simCommand.run(['--legacy-groups', 'current-api=refuse', '--method-codes', 'extended', '--owner-post', '--jwt-secret', 'flags-secret'], io);
    await until(() => io.out().includes('\n'));
    const url = io.out().trim().replace('listening on ', '');
    const token = async (group: string): Promise<string> => {
      const tokenIo = captureIo();
      await simCommand.run(['token', '--group', group, '--jwt-secret', 'flags-secret'], tokenIo);
      return tokenIo.out().trim();
    };
    const call = async (method: string, path: string, group: string, body?: unknown): Promise<any> => {
      const headers = { authorization: `Bearer ${await token(group)}`, 'content-type': 'application/json' };
      const response = await fetch(`${url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: response.status, ...((await response.json()) as object) };
    };
    await fetch(`${url}/_sim/groups`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ groupId: 'G-00000001', apiVersion: 'legacy' }) });

    expect(await call('GET', '/api/openapi/v1/emv', 'G-00000001')).toMatchObject({ status: 200, code: 13311 });
    expect(await call('POST', '/api/v2/current', 'G-00000001')).toMatchObject({ status: 200, code: 0, data: { groupId: 'G-00000001' } });
    expect(await call('POST', '/api/openapi/v1/emv', 'G-00000002', { emvName: 'brand', paymentMethod: '07', currency: 'USD', params: '{}' })).toMatchObject({ code: 0 });

    interrupt('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('refuses a bad value with a usage error naming the flag', async () => {
    await expect(simCommand.run(['--legacy-groups', 'refuse'], captureIo())).rejects.toThrow(
      '--legacy-groups must be current-api=serve or current-api=refuse, got "refuse"',
    );
    await expect(simCommand.run(['--method-codes', 'all'], captureIo())).rejects.toThrow('--method-codes must be reference or extended, got "all"');
  });

  it('says so in its help', async () => {
    const help = captureIo();
    expect(await main(['sim', '--help'], help)).toBe(0);
    for (const flag of ['--legacy-groups', '--method-codes', '--owner-post']) expect(help.out()).toContain(flag);
    expect(help.out()).toContain('code 13311');
  });
});
