import { Worker } from 'node:worker_threads';
import type { Plan } from '../plan/plan.js';
import { PolicyModuleError } from './errors.js';
import type { PackRun } from './run-pack.js';
import type { PolicyEnvironment } from './types.js';
import type { WorkerAnswer, WorkerModule, WorkerRequest } from './worker-protocol.js';

/** How long one policy module may take, from its load to its last rule's answer. */
export const DEFAULT_POLICY_TIMEOUT_MS = 10_000;

/**
 * Runs a PBO's policy modules in one worker thread (policy-worker.ts), handing it the plan once.
 * Each module has `timeoutMs` from its start; past it the worker is terminated (a loop that never
 * ends is stopped there) and the run fails. The first module that fails ends the run with a
 * PolicyModuleError naming it: nothing is let through silently.
 */
export async function runModulePacks(plan: Plan, modules: readonly WorkerModule[], environment: PolicyEnvironment | undefined, timeoutMs: number): Promise<PackRun[]> {
  if (modules.length === 0) return [];
  const { entry, eval: isEval } = workerEntry();
  const worker = new Worker(entry, {
    eval: isEval,
    // Not the main thread's flags (`--input-type` would stop the worker loading a file).
    execArgv: [],
    // A pack reads the plan, not paycfg's environment: the token and the manifest's variables stay out of its reach.
    env: {},
    // What a module prints is not paycfg's output (it would break `plan --json`): read and dropped.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  const runs: PackRun[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let current = -1;
      let timer: NodeJS.Timeout | undefined;
      const label = (): string => modules[Math.max(current, 0)]?.label ?? 'a policy module';
      const fail = (error: PolicyModuleError): void => {
        clearTimeout(timer);
        reject(error);
      };
      worker.on('message', (answer: WorkerAnswer) => {
        if (answer.type === 'start') {
          current = answer.index;
          clearTimeout(timer);
          timer = setTimeout(
            () => fail(new PolicyModuleError(label(), `did not finish within ${seconds(timeoutMs)} (a loop that never ends?); it was stopped`, { timeoutMs })),
            timeoutMs,
          );
          return;
        }
        clearTimeout(timer);
        if (answer.type === 'failed') {
          fail(new PolicyModuleError(modules[answer.index]?.label ?? label(), answer.what, answer.rule !== undefined ? { rule: answer.rule } : {}));
          return;
        }
        runs[answer.index] = answer.run;
        if (runs.filter((run) => run !== undefined).length === modules.length) resolve();
      });
      worker.on('error', (error) => fail(new PolicyModuleError(label(), `stopped the policy worker: ${error.message}`)));
      worker.on('exit', (code) => fail(new PolicyModuleError(label(), `ended the policy worker (exit code ${code}) before it answered: does it call process.exit?`)));
      const request: WorkerRequest = { plan, modules, ...(environment !== undefined ? { environment } : {}) };
      worker.postMessage(request);
    });
  } finally {
    await worker.terminate();
  }
  return runs;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/**
 * The worker runs policy-worker from where this module was loaded: compiled JavaScript in the
 * package and the bundle (bundle/policy-worker.js beside bundle/paycfg.mjs); TypeScript when paycfg
 * runs from its sources (development, tests), where tsx is registered inside the worker first,
 * since Node 20 does not carry a module loader into workers (as manifest/parse-pool.ts does).
 */
function workerEntry(): { entry: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { entry: new URL('./policy-worker.js', import.meta.url), eval: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./policy-worker.ts', import.meta.url).href;
  return { entry: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`, eval: true };
}
