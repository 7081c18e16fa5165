import { describe, expect, it } from 'vitest';
import type { ApplyEvent } from '../../src/apply/execute-plan.js';
import { createApplyProgress } from '../../src/cli/apply-progress.js';
import { captureIo } from '../../src/cli/io.js';
import type { Kind } from '../../src/model/kinds.js';
import type { Change } from '../../src/plan/plan.js';
import { createScreen } from '../helpers/pty-screen.js';

const TOKEN = 'tok-3f9a8c7d6e5b4a39';

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

/** A progress display on a captured terminal, and the screen it draws. */
function displayed(options: { color?: boolean; env?: Record<string, string> } = {}) {
  const io = captureIo({ tty: true, env: options.env ?? {} });
  const progress = createApplyProgress(io, all, { mode: 'display', color: options.color ?? true, secrets: [], token: TOKEN });
  let work!: (value: void) => void;
  const tracked = progress.track(new Promise<void>((resolve) => (work = resolve)));
  const screen = async () => {
    const s = createScreen(100, 30);
    await s.write(io.out().replace(/\n/g, '\r\n'));
    return s;
  };
  const waitFor = async (expected: string): Promise<string[]> => {
    for (let tries = 0; ; tries += 1) {
      const lines = (await screen()).lines();
      if (lines.some((l) => l.includes(expected))) return lines;
      if (tries > 500) throw new Error(`never showed ${expected}:\n${lines.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    progress,
    waitFor,
    screen,
    finish: async () => {
      work();
      await tracked;
      return screen();
    },
  };
}

describe('the progress display', () => {
  it('counts what is done, live and at the end, including what happened before it was drawn', async () => {
    const d = displayed();
    // Events may come before listr2 has drawn its first frame: they count all the same.
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
    const io = captureIo({ tty: true });
    const progress = createApplyProgress(io, [...merchants, hostile], { mode: 'display', color: true, secrets: [], token: TOKEN });
    const tracked = progress.track(new Promise<void>(() => {}));
    progress.onEvent(start(merchants[0]!));
    progress.onEvent(start(hostile));
    progress.onEvent(done(merchants[0]!));
    progress.interrupted();
    // The first frame is drawn once listr2 has loaded its parts.
    for (let tries = 0; !io.out().includes('Write merchants'); tries += 1) {
      if (tries > 500) throw new Error(io.out());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const words = progress.stopAtOnce();
    void tracked;
    expect(words).toBe(
      [
        'Stopped at once: 1 change was in flight and may be half-done:',
        `  update merchant/ref-(sensitive)-\\e[2K`,
        'Run `paycfg plan` to see where the group stands: `paycfg apply` again finishes the job.',
        '',
      ].join('\n'),
    );
    const screen = createScreen(100, 30);
    await screen.write(io.out().replace(/\n/g, '\r\n'));
    expect(screen.cursorVisible()).toBe(true);
    const text = screen.lines().join('\n');
    expect(text).toContain('↓ Write merchants (1/4): 1 in flight when stopped, may be half-done');
    expect(text).not.toContain('✖');
  });
});

describe('the progress lines', () => {
  it('on an interrupt say on stderr what they wait for', () => {
    const io = captureIo({});
    const progress = createApplyProgress(io, all, { mode: 'lines', color: false, secrets: [], token: TOKEN });
    progress.onEvent(start(merchants[0]!));
    progress.onEvent(start(merchants[1]!));
    progress.interrupted();
    expect(io.err()).toBe('Interrupted: waiting for the 2 changes in flight to finish; no new change starts.\nPress Ctrl-C again to stop at once (what is in flight may be left half-done).\n');
    expect(progress.stopAtOnce()).toContain('2 changes were in flight and may be half-done:\n  create merchant/m-1\n  create merchant/m-2\n');
  });

  it('print nothing with --json, and still know what is in flight', () => {
    const io = captureIo({});
    const progress = createApplyProgress(io, all, { mode: 'none', color: false, secrets: [], token: TOKEN });
    progress.onEvent(start(merchants[0]!));
    progress.onEvent(done(merchants[0]!));
    progress.onEvent(start(devices[0]!));
    progress.interrupted();
    expect(io.out() + io.err()).toBe('');
    expect(progress.stopAtOnce()).toContain('1 change was in flight and may be half-done:\n  create device/m-1/till-1\n');
  });
});
