/**
 * The apply display on a terminal, as a person sees it in a pseudo-terminal: each state's icon in
 * its colour, the cursor hidden while it draws, a failure wrapped at the terminal's width, and the
 * width read again after the window is resized. Changes are held in flight by a proxy in front of
 * the simulator, never by timers.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isWrite, startHoldingProxy, type HeldRequest, type HoldingProxy } from '../../helpers/holding-proxy.js';
import { CTRL_C, endTestDeadline, killAllSessions, PTY_TEST_TIMEOUT, startPaycfg, startTestDeadline, type PtySession } from '../../helpers/pty-session.js';
import { startTestSimulator, type TestSimulator } from '../../helpers/simulator.js';

const basic = new URL('../../../examples/basic/paycfg.yaml', import.meta.url).pathname;
let sim: TestSimulator;
let groupCounter = 0;
const proxies: HoldingProxy[] = [];

beforeAll(async () => {
  sim = await startTestSimulator();
});
beforeEach(() => startTestDeadline());
afterEach(async () => {
  killAllSessions();
  endTestDeadline();
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});
afterAll(async () => {
  await sim.close();
});

async function freshGroup(options: { enablerParams?: string } = {}): Promise<{ env: Record<string, string> }> {
  groupCounter += 1;
  const groupId = `G-8${String(groupCounter).padStart(7, '0')}`;
  await sim.admin.createGroup({ groupId, ...options });
  return { env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId), TILL_ADMIN_PASSWORD: 'till-admin-secret-42' } };
}

/** examples/basic without its group pin, edited by `edit`. */
function manifest(edit: (text: string) => string = (text) => text): string {
  const file = join(mkdtempSync(join(tmpdir(), 'paycfg-pty-')), 'paycfg.yaml');
  writeFileSync(file, edit(readFileSync(basic, 'utf8').replace(/^group: .*$/m, '')));
  return file;
}

/** A second device, till-2, without the mid the group requires: the service refuses its create. */
const withRefusedTill = (text: string): string =>
  text.replace('    enablerParams: [tid, mid]\n', '').replace(
    /(\n        deviceAdmin: .*\n)/,
    '$1      - deviceAlias: till-2\n        deviceName: Back till\n        deviceType: COTS\n        methods: ["01"]\n        acquirerFields:\n          host-a-usd: { tid: "00000002" }\n',
  );

/** A proxy that holds the writes `held` picks until release(); `arrived` resolves as the first of them comes in. */
async function holdWrites(held: (request: HeldRequest) => boolean) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  const proxy = await startHoldingProxy(sim.url, {
    hold(request) {
      if (!isWrite(request) || !held(request)) return;
      arrived();
      return gate;
    },
  });
  proxies.push(proxy);
  return { proxy, release, arrived: first };
}

/** The display's lines (kinds and the failures under them) with their icon's colour. */
function displayLines(session: PtySession): { text: string; colour: number | undefined; dim: boolean }[] {
  return session.leadingStyles().filter((line) => /^. (Write|Remove) .+ \(\d+\/\d+\)/.test(line.text) || line.text.startsWith('  › '));
}

/** The failed kind's line, the failure under it, and the summary's headline after them; the profile's id (the simulator's) as <id>. */
function around(session: PtySession): string[] {
  const screen = session.screen();
  const failed = screen.findIndex((line) => line.startsWith('✖ '));
  const headline = screen.findIndex((line) => line.startsWith('Apply failed: '));
  return screen.slice(failed, headline + 1).map((line) => line.replace(/\b1\d{3}\b/g, '<id>'));
}

// xterm's palette: 1 red, 2 green, 3 yellow.
const [RED, GREEN, YELLOW] = [1, 2, 3];

