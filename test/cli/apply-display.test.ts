/**
 * The apply's progress as a person sees it, pinned line by line: the order of the kinds' lines, the
 * interrupt notice under them, long failures wrapped at the display's width, a display taller than
 * the terminal, the cursor, the verbs of a stop at once, and the lines CI logs get. The frames are
 * fed to a headless xterm of the display's size; what is asserted is the rendered screen.
 */
import { describe, expect, it } from 'vitest';
import type { ApplyEvent } from '../../src/apply/execute-plan.js';
import { createApplyProgress } from '../../src/cli/apply-progress.js';
import { captureIo } from '../../src/cli/io.js';
import type { Kind } from '../../src/model/kinds.js';
import type { Change } from '../../src/plan/plan.js';
import { createScreen } from '../helpers/pty-screen.js';

const TOKEN = 'tok-3f9a8c7d6e5b4a39';
const AFTER_STOP = 'Run `paycfg plan -f paycfg.yaml` to see where the group stands: `paycfg apply -f paycfg.yaml` again finishes the job.';
const TEST_TIMEOUT = 20_000;
const WAIT_BUDGET_MS = TEST_TIMEOUT - 3_000;
const SPINNER = /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] /;

function change(kind: Kind, key: string, action: Change['action'] = 'create', more: Partial<Change> = {}): Change {
  return { address: `${kind}/${key}`, kind, key, action, before: null, after: {}, patch: [], dependsOn: [], reason: '', notes: [], ...more };
}

const start = (c: Change): ApplyEvent => ({ type: 'start', change: c });
const done = (c: Change): ApplyEvent => ({ type: 'done', change: c, detail: 'created id 1', durationMs: 1 });
const failed = (c: Change, message: string): ApplyEvent => ({ type: 'failed', change: c, error: new Error(message), durationMs: 1 });
const skipped = (c: Change, because = 'merchant/m-2 failed'): ApplyEvent => ({ type: 'skipped', change: c, because });

/** A captured terminal of the given size whose frames wake the waits (no polling). */
function terminal(size: { columns: number; rows: number }) {
  const io = captureIo({ tty: true, env: {}, columns: size.columns });
  const frames = new Set<() => void>();
  const display = io.display!;
  const watched = {
    ...io,
    display: {
      columns: size.columns,
      rows: size.rows,
      write(chunk: string) {
        display.write(chunk);
        for (const frame of frames) frame();
      },
    },
  };
  const screen = async () => {
    const s = createScreen(size.columns, Math.max(size.rows, 30));
    await s.write(io.out().replace(/\n/g, '\r\n'));
    return s;
  };
  const waitFor = (expected: (lines: string[]) => boolean, what: string): Promise<string[]> =>
    new Promise((resolve, reject) => {
      const check = (): void =>
        void screen().then((s) => {
          const lines = s.lines();
          if (!expected(lines)) return;
          frames.delete(check);
          clearTimeout(timer);
          resolve(lines);
        });
      const timer = setTimeout(() => {
        frames.delete(check);
        void screen().then((s) => reject(new Error(`never showed ${what}:\n${s.lines().join('\n')}`)));
      }, WAIT_BUDGET_MS);
      frames.add(check);
      check();
    });
  return { io: watched, captured: io, screen, waitFor };
}

function shown(changes: readonly Change[], size = { columns: 100, rows: 30 }) {
  const t = terminal(size);
  const progress = createApplyProgress(t.io, changes, { mode: 'display', color: false, secrets: [], token: TOKEN, afterStop: AFTER_STOP });
  let finishWork!: () => void;
  const tracked = progress.track(new Promise<void>((resolve) => (finishWork = resolve)));
  return {
    progress,
    ...t,
    finish: async () => {
      finishWork();
      await tracked;
      return (await t.screen()).lines();
    },
  };
}

