/**
 * `paycfg apply` as a person runs it on a terminal: in a pseudo-terminal, keys typed, the rendered
 * screen and the exit code asserted. Changes are held in flight by a proxy in front of the
 * simulator, never by timers, so that Ctrl-C lands where the test says.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureIo } from '../../../src/cli/io.js';
import { main } from '../../../src/cli/main.js';
import { isWrite, startHoldingProxy, type HeldRequest, type HoldingProxy } from '../../helpers/holding-proxy.js';
import { CTRL_C, CTRL_D, endTestDeadline, killAllSessions, PTY_TEST_TIMEOUT, startPaycfg, startTestDeadline, type PtySession } from '../../helpers/pty-session.js';
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

async function freshGroup(options: { enablerParams?: string } = {}): Promise<{ groupId: string; env: Record<string, string> }> {
  groupCounter += 1;
  const groupId = `G-7${String(groupCounter).padStart(7, '0')}`;
  await sim.admin.createGroup({ groupId, ...options });
  return { groupId, env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId), TILL_ADMIN_PASSWORD: 'till-admin-secret-42' } };
}

/** examples/basic without its group pin, edited by `edit`. */
function manifest(edit: (text: string) => string = (text) => text): string {
  const file = join(mkdtempSync(join(tmpdir(), 'paycfg-pty-')), 'paycfg.yaml');
  writeFileSync(file, edit(readFileSync(basic, 'utf8').replace(/^group: .*$/m, '')));
  return file;
}

/**
 * A proxy that holds the writes `held` picks until release(); `arrived` resolves as the first of
 * them comes in, `landed` once the simulator has answered it (the write is done, whoever waits).
 */
async function holdWrites(held: (request: HeldRequest) => boolean) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  let answered!: () => void;
  const landed = new Promise<void>((resolve) => (answered = resolve));
  const picked = (request: HeldRequest): boolean => isWrite(request) && held(request);
  const proxy = await startHoldingProxy(sim.url, {
    hold(request) {
      if (!picked(request)) return;
      arrived();
      return gate;
    },
    rewrite(request, body) {
      if (picked(request)) answered();
      return body;
    },
  });
  proxies.push(proxy);
  return { proxy, release, arrived: first, landed, writes: () => proxy.received.filter(isWrite) };
}

async function count(groupId: string, path: string): Promise<number> {
  return ((await sim.api('GET', `/api/openapi/v1/${path}?pageSize=-1`, undefined, groupId)).body.data.records as unknown[]).length;
}

