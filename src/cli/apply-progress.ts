/**
 * What `paycfg apply` shows while it carries a plan out, driven by the executor's events
 * (apply/events): on a terminal, a display redrawn in place with one line per kind and phase
 * (cli/progress); in CI, a pipe or with --verbose, one timestamped line per finished change;
 * with --json, nothing but an interrupt's notice on stderr.
 *
 * The display is paycfg's own small renderer, not listr2: listr2 is a task runner, and the
 * changes are run by the executor (its dependency graph, its parallelism, its interrupt), so
 * listr2 could only be handed tasks that wait for the executor's events, found again by their
 * titles to draw a spinner only where a change is in flight. What is left to draw is a few lines
 * redrawn in place; it draws them as listr2's default renderer did (glyphs, colours, layout).
 */
import type { ApplyEvent } from '../apply/events.js';
import type { Change } from '../plan/plan.js';
import type { DisplaySink, IoStreams, TextSink } from './io.js';
import { layoutFrame, SPINNER } from './progress/frame.js';
import { KindLines, type RunStage } from './progress/kind-lines.js';
import { LiveArea } from './progress/live-area.js';
import { verb, wordingOf, type Wording } from './progress/wording.js';

export interface ApplyProgress {
  /** Every event of the run, whatever the mode: the changes in flight are counted from them. */
  onEvent(event: ApplyEvent): void;
  /** Runs the execution while the progress display is up. */
  track<T>(work: Promise<T>): Promise<T>;
  /** The user interrupted: the changes in flight finish, no new one starts. The progress says so. */
  interrupted(): void;
  /**
   * The process is about to stop at once (a second Ctrl-C): the display is closed where it stands,
   * cursor shown, and the returned text names the changes still in flight, which may be half done.
   */
  stopAtOnce(): string;
}

export interface ProgressOptions {
  /**
   * `display`: a display redrawn on io.display (a terminal); `lines`: one timestamped line per
   * finished change (CI, a pipe, --verbose); `none`: nothing (--json: stdout holds the result).
   */
  readonly mode: 'display' | 'lines' | 'none';
  /** Colours in the display (off with NO_COLOR or --no-color). */
  readonly color: boolean;
  /** Secret values of the manifest, masked in failure messages. */
  readonly secrets: readonly string[];
  /** The access token: a live-only record's address may hold it. */
  readonly token: string;
  /** The last line after a stop at once: what to run to see where the group stands and finish (cli/next-steps). */
  readonly afterStop: string;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The changes started and not yet finished, in the order they started. */
class InFlight {
  readonly #changes = new Set<Change>();

  onEvent(event: ApplyEvent): void {
    if (event.type === 'start') this.#changes.add(event.change);
    else this.#changes.delete(event.change);
  }

  get size(): number {
    return this.#changes.size;
  }

