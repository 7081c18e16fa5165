import { DefaultRenderer, Listr, ListrDefaultRendererLogLevels, ListrLogger, ProcessOutput } from 'listr2';
import type { ApplyEvent } from '../apply/execute-plan.js';
import { KIND_LABEL, KINDS, type Kind } from '../model/kinds.js';
import type { Change } from '../plan/plan.js';
import { SENSITIVE } from '../render/redact.js';
import { createScrubber } from '../util/scrub.js';
import { showControls } from '../util/visible-text.js';
import { describeError } from './describe-error.js';
import type { DisplaySink, IoStreams, TextSink } from './io.js';

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
   * `display`: a listr2 display redrawn on io.display (a terminal); `lines`: one timestamped line
   * per finished change (CI, a pipe, --verbose); `none`: nothing (--json: stdout holds the result).
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

const VERB: Record<Change['action'], string> = { create: 'create', update: 'update', delete: 'delete', replace: 'replace' };

function verb(change: Change): string {
  if (change.disposal === 'logout') return 'logout';
  if (change.disposal === 'decommission') return 'decommission';
  if (change.step === 'detach') return 'detach';
  return VERB[change.action];
}

/** What the progress says of a change and of a failure: only text that is safe to show. */
interface Wording {
  /** The change's address, token masked and control characters escaped (a live-only record's key comes from the service). */
  address(change: Change): string;
  /** One line for a failure: secrets masked, control characters escaped (cli/describe-error). */
  failure(error: unknown): string;
  /** Free text of the executor that may quote the service (a skip's reason). */
  text(text: string): string;
}

