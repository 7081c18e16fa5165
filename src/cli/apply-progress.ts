import { Listr } from 'listr2';
import type { ApplyEvent } from '../apply/execute-plan.js';
import { KIND_LABEL, KINDS, type Kind } from '../model/kinds.js';
import type { Change } from '../plan/plan.js';
import { describeError } from './describe-error.js';
import type { IoStreams } from './io.js';

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

/**
 * CI and pipes get one timestamped line per finished change (nothing redrawn, nothing lost in a
 * log); a terminal gets a listr2 display with one line per kind.
 */
export function createApplyProgress(io: IoStreams, changes: readonly Change[], interactive: boolean, secrets: readonly string[]): ApplyProgress {
  if (!interactive) return plainProgress(io, secrets);
  return listrProgress(changes, secrets);
}

function plainProgress(io: IoStreams, secrets: readonly string[]): ApplyProgress {
  const line = (text: string): void => io.stdout.write(`${new Date().toISOString()} ${text}\n`);
  return {
    onEvent(event) {
      const what = `${verb(event.change)} ${event.change.address}`;
      if (event.type === 'done') line(`${what}: ${event.detail} (${Math.round(event.durationMs)} ms)`);
      else if (event.type === 'failed') line(`${what}: FAILED: ${describeError(event.error, secrets)}`);
      else if (event.type === 'skipped') line(`${what}: skipped (${event.because})`);
    },
    track: (work) => work,
  };
}

function listrProgress(changes: readonly Change[], secrets: readonly string[]): ApplyProgress {
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
        if (group.failed.length > 0) throw new Error(`${group.failed.length} failed: ${group.failed.slice(0, 3).join('; ')}`);
      },
    })),
    { concurrent: true, exitOnError: false, collectErrors: false, rendererOptions: { collapseErrors: false } },
  );
  return {
    onEvent(event) {
      if (event.type === 'done') finish(event.change);
      else if (event.type === 'failed') finish(event.change, `${event.change.address}: ${describeError(event.error, secrets)}`);
      else if (event.type === 'skipped') finish(event.change, `${event.change.address} skipped`);
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
