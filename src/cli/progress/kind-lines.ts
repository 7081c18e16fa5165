import type { ApplyEvent } from '../../apply/events.js';
import { KIND_LABEL, KINDS, type Kind } from '../../model/kinds.js';
import type { Change } from '../../plan/plan.js';

/**
 * The display's model of a run: one line per kind and phase (its writes, its removals), counted
 * from the executor's events. Nothing here draws; cli/progress/frame lays the lines out.
 */

/** How a line is drawn: its icon and colour follow the state. */
export type LineState = 'running' | 'waiting' | 'done' | 'failed' | 'skipped';

export interface LineView {
  readonly state: LineState;
  readonly text: string;
  /** Shown under the line, indented (a kind's failures). */
  readonly detail?: string;
}

/**
 * Where the run stands, for the lines' words: `running`; `ended` (the executor returned: what it
 * never started was interrupted); `stopped` (a second Ctrl-C: what was in flight may be half done).
 */
export type RunStage = 'running' | 'ended' | 'stopped';

type Phase = 'write' | 'remove';

/** Creates, updates and replacements write a kind; deletes remove it. */
const phaseOf = (change: Change): Phase => (change.action === 'delete' ? 'remove' : 'write');

/** The order the lines run in: writes in the kinds' dependency order, then removals in the reverse order. */
function rank(phase: Phase, kind: Kind): number {
  const level = KINDS.indexOf(kind);
  return phase === 'write' ? level : KINDS.length + (KINDS.length - 1 - level);
}

class KindLine {
  readonly label: string;
  readonly total: number;
  done = 0;
  skipped = 0;
  inFlight = 0;
  readonly failures: string[] = [];

  constructor(label: string, total: number) {
    this.label = label;
    this.total = total;
  }

  /** Every change of the line has an outcome: the line says so whatever the run does next. */
  get settled(): boolean {
    return this.done + this.failures.length + this.skipped === this.total;
  }

  get notStarted(): number {
    return this.total - this.done - this.failures.length - this.skipped - this.inFlight;
  }

  /** The counts are the outcomes: only changes carried out count as done. */
  get counted(): string {
    return `${this.label} (${this.done}/${this.total})`;
  }

  view(stage: RunStage, stopping: boolean): LineView {
    if (this.settled || stage === 'ended') return this.final();
    if (stage === 'stopped') return this.abandoned();
    const text = !stopping ? this.counted : this.inFlight > 0 ? `${this.counted}: stopping, ${this.inFlight} in flight` : `${this.counted}: stopping`;
    // A spinner only where a change is in flight: the other kinds wait.
    return { state: this.inFlight > 0 ? 'running' : 'waiting', text };
  }

  /** Once every change has an outcome, or the run is over: failures mark it failed; skipped or unstarted changes are not failures. */
  private final(): LineView {
    const rest = [
      ...(this.skipped > 0 ? [`${this.skipped} skipped (a change it depends on failed)`] : []),
      ...(this.notStarted > 0 ? [`${this.notStarted} not started (interrupted)`] : []),
    ];
    if (this.failures.length > 0) {
      return { state: 'failed', text: this.counted, detail: [`${this.failures.length} failed: ${this.failures.slice(0, 3).join('; ')}`, ...rest].join('; ') };
    }
    if (rest.length > 0) return { state: 'skipped', text: `${this.counted}: ${rest.join(', ')}` };
    return { state: 'done', text: this.counted };
  }

  /** For a stop at once: what was in flight is not known to be done or not. */
  private abandoned(): LineView {
    const parts = [
      ...(this.failures.length > 0 ? [`${this.failures.length} failed`] : []),
      ...(this.skipped > 0 ? [`${this.skipped} skipped`] : []),
      ...(this.inFlight > 0 ? [`${this.inFlight} in flight when stopped, may be half-done`] : []),
      ...(this.notStarted > 0 ? [`${this.notStarted} not started`] : []),
    ];
    return { state: 'skipped', text: `${this.counted}: ${parts.join(', ')}` };
  }
}

export class KindLines {
  readonly #lines = new Map<string, KindLine>();
  /** How a failure reads under its line (the change's address and the error, escaped and masked). */
  readonly #failure: (change: Change, error: unknown) => string;

  constructor(changes: readonly Change[], failure: (change: Change, error: unknown) => string) {
    this.#failure = failure;
    const totals = new Map<string, { phase: Phase; kind: Kind; total: number }>();
    for (const change of changes) {
      const id = KindLines.#idOf(change);
      const entry = totals.get(id) ?? { phase: phaseOf(change), kind: change.kind, total: 0 };
      entry.total += 1;
      totals.set(id, entry);
    }
    const ordered = [...totals].sort(([, a], [, b]) => rank(a.phase, a.kind) - rank(b.phase, b.kind));
    for (const [id, { phase, kind, total }] of ordered) this.#lines.set(id, new KindLine(`${phase === 'write' ? 'Write' : 'Remove'} ${KIND_LABEL[kind]}s`, total));
  }

  static #idOf(change: Change): string {
    return `${phaseOf(change)}:${change.kind}`;
  }

  onEvent(event: ApplyEvent): void {
    const line = this.#lines.get(KindLines.#idOf(event.change));
    if (line === undefined) return;
    if (event.type === 'start') line.inFlight += 1;
    else if (event.type === 'done') {
      line.inFlight -= 1;
      line.done += 1;
    } else if (event.type === 'failed') {
      line.inFlight -= 1;
      line.failures.push(this.#failure(event.change, event.error));
    } else line.skipped += 1;
  }

  /** The lines in the order they run in, as they read now. */
  views(stage: RunStage, stopping: boolean): LineView[] {
    return [...this.#lines.values()].map((line) => line.view(stage, stopping));
  }
}