describe('the apply display on a terminal', { timeout: PTY_TEST_TIMEOUT }, () => {
  it('draws each state in its colour: in flight, waiting, done, not started; and hides the cursor while it draws', async () => {
    const { env } = await freshGroup();
    const hold = await holdWrites((request) => request.path.startsWith('/api/openapi/v1/acquirer'));
    const session = startPaycfg(['apply', '-f', manifest(), '--auto-approve'], { env: { ...env, PAYCFG_BASE_URL: hold.proxy.url } });
    await hold.arrived;
    await session.waitFor(/✔ Write EMV configs \(2\/2\)\n[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Write acquirer profiles \(0\/1\)\n◼ Write merchants \(0\/1\)\n◼ Write merchant bindings \(0\/1\)\n◼ Write devices \(0\/1\)/);
    const live = displayLines(session);
    expect(live.map(({ text, colour, dim }) => [text.replace(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/, '⠋'), colour, dim])).toEqual([
      ['✔ Write EMV configs (2/2)', GREEN, false],
      ['⠋ Write acquirer profiles (0/1)', YELLOW, false],
      ['◼ Write merchants (0/1)', undefined, true],
      ['◼ Write merchant bindings (0/1)', undefined, true],
      ['◼ Write devices (0/1)', undefined, true],
    ]);
    expect(session.cursorVisible()).toBe(false);
    session.type(CTRL_C);
    await session.waitFor('stopping, 1 in flight');
    hold.release();
    expect(await session.exited()).toBe(130);
    expect(displayLines(session).map(({ text, colour, dim }) => [text, colour, dim])).toEqual([
      ['✔ Write EMV configs (2/2)', GREEN, false],
      ['✔ Write acquirer profiles (1/1)', GREEN, false],
      ['↓ Write merchants (0/1): 1 not started (interrupted)', YELLOW, false],
      ['↓ Write merchant bindings (0/1): 1 not started (interrupted)', YELLOW, false],
      ['↓ Write devices (0/1): 1 not started (interrupted)', YELLOW, false],
    ]);
    expect(session.cursorVisible()).toBe(true);
  });

  it('marks a failed kind in red and wraps its failure at the terminal width, in the default colour', async () => {
    const { env } = await freshGroup({ enablerParams: 'tid,mid' });
    const session = startPaycfg(['apply', '-f', manifest(withRefusedTill), '--auto-approve'], { env, cols: 80 });
    expect(await session.exited()).toBe(1);
    expect(displayLines(session).map(({ text, colour, dim }) => [text, colour, dim])).toEqual([
      ['✔ Write EMV configs (2/2)', GREEN, false],
      ['✔ Write acquirer profiles (1/1)', GREEN, false],
      ['✔ Write merchants (1/1)', GREEN, false],
      ['✔ Write merchant bindings (1/1)', GREEN, false],
      ['✖ Write devices (1/2)', RED, false],
      ['  › 1 failed: device/coffee-001/till-2: POST /api/openapi/v1/device: the', undefined, false],
    ]);
    expect(around(session)).toEqual([
      '✖ Write devices (1/2)',
      '  › 1 failed: device/coffee-001/till-2: POST /api/openapi/v1/device: the',
      '    service refused the request (code 10000): extParams.acquirers.<id>.mid',
      '    required: acquirer profile host-a-usd (<id>) needs enabler fields tid, mid',
      'Apply failed: 6 done, 1 failed, 0 skipped.',
    ]);
  });

  it('lays a frame out at the width the terminal has when it draws it, after a resize too', async () => {
    const { env } = await freshGroup({ enablerParams: 'tid,mid' });
    const hold = await holdWrites((request) => request.path.startsWith('/api/openapi/v1/device'));
    const session = startPaycfg(['apply', '-f', manifest(withRefusedTill), '--auto-approve'], { env: { ...env, PAYCFG_BASE_URL: hold.proxy.url }, cols: 120 });
    await hold.arrived;
    await session.waitFor(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Write devices \(0\/2\)/);
    session.resize(60, 30);
    hold.release();
    expect(await session.exited()).toBe(1);
    expect(around(session)).toEqual([
      '✖ Write devices (1/2)',
      '  › 1 failed: device/coffee-001/till-2: POST',
      '    /api/openapi/v1/device: the service refused the request',
      '    (code 10000): extParams.acquirers.<id>.mid required:',
      '    acquirer profile host-a-usd (<id>) needs enabler fields',
      '    tid, mid',
      'Apply failed: 6 done, 1 failed, 0 skipped.',
    ]);
  });
});
