/**
 * `paycfg probe` as a person runs it on a terminal: the consent prompt, then Ctrl-C while a write
 * is in flight (it finishes, what the probe made is removed, exit 130) and Ctrl-C twice (it stops
 * at once, naming what is left, which `probe --cleanup` then removes). The binding's POST is held
 * in flight by a proxy in front of the simulator, never by timers, so that Ctrl-C lands where the
 * test says.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureIo } from '../../../src/cli/io.js';
import { main } from '../../../src/cli/main.js';
import { startHoldingProxy, type HeldRequest, type HoldingProxy } from '../../helpers/holding-proxy.js';
import { CTRL_C, killAllSessions, PTY_TEST_TIMEOUT, startPaycfg, startTestDeadline } from '../../helpers/pty-session.js';
import { startTestSimulator, type TestSimulator } from '../../helpers/simulator.js';
import { buildGroup, freshGroup, groupLists, type GroupShape } from '../../probe/probe-group.js';

const TWO_METHODS: GroupShape = {
  emvs: { 'visa-usd': '01', 'mc-usd': '02' },
  profiles: { 'host-a': { methods: { '01': ['visa-usd'], '02': ['mc-usd'] } } },
  merchants: { shop: { 'host-a': undefined } },
};

let sim: TestSimulator;
const proxies: HoldingProxy[] = [];

beforeAll(async () => {
  sim = await startTestSimulator();
});
beforeEach(() => startTestDeadline());
afterEach(async () => {
  killAllSessions();
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});
afterAll(async () => {
  await sim.close();
});

/** A group, and a proxy in front of the simulator that holds the binding's POST until release(). */
async function heldProbe() {
  const { groupId, env } = await freshGroup(sim);
  await buildGroup(sim, groupId, TWO_METHODS);
  const before = await groupLists(sim, groupId);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  let answered!: () => void;
  const landed = new Promise<void>((resolve) => (answered = resolve));
  const binding = (request: HeldRequest): boolean => request.method === 'POST' && request.path.startsWith('/api/openapi/v1/mchInfo/payment/');
  const proxy = await startHoldingProxy(sim.url, {
    hold(request) {
      if (!binding(request)) return;
      arrived();
      return gate;
    },
    rewrite(request, body) {
      if (binding(request)) answered();
      return body;
    },
  });
  proxies.push(proxy);
  const cwd = mkdtempSync(join(tmpdir(), 'paycfg-probe-pty-'));
  return { groupId, env: { ...env, PAYCFG_BASE_URL: proxy.url }, directEnv: env, before, release, held, landed, cwd };
}

describe('paycfg probe on a terminal', { timeout: PTY_TEST_TIMEOUT }, () => {
  it('asks before the first write; Ctrl-C with a write in flight: it finishes, what was made is removed, no record, exit 130', async () => {
    const { groupId, env, before, release, held, cwd } = await heldProbe();
    const session = startPaycfg(['probe'], { env, cwd, cols: 400 });
    await session.waitFor('Enter a value:');
    expect(session.text()).toContain(`Do you want to send these 4 writes to group ${groupId} at ${env.PAYCFG_BASE_URL}?`);
    session.type('yes\r');
    await held;
    await session.waitFor('  1. POST /api/openapi/v1/mchInfo: done');
    session.type(CTRL_C);
    await session.waitFor('Interrupted (SIGINT): no new write is sent; removing what the probe made.\nPress Ctrl-C again to stop at once (what it made is then left in the group).');
    release();
    expect(await session.exited()).toBe(130);
    const text = session.text();
    expect(text).toMatch(/ {2}2\. POST \/api\/openapi\/v1\/mchInfo\/payment\/M\d+: done\n/);
    expect(text).toMatch(/ {2}3\. DELETE \/api\/openapi\/v1\/mchInfo\/payment\/M\d+\?acquirerProfileId=\d+&currency=USD: done\n {2}4\. DELETE \/api\/openapi\/v1\/mchInfo\/M\d+: done\n/);
    expect(text).toContain('Probe interrupted (SIGINT): no new write was sent. Nothing the probe made is left. No record was written.');
    expect(text).not.toContain('read the summary item');
    expect(existsSync(join(cwd, 'paycfg.service.yaml'))).toBe(false);
    expect(await groupLists(sim, groupId)).toEqual(before);
  });

  it('Ctrl-C twice: stops at once naming what is left and `paycfg probe --cleanup`, which then removes it', async () => {
    const { groupId, env, directEnv, before, release, held, landed, cwd } = await heldProbe();
    const session = startPaycfg(['probe', '--auto-approve'], { env, cwd, cols: 400 });
    await held;
    session.type(CTRL_C);
    await session.waitFor('Press Ctrl-C again to stop at once');
    session.type(CTRL_C);
    expect(await session.exited()).toBe(130);
    expect(session.text()).toMatch(
      new RegExp(
        `Stopped at once\\. Left in group ${groupId}: scratch merchant M\\d+ \\(paycfg-probe-[0-9a-f]{6}\\); and whatever this write in flight did: ` +
          'POST /api/openapi/v1/mchInfo/payment/M\\d+: bind it to host-a USD with 01 only\\. Remove it with `paycfg probe --cleanup`\\. No record was written\\.',
      ),
    );
    // The held binding lands now that nobody waits for it: the merchant is left with it.
    release();
    await landed;
    const io = captureIo({ env: directEnv, cwd });
    expect(await main(['probe', '--cleanup', '--auto-approve'], io)).toBe(0);
    expect(io.out()).toMatch(/left by an earlier probe[\s\S]*Removed what earlier probes left/);
    expect(await groupLists(sim, groupId)).toEqual(before);
  });
});
