import type { PolicyLevel } from '../findings/types.js';
import type { Plan } from '../plan/plan.js';
import type { PackRun } from './run-pack.js';
import type { PolicyEnvironment } from './types.js';

/**
 * What paycfg and its policy worker (policy-worker.ts) say to each other. The plan goes over once,
 * with every module to run; the worker answers as it starts each one (so that its time limit runs
 * from there) and as each ends.
 */

export interface WorkerModule {
  /** The module as messages name it. */
  readonly label: string;
  /** Absolute path. */
  readonly path: string;
  readonly config: Readonly<Record<string, unknown>>;
  readonly levels?: Readonly<Record<string, PolicyLevel | 'off'>>;
}

export interface WorkerRequest {
  readonly plan: Plan;
  readonly environment?: PolicyEnvironment;
  readonly modules: readonly WorkerModule[];
}

export type WorkerAnswer =
  | { readonly type: 'start'; readonly index: number }
  | { readonly type: 'done'; readonly index: number; readonly run: PackRun }
  | { readonly type: 'failed'; readonly index: number; readonly what: string; readonly rule?: string };
