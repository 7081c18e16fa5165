/**
 * The pieces of the apply display (cli/progress): the frame's layout at the terminal's width,
 * wide characters included, and the live area that redraws it in place, fed to a headless xterm
 * of the same size so that what is asserted is what a terminal would show.
 */
import { describe, expect, it } from 'vitest';
import type { ApplyEvent } from '../../src/apply/events.js';
import { createApplyProgress } from '../../src/cli/apply-progress.js';
import { captureIo } from '../../src/cli/io.js';
import { createOutputFilter } from '../../src/cli/output-filter.js';
import { layoutFrame } from '../../src/cli/progress/frame.js';
import { LiveArea } from '../../src/cli/progress/live-area.js';
import type { Change } from '../../src/plan/plan.js';
import { createScreen } from '../helpers/pty-screen.js';

function change(key: string): Change {
  return { address: `merchant/${key}`, kind: 'merchant', key, action: 'create', before: null, after: {}, patch: [], dependsOn: [], reason: '', notes: [] };
}

/** A display sink whose size the test changes, as a window being resized. */
function sink(size: { columns: number; rows: number }) {
  let out = '';
  const writes: string[] = [];
  return {
    size,
    display: {
      write(chunk: string) {
        out += chunk;
        writes.push(chunk);
      },
      get columns() {
        return size.columns;
      },
      get rows() {
        return size.rows;
      },
    },
    out: () => out,
    writes,
    /** The screen of a terminal that got every write at `columns` (resized where the test resized it). */
    async screen(columns = size.columns) {
      const screen = createScreen(columns, 30);
      await screen.write(out.replace(/\n/g, '\r\n'));
      return screen;
    },
  };
}

describe('a frame of the display', () => {
  it('wraps at the terminal width counted in columns: a wide character takes two, a colour none', async () => {
    const rows = layoutFrame(
      [
        { state: 'failed', text: 'Write merchants (0/1)', detail: `1 failed: merchant/${'咖啡店'.repeat(8)}: refused 请求被拒绝 ${'❤️'.repeat(10)} end` },
        { state: 'done', text: 'Write devices (1/1)' },
      ],
      { width: 30, spinner: '⠋', colour: true },
    );
    const screen = createScreen(30, 30);
    await screen.write(rows.join('\r\n'));
    // One row of the terminal per row of the frame: none was wider than the terminal, and none ends in a wrap the terminal made.
    expect(screen.lines()).toHaveLength(rows.length);
    expect(screen.lines()[0]).toBe('✖ Write merchants (0/1)');
    expect(screen.lines().slice(1, -1).every((line) => line.startsWith('  › ') || line.startsWith('    '))).toBe(true);
    expect(screen.lines().at(-1)).toBe('✔ Write devices (1/1)');
    expect(rows[0]).toBe('\u001b[31m✖\u001b[39m Write merchants (0/1)');
  });

  it('draws no colour when colour is off', () => {
    const rows = layoutFrame([{ state: 'running', text: 'Write merchants (0/1)' }, { state: 'waiting', text: 'Write devices (0/1)' }], { width: 80, spinner: '⠙', colour: false });
    expect(rows).toEqual(['⠙ Write merchants (0/1)', '◼ Write devices (0/1)']);
  });
});