/** The display's lines `<icon> <Write|Remove> <kind>s (done/total)...`, and the sum of their done counts. */
function kindLines(session: PtySession): { lines: string[]; done: number } {
  const lines = session.screen().filter((line) => /^. (Write|Remove) .+ \(\d+\/\d+\)/.test(line));
  return { lines, done: lines.reduce((sum, line) => sum + Number(/\((\d+)\//.exec(line)![1]), 0) };
}

const PROMPT = 'Enter a value:';

describe('paycfg apply on a terminal', { timeout: PTY_TEST_TIMEOUT }, () => {
  it('shows the plan, asks, and on yes counts every change done, in colour, leaving the cursor shown', async () => {
    const { groupId, env } = await freshGroup();
    const session = startPaycfg(['apply', '-f', manifest()], { env });
    await session.waitFor(PROMPT);
    expect(session.text()).toContain('Plan: 5 to create, 1 to update, 0 to delete, 0 to replace.');
    session.type('yes\r');
    expect(await session.exited()).toBe(0);
    const { lines, done } = kindLines(session);
    expect(lines).toEqual([
      '✔ Write EMV configs (2/2)',
      '✔ Write acquirer profiles (1/1)',
      '✔ Write merchants (1/1)',
      '✔ Write merchant bindings (1/1)',
      '✔ Write devices (1/1)',
    ]);
    expect(session.screen()).toContain('Apply complete: 6 done, 0 failed, 0 skipped.');
    expect(done).toBe(6);
    expect(session.colouredLines()).toContain('✔ Write EMV configs (2/2)');
    expect(session.cursorVisible()).toBe(true);
    expect(await count(groupId, 'emv')).toBe(2);
  });

  it('Ctrl-C at the prompt cancels with exit 130, Ctrl-D with exit 1, and nothing is written', async () => {
    const { env } = await freshGroup();
    await sim.admin.resetStats();
    const file = manifest();
    const [interrupt, end] = [startPaycfg(['apply', '-f', file], { env }), startPaycfg(['apply', '-f', file], { env })];
    await Promise.all([interrupt.waitFor(PROMPT), end.waitFor(PROMPT)]);
    interrupt.type(CTRL_C);
    end.type(CTRL_D);
    expect(await interrupt.exited()).toBe(130);
    expect(await end.exited()).toBe(1);
    for (const session of [interrupt, end]) {
      const screen = session.screen();
      expect(screen.slice(-2)).toEqual(['  Enter a value:', 'Apply cancelled: nothing was changed.']);
      expect(session.text()).not.toMatch(/bug in paycfg|AbortError|    at /);
      expect(session.cursorVisible()).toBe(true);
    }
    expect((await sim.admin.stats()).writes).toBe(0);
  });

  it('Ctrl-C while changes run: they finish, none starts, the counts are the outcomes, exit 130', async () => {
    const { groupId, env } = await freshGroup();
    // The EMV configs go through; the profile's create is held in flight.
    const hold = await holdWrites((request) => request.path.startsWith('/api/openapi/v1/acquirer'));
    const file = manifest();
    // Wide enough for the next step's command, with its temporary path, on one line.
    const session = startPaycfg(['apply', '-f', file, '--auto-approve'], { env: { ...env, PAYCFG_BASE_URL: hold.proxy.url }, cols: 200 });
    await hold.arrived;
    // Live: what is done is counted while the rest runs.
    await session.waitFor(/✔ Write EMV configs \(2\/2\)\n. Write acquirer profiles \(0\/1\)\n/);
    session.type(CTRL_C);
    await session.waitFor('Interrupted: waiting for the 1 change in flight to finish; no new change starts.\nPress Ctrl-C again to stop at once (what is in flight may be left half-done).');
    expect(session.text()).toContain('Write acquirer profiles (0/1): stopping, 1 in flight');
    hold.release();
    expect(await session.exited()).toBe(130);
    const { lines, done } = kindLines(session);
    expect(lines).toEqual([
      '✔ Write EMV configs (2/2)',
      '✔ Write acquirer profiles (1/1)',
      '↓ Write merchants (0/1): 1 not started (interrupted)',
      '↓ Write merchant bindings (0/1): 1 not started (interrupted)',
      '↓ Write devices (0/1): 1 not started (interrupted)',
    ]);
    expect(session.screen()).toContain('Apply interrupted: 3 done, 0 failed, 0 skipped, 3 not started (interrupted).');
    expect(session.screen()).toContain(`Run \`paycfg apply -f ${file}\` again to finish the job: it picks up where this run stopped.`);
    expect(done).toBe(3);
    expect(session.text()).not.toContain('✖');
    expect(session.text()).not.toContain('Interrupted: waiting');
    expect(session.cursorVisible()).toBe(true);
    // Nothing started after the interrupt: three writes, and the group holds what they made.
    expect(hold.writes()).toHaveLength(3);
    expect([await count(groupId, 'emv'), await count(groupId, 'acquirer'), await count(groupId, 'mchInfo')]).toEqual([2, 1, 0]);
  });

  it('a second Ctrl-C stops at once with exit 130, naming what was in flight, which may land later', async () => {
    const { groupId, env } = await freshGroup();
    const hold = await holdWrites((request) => request.path.startsWith('/api/openapi/v1/acquirer'));
    const file = manifest();
    // Wide enough for the next step's command, with its temporary path, on one line.
    const session = startPaycfg(['apply', '-f', file, '--auto-approve'], { env: { ...env, PAYCFG_BASE_URL: hold.proxy.url }, cols: 200 });
    await hold.arrived;
    await session.waitFor('Write acquirer profiles (0/1)');
    session.type(CTRL_C);
    await session.waitFor('stopping, 1 in flight');
    session.type(CTRL_C);
    // The held request is still held: the process did not wait for it.
    expect(await session.exited()).toBe(130);
    const screen = session.screen();
    const stopped = screen.indexOf('Stopped at once: 1 change was in flight and may be half-done:');
    expect(stopped, session.text()).toBeGreaterThan(0);
    expect(screen.slice(stopped + 1, stopped + 3)).toEqual([
      '  create acquirer/host-a-usd',
      `Run \`paycfg plan -f ${file}\` to see where the group stands: \`paycfg apply -f ${file}\` again finishes the job.`,
    ]);
    expect(kindLines(session).lines).toEqual([
      '✔ Write EMV configs (2/2)',
      '↓ Write acquirer profiles (0/1): 1 in flight when stopped, may be half-done',
      '↓ Write merchants (0/1): 1 not started',
      '↓ Write merchant bindings (0/1): 1 not started',
      '↓ Write devices (0/1): 1 not started',
    ]);
    expect(session.text()).not.toContain('✖');
    expect(session.cursorVisible()).toBe(true);
    expect(await count(groupId, 'acquirer')).toBe(0);
    // What was in flight goes on without paycfg: the warning is not idle.
    hold.release();
    await hold.landed;
    expect(await count(groupId, 'acquirer')).toBe(1);
    expect(hold.writes()).toHaveLength(3);
    expect(await count(groupId, 'mchInfo')).toBe(0);
  });

  it('SIGTERM (a cancelled CI job) stops like Ctrl-C with exit 143; a second signal of any kind stops at once', async () => {
    const { groupId, env } = await freshGroup();
    const hold = await holdWrites((request) => request.path.startsWith('/api/openapi/v1/acquirer'));
    const session = startPaycfg(['apply', '-f', manifest(), '--auto-approve'], { env: { ...env, PAYCFG_BASE_URL: hold.proxy.url } });
    await hold.arrived;
    await session.waitFor('Write acquirer profiles (0/1)');
    session.signal('SIGTERM');
    await session.waitFor('stopping, 1 in flight');
    hold.release();
    expect(await session.exited()).toBe(143);
    expect(session.screen()).toContain('Apply interrupted: 3 done, 0 failed, 0 skipped, 3 not started (interrupted).');
    expect(await count(groupId, 'mchInfo')).toBe(0);

    const second = await freshGroup();
    const held = await holdWrites((request) => request.path.startsWith('/api/openapi/v1/acquirer'));
    const run = startPaycfg(['apply', '-f', manifest(), '--auto-approve'], { env: { ...second.env, PAYCFG_BASE_URL: held.proxy.url } });
    await held.arrived;
    await run.waitFor('Write acquirer profiles (0/1)');
    run.type(CTRL_C);
    await run.waitFor('stopping, 1 in flight');
    run.signal('SIGTERM');
    expect(await run.exited()).toBe(143);
    expect(run.text()).toContain('Stopped at once: 1 change was in flight and may be half-done:');
    held.release();
  });

  it('a failed change marks its kind failed with what was done counted, and the summary agrees', async () => {
    // The group requires tid and mid of every device; till-2 has no mid, so the service refuses it.
    const { env } = await freshGroup({ enablerParams: 'tid,mid' });
    const file = manifest((text) =>
      text.replace('    enablerParams: [tid, mid]\n', '').replace(
        /(\n        deviceAdmin: .*\n)/,
        '$1      - deviceAlias: till-2\n        deviceName: Back till\n        deviceType: COTS\n        methods: ["01"]\n        acquirerFields:\n          host-a-usd: { tid: "00000002" }\n',
      ),
    );
    // Wide enough for the service's message on one line.
    const session = startPaycfg(['apply', '-f', file, '--auto-approve'], { env, cols: 200 });
    expect(await session.exited()).toBe(1);
    const { lines, done } = kindLines(session);
    expect(lines.slice(0, 4)).toEqual([
      '✔ Write EMV configs (2/2)',
      '✔ Write acquirer profiles (1/1)',
      '✔ Write merchants (1/1)',
      '✔ Write merchant bindings (1/1)',
    ]);
    expect(lines[4]).toBe('✖ Write devices (1/2)');
    expect(session.text()).toMatch(/^  › 1 failed: device\/coffee-001\/till-2: POST \/api\/openapi\/v1\/device: the service refused the request \(code 10000\)/m);
    expect(session.screen()).toContain('Apply failed: 6 done, 1 failed, 0 skipped.');
    expect(done).toBe(6);
    expect(session.cursorVisible()).toBe(true);
  });

  it('draws no colour with NO_COLOR or --no-color, also when --no-color is not on the command line of the process', async () => {
    const [a, b, c] = [await freshGroup(), await freshGroup(), await freshGroup()];
    const file = manifest();
    const sessions = [
      startPaycfg(['apply', '-f', file, '--auto-approve'], { env: { ...a.env, NO_COLOR: '1' } }),
      startPaycfg(['apply', '-f', file, '--auto-approve', '--no-color'], { env: b.env }),
      // As a program embedding paycfg calls main(): the display, which must not read process.argv itself, sees no --no-color.
      startPaycfg([], { env: { ...c.env, PAYCFG_PTY_ARGV: JSON.stringify(['apply', '-f', file, '--auto-approve', '--no-color']) } }),
    ];
    for (const session of sessions) {
      expect(await session.exited()).toBe(0);
      expect(session.screen()).toContain('✔ Write EMV configs (2/2)');
      expect(session.colouredLines()).toEqual([]);
    }
  });

  it('with stderr in a file (2>err.log), asks nobody: shows the plan and refuses without --auto-approve', async () => {
    const { env } = await freshGroup();
    await sim.admin.resetStats();
    const log = join(mkdtempSync(join(tmpdir(), 'paycfg-pty-')), 'err.log');
    const session = startPaycfg(['apply', '-f', manifest()], { env, stderrTo: log });
    expect(await session.exited()).toBe(1);
    expect(session.text()).toContain('Plan: 5 to create, 1 to update, 0 to delete, 0 to replace.');
    const err = readFileSync(log, 'utf8');
    expect(err).toContain('standard error (where the question goes) is not a terminal, so there is nobody to confirm the changes above; pass --auto-approve');
    expect(err + session.text()).not.toContain(PROMPT);
    expect((await sim.admin.stats()).writes).toBe(0);
  });

  it('with CI set, shows the plan and refuses without --auto-approve; with nothing to do, says No changes and exits 0', async () => {
    const { env } = await freshGroup();
    const file = manifest();
    const refused = startPaycfg(['apply', '-f', file], { env: { ...env, CI: 'true' }, cols: 200 });
    expect(await refused.exited()).toBe(1);
    expect(refused.text()).toContain('Plan: 5 to create, 1 to update, 0 to delete, 0 to replace.');
    expect(refused.text()).toContain('nobody to confirm the changes above; pass --auto-approve');
    expect(refused.text()).not.toContain(PROMPT);
    // Applied in-process: only what the terminal shows is the point here.
    expect(await main(['apply', '-f', file, '--auto-approve'], captureIo({ env }))).toBe(0);
    const nothing = startPaycfg(['apply', '-f', file], { env: { ...env, CI: 'true' } });
    expect(await nothing.exited()).toBe(0);
    expect(nothing.screen()).toContain('No changes. The live group matches the manifest.');
  });
  describe('with --journal', () => {
    const journalOf = (file: string): Array<Record<string, any>> =>
      readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>);

    it('Ctrl-C once: the journal ends the run as interrupted by SIGINT, with what never started, and names no secret', async () => {
      const { env } = await freshGroup();
      const hold = await holdWrites((request) => request.path.startsWith('/api/openapi/v1/acquirer'));
      const journal = join(mkdtempSync(join(tmpdir(), 'paycfg-pty-')), 'applies.jsonl');
      const session = startPaycfg(['apply', '-f', manifest(), '--auto-approve', '--journal', journal], {
        env: { ...env, PAYCFG_BASE_URL: hold.proxy.url, USER: 'ops-oncall' },
        cols: 200,
      });
      await hold.arrived;
      await session.waitFor('Write acquirer profiles (0/1)');
      session.type(CTRL_C);
      await session.waitFor('stopping, 1 in flight');
      hold.release();
      expect(await session.exited()).toBe(130);
      const records = journalOf(journal);
      expect(records.map((r) => r['type'])).toEqual(['run-start', 'change', 'change', 'change', 'run-end']);
      expect(records[0]).toMatchObject({ actor: { name: 'ops-oncall', from: 'USER' }, plan: { create: 5, update: 1 }, changes: 6 });
      // The two EMV configs are written side by side: either may end first.
      expect(records.slice(1, 3).map((r) => [r['address'], r['outcome']]).sort()).toEqual([
        ['emv/mc-usd', 'done'],
        ['emv/visa-usd', 'done'],
      ]);
      expect([records[3]!['address'], records[3]!['outcome']]).toEqual(['acquirer/host-a-usd', 'done']);
      expect(records[4]).toMatchObject({
        exitCode: 130,
        interrupted: true,
        signal: 'SIGINT',
        summary: { done: 3, failed: 0, skipped: 0, notStarted: 3 },
        notStarted: ['merchant/coffee-001', 'binding/coffee-001/host-a-usd/USD', 'device/coffee-001/till-1'],
      });
      expect(new Set(records.map((r) => r['run'])).size).toBe(1);
      const text = readFileSync(journal, 'utf8');
      expect(text).not.toContain('till-admin-secret-42');
      expect(text).not.toContain(env.PAYCFG_TOKEN);
      const summary = captureIo({ env });
      expect(await main(['journal', journal], summary)).toBe(0);
      expect(summary.out()).toMatch(/interrupted/i);
    });

    it('Ctrl-C twice: the journal still ends the run, with the change that was in flight', async () => {
      const { env } = await freshGroup();
      const hold = await holdWrites((request) => request.path.startsWith('/api/openapi/v1/acquirer'));
      const journal = join(mkdtempSync(join(tmpdir(), 'paycfg-pty-')), 'applies.jsonl');
      const session = startPaycfg(['apply', '-f', manifest(), '--auto-approve'], {
        env: { ...env, PAYCFG_BASE_URL: hold.proxy.url, PAYCFG_JOURNAL: journal },
        cols: 200,
      });
      await hold.arrived;
      await session.waitFor('Write acquirer profiles (0/1)');
      session.type(CTRL_C);
      await session.waitFor('stopping, 1 in flight');
      session.type(CTRL_C);
      expect(await session.exited()).toBe(130);
      hold.release();
      const records = journalOf(journal);
      expect(records.at(-1)).toMatchObject({
        type: 'run-end',
        exitCode: 130,
        interrupted: true,
        signal: 'SIGINT',
        inFlight: ['acquirer/host-a-usd'],
        notStarted: ['merchant/coffee-001', 'binding/coffee-001/host-a-usd/USD', 'device/coffee-001/till-1'],
        summary: { done: 2, notStarted: 3 },
      });
    });
  });
});
