import { describe, expect, it } from 'vitest';
import type { ApplyEvent } from '../../src/apply/execute-plan.js';
import { createApplyProgress } from '../../src/cli/apply-progress.js';
import { captureIo } from '../../src/cli/io.js';
import type { Kind } from '../../src/model/kinds.js';
import type { Change } from '../../src/plan/plan.js';
import { createScreen } from '../helpers/pty-screen.js';

const TOKEN = 'tok-3f9a8c7d6e5b4a39';
const AFTER_STOP = 'Run `paycfg plan -f paycfg.yaml` to see where the group stands: `paycfg apply -f paycfg.yaml` again finishes the job.';
/** Each test's time; a wait for the screen gives up a little before it, showing the screen. */
const TEST_TIMEOUT = 20_000;
const WAIT_BUDGET_MS = TEST_TIMEOUT - 3_000;

function change(kind: Kind, key: string, action: Change['action'] = 'create'): Change {
  return { address: `${kind}/${key}`, kind, key, action, before: null, after: {}, patch: [], dependsOn: [], reason: '', notes: [] };
}

const merchants = [change('merchant', 'm-1'), change('merchant', 'm-2'), change('merchant', 'm-3')];
const devices = [change('device', 'm-1/till-1'), change('device', 'm-2/till-1')];
const all = [...merchants, ...devices];

const start = (c: Change): ApplyEvent => ({ type: 'start', change: c });
const done = (c: Change): ApplyEvent => ({ type: 'done', change: c, detail: 'created id 1', durationMs: 1 });
const failed = (c: Change, message: string): ApplyEvent => ({ type: 'failed', change: c, error: new Error(message), durationMs: 1 });
const skipped = (c: Change): ApplyEvent => ({ type: 'skipped', change: c, because: 'merchant/m-2 failed' });

/**
 * A captured terminal whose display notifies each frame it draws: waits for the screen are woken by
 * frames, never by polling, and give up within the test's time, showing the screen.
 */
function watchedTerminal() {
  const io = captureIo({ tty: true, env: {} });
  const frames = new Set<() => void>();
  const display = io.display!;
  const watched = {
    ...io,
    display: {
      columns: display.columns,
      rows: display.rows,
      write(chunk: string) {
        display.write(chunk);
        for (const frame of frames) frame();
      },
    },
  };
  const screen = async () => {
    const s = createScreen(100, 30);
    await s.write(io.out().replace(/\n/g, '\r\n'));
    return s;
  };
  /** Until a line holds `expected`, or the lines pass it. */
  const waitFor = (expected: string | ((lines: string[]) => boolean)): Promise<string[]> =>
    new Promise((resolve, reject) => {
      const check = (): void =>
        void screen().then((s) => {
          const lines = s.lines();
          if (typeof expected === 'string' ? !lines.some((l) => l.includes(expected)) : !expected(lines)) return;
          frames.delete(check);
          clearTimeout(timer);
          resolve(lines);
        });
      const timer = setTimeout(() => {
        frames.delete(check);
        void screen().then((s) => reject(new Error(`never showed ${String(expected)}:\n${s.lines().join('\n')}`)));
      }, WAIT_BUDGET_MS);
      frames.add(check);
      check();
    });
  return { io: watched, out: () => io.out(), screen, waitFor };
}

/** A progress display on a captured terminal, and the screen it draws. */
function displayed(options: { color?: boolean } = {}) {
  const terminal = watchedTerminal();
  const progress = createApplyProgress(terminal.io, all, { mode: 'display', color: options.color ?? true, secrets: [], token: TOKEN, afterStop: AFTER_STOP });
  let work!: (value: void) => void;
  const tracked = progress.track(new Promise<void>((resolve) => (work = resolve)));
  return {
    progress,
    waitFor: terminal.waitFor,
    screen: terminal.screen,
    finish: async () => {
      work();
      await tracked;
      return terminal.screen();
    },
  };
}