describe('the live area', () => {
  it('writes nothing the output filter would escape: erase line, cursor up, column 1, cursor hide and show, colours', () => {
    const s = sink({ columns: 40, rows: 10 });
    const area = new LiveArea(s.display);
    area.draw(['\u001b[33m⠋\u001b[39m Write merchants (0/2)', '\u001b[2m◼\u001b[22m Write devices (0/1)']);
    area.draw(['\u001b[32m✔\u001b[39m Write merchants (2/2)', '\u001b[33m⠙\u001b[39m Write devices (0/1)']);
    area.close(['\u001b[32m✔\u001b[39m Write merchants (2/2)', '\u001b[32m✔\u001b[39m Write devices (1/1)']);
    expect(createOutputFilter({}).display(s.out())).toBe(s.out());
    expect(s.out().startsWith('\u001b[?25l')).toBe(true);
    expect(s.out().endsWith('\u001b[?25h')).toBe(true);
  });

  it('leaves on the screen only the last frame, and writes a frame again only when it or the width changed', async () => {
    const s = sink({ columns: 40, rows: 10 });
    const area = new LiveArea(s.display);
    area.draw(['◼ Write merchants (0/2)', '◼ Write devices (0/1)', '', 'Interrupted: waiting']);
    area.draw(['◼ Write merchants (1/2)', '◼ Write devices (0/1)']);
    area.draw(['◼ Write merchants (1/2)', '◼ Write devices (0/1)']);
    expect(s.writes).toHaveLength(2);
    s.size.columns = 60;
    area.draw(['◼ Write merchants (1/2)', '◼ Write devices (0/1)']);
    expect(s.writes).toHaveLength(3);
    area.close(['✔ Write merchants (2/2)', '✔ Write devices (1/1)']);
    area.draw(['◼ Write merchants (0/2)']);
    expect(s.writes).toHaveLength(4);
    const screen = await s.screen(60);
    expect(screen.lines()).toEqual(['✔ Write merchants (2/2)', '✔ Write devices (1/1)']);
    expect(screen.cursorVisible()).toBe(true);
  });

  it('erases all the rows a frame took when the terminal wrapped a row wider than itself (a window made narrower)', async () => {
    const s = sink({ columns: 20, rows: 10 });
    const area = new LiveArea(s.display);
    // Laid out for a wider window, drawn after it shrank: the terminal wraps the long row into two.
    area.draw(['◼ Write merchant bindings (0/1)', '◼ Write devices']);
    area.draw(['✔ Done']);
    expect((await s.screen(20)).lines()).toEqual(['✔ Done']);
  });

  it('shows the last rows of a frame taller than the terminal, then the whole frame when it closes', async () => {
    const s = sink({ columns: 40, rows: 3 });
    const area = new LiveArea(s.display);
    const rows = ['a', 'b', 'c', 'd', 'e'];
    area.draw(rows);
    expect((await s.screen()).lines()).toEqual(['d', 'e']);
    area.close(rows);
    expect((await s.screen()).lines()).toEqual(rows);
  });

  it('on a terminal that says it has no size (a pseudo-terminal never sized), draws as on 80 columns and 24 rows', async () => {
    const s = sink({ columns: 0, rows: 0 });
    const area = new LiveArea(s.display);
    expect(area.width).toBe(80);
    area.draw(['a', 'b']);
    expect((await s.screen(80)).lines()).toEqual(['a', 'b']);
  });

  it('closed before it drew, writes nothing', () => {
    const s = sink({ columns: 40, rows: 10 });
    const area = new LiveArea(s.display);
    area.close(['a']);
    area.draw(['b']);
    expect(s.out()).toBe('');
  });
});

describe('the display of an apply', () => {
  it('is laid out again at the new width once the window is resized, by the next tick without an event', async () => {
    const io = captureIo({ tty: true, env: {} });
    const s = sink({ columns: 100, rows: 30 });
    const merchants = [change('m-1'), change('m-2')];
    const progress = createApplyProgress({ ...io, display: s.display }, merchants, { mode: 'display', color: false, secrets: [], token: '', afterStop: '' });
    let finish!: () => void;
    const tracked = progress.track(new Promise<void>((resolve) => (finish = resolve)));
    const event = (e: ApplyEvent): void => progress.onEvent(e);
    event({ type: 'start', change: merchants[0]! });
    event({ type: 'failed', change: merchants[0]!, error: new Error('the service refused the request because the merchant reference is taken'), durationMs: 1 });
    s.size.columns = 40;
    const before = s.writes.length;
    const deadline = Date.now() + 5_000;
    while (s.writes.length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    // Ticks go on; nothing happened but the resize: one frame at the new width, none after it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(s.writes.length).toBe(before + 1);
    event({ type: 'start', change: merchants[1]! });
    event({ type: 'done', change: merchants[1]!, detail: 'created', durationMs: 1 });
    finish();
    await tracked;
    expect((await s.screen(40)).lines()).toEqual([
      '✖ Write merchants (1/2)',
      '  › 1 failed: merchant/m-1: the',
      '    service refused the request because',
      '    the merchant reference is taken',
    ]);
  });
});