describe('the progress display, line by line', { timeout: TEST_TIMEOUT }, () => {
  it('writes the kinds in dependency order, then removes them in the reverse order, a replacement among the writes', async () => {
    const changes = [
      change('device', 'm-1/till-9', 'delete'),
      change('emv', 'visa', 'create'),
      change('binding', 'm-1/host-a/USD', 'delete'),
      change('merchant', 'm-1', 'update'),
      change('emv', 'old', 'delete'),
      change('device', 'm-1/till-1', 'create'),
      change('acquirer', 'host-a', 'replace'),
    ];
    const d = shown(changes);
    for (const c of changes) {
      d.progress.onEvent(start(c));
      d.progress.onEvent(done(c));
    }
    expect(await d.finish()).toEqual([
      '✔ Write EMV configs (1/1)',
      '✔ Write acquirer profiles (1/1)',
      '✔ Write merchants (1/1)',
      '✔ Write devices (1/1)',
      '✔ Remove devices (1/1)',
      '✔ Remove merchant bindings (1/1)',
      '✔ Remove EMV configs (1/1)',
    ]);
  });

  it('draws the interrupt notice one blank line under the kinds, each kind saying it stops, and the spinner only where a change is in flight', async () => {
    const merchants = [change('merchant', 'm-1'), change('merchant', 'm-2')];
    const devices = [change('device', 'm-1/till-1')];
    const d = shown([...merchants, ...devices]);
    d.progress.onEvent(start(merchants[0]!));
    d.progress.onEvent(start(merchants[1]!));
    d.progress.onEvent(done(merchants[0]!));
    d.progress.interrupted();
    const live = await d.waitFor((lines) => lines.includes('◼ Write devices (0/1): stopping'), 'the interrupt');
    expect(live.map((l) => l.replace(SPINNER, '⠋ '))).toEqual([
      '⠋ Write merchants (1/2): stopping, 1 in flight',
      '◼ Write devices (0/1): stopping',
      '',
      'Interrupted: waiting for the 1 change in flight to finish; no new change starts.',
      'Press Ctrl-C again to stop at once (what is in flight may be left half-done).',
    ]);
    d.progress.onEvent(done(merchants[1]!));
    expect(await d.finish()).toEqual(['✔ Write merchants (2/2)', '↓ Write devices (0/1): 1 not started (interrupted)']);
  });

  it('wraps a long failure at the width of the display, its next lines indented under it', async () => {
    const devices = [change('device', 'm-1/till-1'), change('device', 'm-1/till-2')];
    const d = shown(devices, { columns: 80, rows: 30 });
    d.progress.onEvent(start(devices[0]!));
    d.progress.onEvent(done(devices[0]!));
    d.progress.onEvent(start(devices[1]!));
    const message =
      'POST /api/openapi/v1/device: the service refused the request (code 10000): device mid is required by the group when tid is given, and the group requires both';
    d.progress.onEvent(failed(devices[1]!, message));
    expect(await d.finish()).toEqual([
      '✖ Write devices (1/2)',
      '  › 1 failed: device/m-1/till-2: POST /api/openapi/v1/device: the service',
      '    refused the request (code 10000): device mid is required by the group when',
      '    tid is given, and the group requires both',
    ]);
  });

  it('names at most three failures of a kind, then what it skipped and what never started', async () => {
    const merchants = ['m-1', 'm-2', 'm-3', 'm-4', 'm-5', 'm-6', 'm-7'].map((key) => change('merchant', key));
    const d = shown(merchants, { columns: 80, rows: 30 });
    for (const c of merchants.slice(0, 4)) {
      d.progress.onEvent(start(c));
      d.progress.onEvent(failed(c, `refused ${c.key}`));
    }
    d.progress.onEvent(start(merchants[4]!));
    d.progress.onEvent(done(merchants[4]!));
    d.progress.onEvent(skipped(merchants[5]!));
    d.progress.interrupted();
    expect(await d.finish()).toEqual([
      '✖ Write merchants (1/7)',
      '  › 4 failed: merchant/m-1: refused m-1; merchant/m-2: refused m-2;',
      '    merchant/m-3: refused m-3; 1 skipped (a change it depends on failed); 1 not',
      '    started (interrupted)',
    ]);
  });

  it('on a terminal shorter than the display, shows only the last lines while it runs, and the whole display at the end', async () => {
    const changes = [change('emv', 'visa'), change('acquirer', 'host-a'), change('merchant', 'm-1'), change('binding', 'm-1/host-a/USD'), change('device', 'm-1/till-1')];
    const d = shown(changes, { columns: 100, rows: 4 });
    d.progress.onEvent(start(changes[0]!));
    d.progress.onEvent(done(changes[0]!));
    const live = await d.waitFor((lines) => lines.includes('◼ Write devices (0/1)'), 'the devices');
    expect(live).toEqual(['◼ Write merchants (0/1)', '◼ Write merchant bindings (0/1)', '◼ Write devices (0/1)']);
    for (const c of changes.slice(1)) {
      d.progress.onEvent(start(c));
      d.progress.onEvent(done(c));
    }
    expect(await d.finish()).toEqual([
      '✔ Write EMV configs (1/1)',
      '✔ Write acquirer profiles (1/1)',
      '✔ Write merchants (1/1)',
      '✔ Write merchant bindings (1/1)',
      '✔ Write devices (1/1)',
    ]);
  });

  it('hides the cursor while it draws, and shows it again at the end', async () => {
    const merchants = [change('merchant', 'm-1')];
    const d = shown(merchants);
    d.progress.onEvent(start(merchants[0]!));
    await d.waitFor((lines) => lines.some((l) => l.endsWith('Write merchants (0/1)')), 'the merchants');
    expect((await d.screen()).cursorVisible()).toBe(false);
    d.progress.onEvent(done(merchants[0]!));
    await d.finish();
    expect((await d.screen()).cursorVisible()).toBe(true);
  });

  it('stopped at once, names each change in flight by what it does: a detach, a logout, a decommission, a replacement', async () => {
    const inFlight = [
      change('emv', 'visa#detach', 'update', { step: 'detach' }),
      change('device', 'm-1/till-1', 'delete', { disposal: 'logout' }),
      change('device', 'm-1/till-2', 'delete', { disposal: 'decommission' }),
      change('acquirer', 'host-a', 'replace'),
    ];
    const d = shown(inFlight);
    for (const c of inFlight) d.progress.onEvent(start(c));
    await d.waitFor((lines) => lines.some((l) => l.includes('Remove devices')), 'the devices');
    expect(d.progress.stopAtOnce()).toBe(
      [
        'Stopped at once: 4 changes were in flight and may be half-done:',
        '  detach emv/visa#detach',
        '  logout device/m-1/till-1',
        '  decommission device/m-1/till-2',
        '  replace acquirer/host-a',
        AFTER_STOP,
        '',
      ].join('\n'),
    );
  });
});