describe('the progress display', { timeout: TEST_TIMEOUT }, () => {
  it('counts what is done, live and at the end, including what happened before it was drawn', async () => {
    const d = displayed();
    // Events may come before the display has drawn its first frame: they count all the same.
    for (const c of merchants) d.progress.onEvent(start(c));
    d.progress.onEvent(done(merchants[0]!));
    await d.waitFor('Write merchants (1/3)');
    d.progress.onEvent(done(merchants[1]!));
    d.progress.onEvent(done(merchants[2]!));
    await d.waitFor('✔ Write merchants (3/3)');
    for (const c of devices) d.progress.onEvent(start(c));
    d.progress.onEvent(done(devices[0]!));
    await d.waitFor('Write devices (1/2)');
    d.progress.onEvent(done(devices[1]!));
    const lines = (await d.finish()).lines();
    expect(lines).toContain('✔ Write merchants (3/3)');
    expect(lines).toContain('✔ Write devices (2/2)');
  });

  it('draws a spinner only on the kinds with a change in flight; the others wait', async () => {
    const d = displayed({ color: false });
    d.progress.onEvent(start(merchants[0]!));
    // A spinner frame on the merchants, while the devices wait.
    const spinning = (lines: string[]): boolean => lines.some((l) => /^[^◼ ] Write merchants \(0\/3\)$/.test(l)) && lines.includes('◼ Write devices (0/2)');
    await d.waitFor(spinning);
    d.progress.onEvent(done(merchants[0]!));
    await d.waitFor((lines) => lines.includes('◼ Write merchants (1/3)') && lines.includes('◼ Write devices (0/2)'));
    for (const c of [...merchants.slice(1), ...devices]) {
      d.progress.onEvent(start(c));
      d.progress.onEvent(done(c));
    }
    await d.finish();
  });

  it('marks a kind failed with the count of what was done, and what it skipped as skipped, not failed', async () => {
    const d = displayed();
    for (const c of merchants) d.progress.onEvent(start(c));
    d.progress.onEvent(done(merchants[0]!));
    d.progress.onEvent(failed(merchants[1]!, 'POST /api/openapi/v1/mchInfo: refused'));
    d.progress.onEvent(done(merchants[2]!));
    d.progress.onEvent(start(devices[0]!));
    d.progress.onEvent(skipped(devices[1]!));
    d.progress.onEvent(done(devices[0]!));
    const text = (await d.finish()).lines().join('\n');
    expect(text).toContain('✖ Write merchants (2/3)');
    expect(text).toContain('1 failed: merchant/m-2: POST /api/openapi/v1/mchInfo: refused');
    expect(text).toMatch(/↓ Write devices \(1\/2\): 1 skipped \(a change it depends on failed\)/);
    expect(text).not.toContain('✖ Write devices');
  });

  it('on an interrupt says what it waits for, and shows unfinished kinds as not started, never as failed', async () => {
    const d = displayed();
    d.progress.onEvent(start(merchants[0]!));
    d.progress.onEvent(start(merchants[1]!));
    d.progress.onEvent(done(merchants[0]!));
    d.progress.interrupted();
    const live = (await d.waitFor('stopping, 1 in flight')).join('\n');
    expect(live).toContain('Write merchants (1/3): stopping, 1 in flight');
    expect(live).toContain('Interrupted: waiting for the 1 change in flight to finish; no new change starts.\nPress Ctrl-C again to stop at once (what is in flight may be left half-done).');
    d.progress.onEvent(done(merchants[1]!));
    const text = (await d.finish()).lines().join('\n');
    expect(text).toContain('↓ Write merchants (2/3): 1 not started (interrupted)');
    expect(text).toContain('↓ Write devices (0/2): 2 not started (interrupted)');
    expect(text).not.toContain('✖');
    expect(text).not.toContain('Interrupted: waiting');
  });

  it('stopped at once, closes the display with the cursor shown and names what was in flight, token masked, controls escaped', async () => {
    const hostile = change('merchant', `ref-${TOKEN}-\u001b[2K`, 'update');
    const terminal = watchedTerminal();
    const progress = createApplyProgress(terminal.io, [...merchants, hostile], { mode: 'display', color: true, secrets: [], token: TOKEN, afterStop: AFTER_STOP });
    const tracked = progress.track(new Promise<void>(() => {}));
    progress.onEvent(start(merchants[0]!));
    progress.onEvent(start(hostile));
    progress.onEvent(done(merchants[0]!));
    progress.interrupted();
    // The first frame is drawn on the first event.
    await terminal.waitFor('Write merchants');
    const words = progress.stopAtOnce();
    void tracked;
    expect(words).toBe(
      [
        'Stopped at once: 1 change was in flight and may be half-done:',
        `  update merchant/ref-(sensitive)-\\e[2K`,
        AFTER_STOP,
        '',
      ].join('\n'),
    );
    const screen = await terminal.screen();
    expect(screen.cursorVisible()).toBe(true);
    const text = screen.lines().join('\n');
    expect(text).toContain('↓ Write merchants (1/4): 1 in flight when stopped, may be half-done');
    expect(text).not.toContain('✖');
  });
});

describe('the progress lines', () => {
  it('on an interrupt say on stderr what they wait for', () => {
    const io = captureIo({});
    const progress = createApplyProgress(io, all, { mode: 'lines', color: false, secrets: [], token: TOKEN, afterStop: AFTER_STOP });
    progress.onEvent(start(merchants[0]!));
    progress.onEvent(start(merchants[1]!));
    progress.interrupted();
    expect(io.err()).toBe('Interrupted: waiting for the 2 changes in flight to finish; no new change starts.\nPress Ctrl-C again to stop at once (what is in flight may be left half-done).\n');
    expect(progress.stopAtOnce()).toContain('2 changes were in flight and may be half-done:\n  create merchant/m-1\n  create merchant/m-2\n');
  });

  it('name both addresses of a rename in place', () => {
    const io = captureIo({});
    const renamed: Change = { ...change('acquirer', 'host-b', 'update'), movedFrom: 'acquirer/host-a' };
    const progress = createApplyProgress(io, [renamed], { mode: 'lines', color: false, secrets: [], token: TOKEN, afterStop: AFTER_STOP });
    progress.onEvent(start(renamed));
    progress.onEvent({ type: 'done', change: renamed, detail: 'updated', durationMs: 2 });
    expect(io.out()).toMatch(/ update acquirer\/host-a → acquirer\/host-b: updated \(2 ms\)\n$/);
  });

  it('with --json print nothing on stdout, say an interrupt on stderr, and still know what is in flight', () => {
    const io = captureIo({});
    const progress = createApplyProgress(io, all, { mode: 'none', color: false, secrets: [], token: TOKEN, afterStop: AFTER_STOP });
    progress.onEvent(start(merchants[0]!));
    progress.onEvent(done(merchants[0]!));
    progress.onEvent(start(devices[0]!));
    expect(io.out() + io.err()).toBe('');
    progress.interrupted();
    expect(io.out()).toBe('');
    expect(io.err()).toBe('Interrupted: waiting for the 1 change in flight to finish; no new change starts.\nPress Ctrl-C again to stop at once (what is in flight may be left half-done).\n');
    expect(progress.stopAtOnce()).toContain(`1 change was in flight and may be half-done:\n  create device/m-1/till-1\n${AFTER_STOP}\n`);
  });
});
