import type { Change, Plan } from '../plan/plan.js';
import { MinHeap } from '../util/min-heap.js';
import { ChangeOperations, type OperationContext, type WaitOutside } from './change-operations.js';
import type { ApplyEventListener } from './events.js';

export type { ApplyEvent } from './events.js';

export interface ChangeOutcome {
  readonly address: string;
  readonly action: Change['action'];
  readonly status: 'done' | 'failed' | 'skipped' | 'not-started';
  readonly detail?: string;
  /** The id of the record a create made or adopted (`adopted` then true), as data beside the words. */
  readonly createdId?: string;
  readonly adopted?: true;
  readonly error?: unknown;
  readonly because?: string;
}

export interface ApplyResult {
  readonly outcomes: ChangeOutcome[];
  readonly done: number;
  readonly failed: number;
  readonly skipped: number;
  /** Changes never started because the run was interrupted. */
  readonly notStarted: number;
}

export interface ExecuteOptions {
  /** Changes in flight at once. */
  readonly parallelism: number;
  /** Each change as it starts, ends or is skipped (apply/events): what the CLI's progress and the journal follow. */
  readonly onEvent?: ApplyEventListener;
  /** Resolves when the user interrupts: running changes finish, nothing new starts. */
  readonly interrupted?: Promise<unknown>;
}

/**
 * Runs the plan's dependency graph: a change starts once every change it depends on is done; up to
 * `parallelism` run at once. A failed change skips everything that depends on it (transitively);
 * independent changes go on, so that one refusal does not stop the rest and a re-run finishes the job.
 */
export async function executePlan(plan: Plan, context: OperationContext, options: ExecuteOptions): Promise<ApplyResult> {
  // A change that waits (for twins to settle and be listed, see concurrent-create.ts) gives its
  // slot up meanwhile, and when the wait is over takes the next free one before any change not yet
  // started, so that the changes half done finish first.
  let running = 0;
  let paused = 0;
  const resuming: (() => void)[] = [];
  let pump: () => void = () => undefined;
  const waitOutside: WaitOutside = async (work) => {
    running -= 1;
    paused += 1;
    pump();
    try {
      return await work();
    } finally {
      await new Promise<void>((resolve) => {
        resuming.push(resolve);
        pump();
      });
      paused -= 1;
    }
  };
  const operations = new ChangeOperations(context, waitOutside);
  const changes = plan.changes;
  const index = new Map(changes.map((c, i) => [c.address, i]));
  const waiting = changes.map((c) => c.dependsOn.filter((d) => index.has(d)).length);
  const dependents: number[][] = changes.map(() => []);
  changes.forEach((c, i) => {
    for (const d of c.dependsOn) {
      const j = index.get(d);
      if (j !== undefined) dependents[j]!.push(i);
    }
  });
  const status: (ChangeOutcome | undefined)[] = changes.map(() => undefined);
  // Ready changes in plan order, so that the run follows the plan as printed where it can.
  const ready = new MinHeap();
  waiting.forEach((w, i) => {
    if (w === 0) ready.push(i);
  });

  const stop = stopFlagOf(options.interrupted);

  const skipDependents = (i: number, because: string): void => {
    const stack = [...dependents[i]!];
    while (stack.length > 0) {
      const j = stack.pop()!;
      if (status[j] !== undefined) continue;
      status[j] = { address: changes[j]!.address, action: changes[j]!.action, status: 'skipped', because };
      options.onEvent?.({ type: 'skipped', change: changes[j]!, because });
      stack.push(...dependents[j]!);
    }
  };

  await new Promise<void>((resolve) => {
    pump = (): void => {
      while (running < options.parallelism && resuming.length > 0) {
        running += 1;
        resuming.shift()!();
      }
      while (!stop.stopping && running < options.parallelism && ready.size > 0) {
        const i = ready.pop();
        if (status[i] !== undefined) continue;
        const change = changes[i]!;
        running += 1;
        const started = performance.now();
        options.onEvent?.({ type: 'start', change });
        operations.run(change).then(
          ({ words: detail, ...created }) => {
            status[i] = { address: change.address, action: change.action, status: 'done', detail, ...created };
            options.onEvent?.({ type: 'done', change, detail, ...created, durationMs: performance.now() - started });
            for (const j of dependents[i]!) {
              waiting[j]! -= 1;
              if (waiting[j] === 0 && status[j] === undefined) ready.push(j);
            }
          },
          (error: unknown) => {
            status[i] = { address: change.address, action: change.action, status: 'failed', error };
            options.onEvent?.({ type: 'failed', change, error, durationMs: performance.now() - started });
            skipDependents(i, `${change.address} failed`);
          },
        ).finally(() => {
          running -= 1;
          pump();
        });
      }
      if (running === 0 && paused === 0) resolve();
    };
    pump();
  });

  const outcomes = changes.map((c, i) => status[i] ?? { address: c.address, action: c.action, status: 'not-started' as const });
  const count = (s: ChangeOutcome['status']): number => outcomes.filter((o) => o.status === s).length;
  return { outcomes, done: count('done'), failed: count('failed'), skipped: count('skipped'), notStarted: count('not-started') };
}

/**
 * Set once `interrupted` settles. Built apart from executePlan's scope: a reaction to a promise
 * that may never settle keeps its closure alive as long as the promise lives, and a closure made
 * inside executePlan would keep the whole run (plan, live and desired state, client) with it. A
 * fleet apply's run-wide Ctrl-C signal holds one such promise per target: ~330 KiB a 20-merchant
 * target, kept until the fleet run ends.
 */
function stopFlagOf(interrupted: Promise<unknown> | undefined): { readonly stopping: boolean } {
  const flag = { stopping: false };
  void interrupted?.then(() => {
    flag.stopping = true;
  });
  return flag;
}