  /** What a stop at once leaves behind: each change in flight may have been carried out, partly or not at all. */
  lastWords(wording: Wording, afterStop: string): string {
    if (this.#changes.size === 0) return 'Stopped at once: no change was in flight.\n';
    const lines = [`Stopped at once: ${plural(this.#changes.size, 'change was', 'changes were')} in flight and may be half-done:`];
    for (const change of this.#changes) lines.push(`  ${verb(change)} ${wording.address(change)}`);
    lines.push(afterStop);
    return `${lines.join('\n')}\n`;
  }
}

export function createApplyProgress(io: IoStreams, changes: readonly Change[], options: ProgressOptions): ApplyProgress {
  const wording = wordingOf(options.secrets, options.token);
  const inFlight = new InFlight();
  const shown =
    options.mode === 'display' && io.display !== undefined
      ? terminalProgress(io.display, changes, wording, options.color, inFlight)
      : options.mode === 'none'
        ? silentProgress(io.stderr, inFlight)
        : plainProgress(io, wording, inFlight);
  return {
    onEvent(event) {
      inFlight.onEvent(event);
      shown.onEvent(event);
    },
    track: (work) => shown.track(work),
    interrupted: () => shown.interrupted(),
    stopAtOnce() {
      shown.stop();
      return inFlight.lastWords(wording, options.afterStop);
    },
  };
}

interface Shown {
  onEvent(event: ApplyEvent): void;
  track<T>(work: Promise<T>): Promise<T>;
  interrupted(): void;
  /** Closes the display at once, as it stands. */
  stop(): void;
}

/** --json: stdout holds the result alone; an interrupt is still said, on stderr, as in the other modes. */
function silentProgress(stderr: TextSink, inFlight: InFlight): Shown {
  return {
    onEvent: () => {},
    track: (work) => work,
    interrupted: () => stderr.write(`${interruptNotice(inFlight.size)}\n`),
    stop: () => {},
  };
}

function plainProgress(io: IoStreams, wording: Wording, inFlight: InFlight): Shown {
  const line = (text: string): void => io.stdout.write(`${new Date().toISOString()} ${text}\n`);
  return {
    onEvent(event) {
      const what = `${verb(event.change)} ${wording.address(event.change)}`;
      if (event.type === 'done') line(`${what}: ${wording.text(event.detail)} (${Math.round(event.durationMs)} ms)`);
      else if (event.type === 'failed') line(`${what}: FAILED: ${wording.failure(event.error)}`);
      else if (event.type === 'skipped') line(`${what}: skipped (${wording.text(event.because)})`);
    },
    track: (work) => work,
    interrupted() {
      io.stderr.write(`${interruptNotice(inFlight.size)}\n`);
    },
    stop: () => {},
  };
}

/** Two lines, each within 80 columns. */
function interruptNotice(inFlight: number): string {
  const waiting = inFlight === 0 ? 'no change is in flight' : `waiting for the ${plural(inFlight, 'change', 'changes')} in flight to finish`;
  return `Interrupted: ${waiting}; no new change starts.\nPress Ctrl-C again to stop at once (what is in flight may be left half-done).`;
}

/** A spinner's tick: the glyph moves on and the display is redrawn (at the terminal's width, resized or not). */
const TICK_MS = 100;

/**
 * A terminal: one line per kind and phase, redrawn in place on io.display (through the output
 * filter) at each event and each spinner tick; the interrupt's notice under the lines until the
 * run is over; the last frame left on the screen.
 */
function terminalProgress(display: DisplaySink, changes: readonly Change[], wording: Wording, color: boolean, inFlight: InFlight): Shown {
  const lines = new KindLines(changes, (change, error) => `${wording.address(change)}: ${wording.failure(error)}`);
  const area = new LiveArea(display);
  let stage: RunStage = 'running';
  let stopping = false;
  let footer = '';
  let tick = 0;
  let ticker: NodeJS.Timeout | undefined;
  const frame = (): string[] => layoutFrame(lines.views(stage, stopping), { width: area.width, spinner: SPINNER[tick % SPINNER.length]!, colour: color });
  const redraw = (): void => {
    if (ticker === undefined) return;
    area.draw(footer === '' ? frame() : [...frame(), '', ...footer.split('\n')]);
  };
  const close = (how: Exclude<RunStage, 'running'>): void => {
    if (ticker === undefined) return;
    clearInterval(ticker);
    ticker = undefined;
    stage = how;
    area.close(frame());
  };
  return {
    onEvent(event) {
      lines.onEvent(event);
      if (footer !== '') footer = interruptNotice(inFlight.size);
      redraw();
    },
    async track(work) {
      ticker = setInterval(() => {
        tick += 1;
        redraw();
      }, TICK_MS);
      // The run ends with its work, never waits for a frame.
      ticker.unref();
      redraw();
      try {
        return await work;
      } finally {
        close('ended');
      }
    },
    interrupted() {
      stopping = true;
      footer = interruptNotice(inFlight.size);
      redraw();
    },
    stop: () => close('stopped'),
  };
}