describe('the progress lines (CI, a pipe, --verbose)', () => {
  it('give each finished change one timestamped line: done with its detail and time, failed with the failure, skipped with the reason', () => {
    const io = captureIo({});
    const changes = [change('merchant', 'm-1'), change('merchant', 'm-2', 'update'), change('device', `m-2/till-\u001b[2K${TOKEN}`, 'delete')];
    const progress = createApplyProgress(io, changes, { mode: 'lines', color: false, secrets: ['s3cret-value'], token: TOKEN, afterStop: AFTER_STOP });
    progress.onEvent(start(changes[0]!));
    progress.onEvent({ type: 'done', change: changes[0]!, detail: 'created id 7', durationMs: 12.6 });
    progress.onEvent(start(changes[1]!));
    progress.onEvent(failed(changes[1]!, 'PUT /api/openapi/v1/mchInfo: refused s3cret-value'));
    progress.onEvent(skipped(changes[2]!, 'merchant/m-2 failed'));
    const lines = io.out().split('\n');
    expect(lines.map((l) => l.replace(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /, '<time> '))).toEqual([
      '<time> create merchant/m-1: created id 7 (13 ms)',
      '<time> update merchant/m-2: FAILED: PUT /api/openapi/v1/mchInfo: refused (sensitive)',
      '<time> delete device/m-2/till-\\e[2K(sensitive): skipped (merchant/m-2 failed)',
      '',
    ]);
    expect(io.err()).toBe('');
  });
});
