import { DefaultRenderer, Listr, ListrLogger, ProcessOutput } from 'listr2';
import type { ApplyEvent } from '../apply/execute-plan.js';
import { KIND_LABEL, KINDS, type Kind } from '../model/kinds.js';
import type { Change } from '../plan/plan.js';
import { SENSITIVE } from '../render/redact.js';
import { createScrubber } from '../util/scrub.js';
import { showControls } from '../util/visible-text.js';
import { describeError } from './describe-error.js';
import type { DisplaySink, IoStreams, TextSink } from './io.js';

export interface ApplyProgress {
  onEvent(event: ApplyEvent): void;
  /** Runs the execution while the progress display is up. */
  track<T>(work: Promise<T>): Promise<T>;
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
  return { address: (change) => text(change.address), failure: (error) => describeError(error, hidden), text };
}

/**
 * CI and pipes get one timestamped line per finished change (nothing redrawn, nothing lost in a
 * log); a terminal gets a listr2 display with one line per kind, drawn on io.display (through the
 * output filter). `token` is the access token: a live-only record's address may hold it.
 */
export function createApplyProgress(
  io: IoStreams,
  changes: readonly Change[],
  interactive: boolean,
  secrets: readonly string[],
  token = '',
): ApplyProgress {
  const wording = wordingOf(secrets, token);
  if (!interactive || io.display === undefined) return plainProgress(io, wording);
  return listrProgress(io.display, io.stderr, changes, wording);
}

function plainProgress(io: IoStreams, wording: Wording): ApplyProgress {
  const line = (text: string): void => io.stdout.write(`${new Date().toISOString()} ${text}\n`);
  return {
    onEvent(event) {
      const what = `${verb(event.change)} ${wording.address(event.change)}`;
      if (event.type === 'done') line(`${what}: ${wording.text(event.detail)} (${Math.round(event.durationMs)} ms)`);
      else if (event.type === 'failed') line(`${what}: FAILED: ${wording.failure(event.error)}`);
      else if (event.type === 'skipped') line(`${what}: skipped (${wording.text(event.because)})`);
    },
    track: (work) => work,
  };
}

/**
 * listr2's default renderer, drawn wherever paycfg says: whether the display is interactive is
 * decided from io (a terminal, not CI), so listr2 must not fall back to its line renderer because
 * it looked at process.stdout itself.
 */
class TerminalRenderer extends DefaultRenderer {
  static override nonTTY = true;
}

/** A stream for listr2's ProcessOutput that writes to `sink` (the renderer reads the size from it). */
function streamOf(sink: TextSink & { columns?: number; rows?: number }): NodeJS.WriteStream {
  const stream = {
    columns: sink.columns ?? 80,
    rows: sink.rows ?? 24,
    isTTY: true,
    write(chunk: string | Uint8Array, ...rest: unknown[]): boolean {
      sink.write(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const callback = rest[rest.length - 1];
      if (typeof callback === 'function') (callback as () => void)();
      return true;
    },
  };
  return stream as unknown as NodeJS.WriteStream;
}

function listrProgress(display: DisplaySink, stderr: TextSink, changes: readonly Change[], wording: Wording): ApplyProgress {
  type Group = { total: number; finished: number; failed: string[]; title: (s: string) => void; resolve: () => void; done: Promise<void> };
  const groups = new Map<string, Group>();
  const groupOf = (change: Change): string => `${change.action === 'delete' ? 'delete' : 'write'}:${change.kind}`;
  for (const change of changes) {
    const id = groupOf(change);
    let group = groups.get(id);
    if (group === undefined) {
      let resolve!: () => void;
      const done = new Promise<void>((r) => (resolve = r));
      group = { total: 0, finished: 0, failed: [], title: () => {}, resolve, done };
      groups.set(id, group);
    }
    group.total += 1;
  }
  const label = (id: string): string => {
    const [phase, kind] = id.split(':') as [string, Kind];
    return `${phase === 'delete' ? 'Remove' : 'Write'} ${KIND_LABEL[kind]}s`;
  };
  const ordered = [...groups.keys()].sort((a, b) => {
    const [pa, ka] = a.split(':') as [string, Kind];
    const [pb, kb] = b.split(':') as [string, Kind];
    const ra = pa === 'delete' ? 10 - KINDS.indexOf(ka) : KINDS.indexOf(ka);
    const rb = pb === 'delete' ? 10 - KINDS.indexOf(kb) : KINDS.indexOf(kb);
    return ra - rb;
  });
  const finish = (change: Change, failure?: string): void => {
    const group = groups.get(groupOf(change))!;
    group.finished += 1;
    if (failure !== undefined) group.failed.push(failure);
    group.title(`${label(groupOf(change))} (${group.finished}/${group.total})`);
    if (group.finished === group.total) group.resolve();
  };
  const list = new Listr(
    ordered.map((id) => ({
      title: `${label(id)} (0/${groups.get(id)!.total})`,
      task: async (_ctx: unknown, task: { title: string }) => {
        const group = groups.get(id)!;
        group.title = (s) => (task.title = s);
        await group.done;
        // A kind an interrupted run left unfinished is not shown as done: the counts are the outcomes.
        const notStarted = group.total - group.finished;
        const unstarted = notStarted > 0 ? `${notStarted} not started` : '';
        if (group.failed.length > 0) {
          throw new Error([`${group.failed.length} failed: ${group.failed.slice(0, 3).join('; ')}`, unstarted].filter(Boolean).join('; '));
        }
        if (notStarted > 0) throw new Error(`${unstarted} (interrupted)`);
      },
    })),
    {
      concurrent: true,
      exitOnError: false,
      collectErrors: false,
      registerSignalListeners: false,
      renderer: TerminalRenderer,
      rendererOptions: {
        collapseErrors: false,
        // Frames go to io.display, never to process.stdout directly: the output filter is the last step.
        logger: new ListrLogger({ useIcons: true, processOutput: new ProcessOutput(streamOf(display), streamOf(stderr)) }),
      },
    },
  );
  return {
    onEvent(event) {
      if (event.type === 'done') finish(event.change);
      else if (event.type === 'failed') finish(event.change, `${wording.address(event.change)}: ${wording.failure(event.error)}`);
      else if (event.type === 'skipped') finish(event.change, `${wording.address(event.change)} skipped`);
    },
    async track(work) {
      const shown = list.run().catch(() => undefined);
      try {
        return await work;
      } finally {
        // Groups an interrupted run never finished must not keep the display waiting.
        for (const group of groups.values()) group.resolve();
        await shown;
      }
    },
  };
}