function wordingOf(secrets: readonly string[], token: string): Wording {
  const mask = token === '' ? (text: string) => text : createScrubber([token], SENSITIVE);
  const text = (t: string): string => showControls(mask(t));
  const hidden = [...secrets, token];
  // A rename in place (`moved:`) names both addresses: the log says what the record was called before.
  const address = (change: Change): string => (change.movedFrom === undefined ? text(change.address) : `${text(change.movedFrom)} → ${text(change.address)}`);
  return { address, failure: (error) => describeError(error, hidden), text };
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

/**
 * CI and pipes get one timestamped line per finished change (nothing redrawn, nothing lost in a
 * log); a terminal gets a listr2 display with one line per kind, drawn on io.display (through the
 * output filter).
 */
export function createApplyProgress(io: IoStreams, changes: readonly Change[], options: ProgressOptions): ApplyProgress {
  const wording = wordingOf(options.secrets, options.token);
  const inFlight = new InFlight();
  const shown =
    options.mode === 'display' && io.display !== undefined
      ? listrProgress(io.display, io.stderr, changes, wording, options.color, inFlight)
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

/** The colours of the display's frames (SGR sequences), removed when colour is off. */
const SGR = /\u001b\[[0-9;]*m/g;

/** A stream for listr2's ProcessOutput that writes to `sink` (the renderer reads the size from it). */
function streamOf(sink: TextSink & { columns?: number; rows?: number }, color: boolean): NodeJS.WriteStream {
  const stream = {
    columns: sink.columns ?? 80,
    rows: sink.rows ?? 24,
    isTTY: true,
    write(chunk: string | Uint8Array, ...rest: unknown[]): boolean {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      // listr2 colours from its own reading of the environment; --no-color is paycfg's to apply.
      sink.write(color ? text : text.replace(SGR, ''));
      const callback = rest[rest.length - 1];
      if (typeof callback === 'function') (callback as () => void)();
      return true;
    },
  };
  return stream as unknown as NodeJS.WriteStream;
}

/** The part of listr2's task wrapper a kind's line uses. */
interface TaskHandle {
  title: string;
  skip(message?: string): void;
}

/** One line of the display: the changes of one kind and phase (write or remove), counted by outcome. */
class KindLine {
  readonly label: string;
  readonly total: number;
  done = 0;
  skipped = 0;
  inFlight = 0;
  readonly failures: string[] = [];
  stopping = false;
  /** Set once the line's task has a final state (no title is set after that). */
  closed = false;
  task: TaskHandle | undefined;
  readonly #resolve: () => void;
  /** Resolves when every change of the line has an outcome, or when the run is over. */
  readonly settled: Promise<void>;

  constructor(label: string, total: number) {
    this.label = label;
    this.total = total;
    let resolve!: () => void;
    this.settled = new Promise<void>((r) => (resolve = r));
    this.#resolve = resolve;
  }

  get notStarted(): number {
    return this.total - this.done - this.failures.length - this.skipped - this.inFlight;
  }

  /** The counts are the outcomes: only changes carried out count as done. */
  title(): string {
    const counted = `${this.label} (${this.done}/${this.total})`;
    if (!this.stopping) return counted;
    return this.inFlight > 0 ? `${counted}: stopping, ${this.inFlight} in flight` : `${counted}: stopping`;
  }

  show(): void {
    if (this.task !== undefined && !this.closed) this.task.title = this.title();
  }

  update(): void {
    this.show();
    if (this.done + this.failures.length + this.skipped === this.total) this.#resolve();
  }

  finish(): void {
    this.#resolve();
  }

  /** What the line says once the run is over: failures mark it failed; skipped or unstarted changes are not failures. */
  final(): { failed?: string; skipped?: string } {
    const counted = `${this.label} (${this.done}/${this.total})`;
    const rest = [
      ...(this.skipped > 0 ? [`${this.skipped} skipped (a change it depends on failed)`] : []),
      ...(this.notStarted > 0 ? [`${this.notStarted} not started (interrupted)`] : []),
    ];
    if (this.failures.length > 0) return { failed: [`${this.failures.length} failed: ${this.failures.slice(0, 3).join('; ')}`, ...rest].join('; ') };
    if (rest.length > 0) return { skipped: `${counted}: ${rest.join(', ')}` };
    return {};
  }

  /** For a stop at once: what was in flight is not known to be done or not. */
  abandon(): void {
    if (this.task === undefined || this.closed || this.done === this.total) return;
    this.closed = true;
    const parts = [
      ...(this.failures.length > 0 ? [`${this.failures.length} failed`] : []),
      ...(this.skipped > 0 ? [`${this.skipped} skipped`] : []),
      ...(this.inFlight > 0 ? [`${this.inFlight} in flight when stopped, may be half-done`] : []),
      ...(this.notStarted > 0 ? [`${this.notStarted} not started`] : []),
    ];
    this.task.skip(`${this.label} (${this.done}/${this.total}): ${parts.join(', ')}`);
  }
}

function listrProgress(display: DisplaySink, stderr: TextSink, changes: readonly Change[], wording: Wording, color: boolean, inFlight: InFlight): Shown {
  const lines = new Map<string, KindLine>();
  const idOf = (change: Change): string => `${change.action === 'delete' ? 'delete' : 'write'}:${change.kind}`;
  const label = (id: string): string => {
    const [phase, kind] = id.split(':') as [string, Kind];
    return `${phase === 'delete' ? 'Remove' : 'Write'} ${KIND_LABEL[kind]}s`;
  };
  const totals = new Map<string, number>();
  for (const change of changes) totals.set(idOf(change), (totals.get(idOf(change)) ?? 0) + 1);
  // Writes in dependency order of the kinds, then removals in the reverse order: the order they run in.
  const rank = (id: string): number => {
    const [phase, kind] = id.split(':') as [string, Kind];
    return phase === 'delete' ? 10 - KINDS.indexOf(kind) : KINDS.indexOf(kind);
  };
  for (const id of [...totals.keys()].sort((a, b) => rank(a) - rank(b))) lines.set(id, new KindLine(label(id), totals.get(id)!));

  // The renderer gives it its icons and colours; its waiting icon is drawn on lines with nothing in flight.
  const logger = new ListrLogger({ useIcons: true, processOutput: new ProcessOutput(streamOf(display, color), streamOf(stderr, color)) });
  let footer = '';
  let renderer: DefaultRenderer | undefined;
  let drawn = false;
  let ended = false;
  /**
   * listr2's default renderer, drawn wherever paycfg says: whether the display is interactive is
   * decided from io (a terminal, not CI), so listr2 must not fall back to its line renderer because
   * it looked at process.stdout itself. The notice of an interrupt is drawn under the lines.
   */
  class TerminalRenderer extends DefaultRenderer {
    static override nonTTY = true;
    constructor(...args: ConstructorParameters<typeof DefaultRenderer>) {
      super(...args);
      renderer = this;
    }
    override async render(): Promise<void> {
      await super.render();
      drawn = true;
    }
    /** A spinner only on a line with a change in flight: the others wait, drawn as listr2 draws a waiting task. */
    protected override style(task: Parameters<DefaultRenderer['style']>[0], output?: boolean): string {
      const line = output === true || !task.isStarted() ? undefined : [...lines.values()].find((l) => task.title?.startsWith(`${l.label} (`) === true);
      if (line !== undefined && line.inFlight === 0) return logger.icon(ListrDefaultRendererLogLevels.WAITING);
      return super.style(task, output);
    }
    override create(options?: Parameters<DefaultRenderer['create']>[0]): string {
      const frame = super.create(options);
      return footer === '' ? frame : `${frame}\n\n${footer}`;
    }
    override end(): void {
      if (ended) return;
      ended = true;
      footer = '';
      super.end();
    }
  }

  const list = new Listr(
    [...lines.values()].map((line) => ({
      title: line.title(),
      task: async (_ctx: unknown, task: TaskHandle) => {
        line.task = task;
        // Events that came before the display was up are counted already: show them now.
        line.show();
        await line.settled;
        if (line.closed) return;
        line.closed = true;
        task.title = `${line.label} (${line.done}/${line.total})`;
        const { failed, skipped } = line.final();
        if (failed !== undefined) throw new Error(failed);
        if (skipped !== undefined) task.skip(skipped);
      },
    })),
    {
      concurrent: true,
      exitOnError: false,
      collectErrors: false,
      // paycfg handles Ctrl-C itself (cli/io): listr2's handler would exit 127 at the first one.
      registerSignalListeners: false,
      renderer: TerminalRenderer,
      rendererOptions: {
        collapseErrors: false,
        // Frames go to io.display, never to process.stdout directly: the output filter is the last step.
        logger,
      },
    },
  );
  const lineOf = (change: Change): KindLine => lines.get(idOf(change))!;
  return {
    onEvent(event) {
      const line = lineOf(event.change);
      if (event.type === 'start') line.inFlight += 1;
      else if (event.type === 'done') {
        line.inFlight -= 1;
        line.done += 1;
      } else if (event.type === 'failed') {
        line.inFlight -= 1;
        line.failures.push(`${wording.address(event.change)}: ${wording.failure(event.error)}`);
      } else line.skipped += 1;
      line.update();
      if (footer !== '') footer = interruptNotice(inFlight.size);
    },
    async track(work) {
      const shown = list.run().catch(() => undefined);
      try {
        return await work;
      } finally {
        // Lines an interrupted run never finished must not keep the display waiting.
        for (const line of lines.values()) line.finish();
        await shown;
      }
    },
    interrupted() {
      for (const line of lines.values()) {
        line.stopping = true;
        line.show();
      }
      footer = interruptNotice(inFlight.size);
      if (drawn && !ended) renderer?.update();
    },
    stop() {
      for (const line of lines.values()) line.abandon();
      if (drawn) renderer?.end();
    },
  };
}
