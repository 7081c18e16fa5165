/**
 * The policy worker: runs a PBO's policy modules over the plan, off paycfg's main thread, so that a
 * module that never returns can be stopped (module-runner.ts terminates the worker at its time
 * limit). Started from module-runner.ts by URL beside it: policy-worker.js in the package (dist/)
 * and in the bundle (bundle/policy-worker.js), this file through tsx from the sources.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { PolicyModuleError } from './errors.js';
import { createHelpers } from './helpers.js';
import { describeThrown, runPack } from './run-pack.js';
import type { WorkerAnswer, WorkerModule, WorkerRequest } from './worker-protocol.js';

const port = parentPort;
if (port === null) throw new Error('policy-worker.ts runs as a worker thread (src/policy/module-runner.ts starts it)');

port.once('message', (request: WorkerRequest) => {
  void evaluate(request).finally(() => port.close());
});

async function evaluate(request: WorkerRequest): Promise<void> {
  // Frozen: a module that writes to the plan fails there, instead of changing what the next rule reads.
  const plan = deepFreeze(request.plan);
  const helpers = createHelpers(plan);
  const environment = request.environment === undefined ? undefined : deepFreeze(request.environment);
  for (const [index, module] of request.modules.entries()) {
    send({ type: 'start', index });
    try {
      const exported = await loadDefaultExport(module);
      const input = { plan, config: deepFreeze(structuredClone(module.config)), ...(environment !== undefined ? { environment } : {}) };
      const run = await runPack(exported, input, helpers, module.levels !== undefined ? { levels: module.levels } : {}, module.label);
      send({ type: 'done', index, run });
    } catch (error) {
      if (error instanceof PolicyModuleError) {
        const rule = error.details['rule'];
        send({ type: 'failed', index, what: error.what, ...(typeof rule === 'string' ? { rule } : {}) });
      } else send({ type: 'failed', index, what: describeThrown(error) });
      // Fail closed: the run stops at the first module that cannot be trusted.
      return;
    }
  }
}

function send(answer: WorkerAnswer): void {
  port!.postMessage(answer);
}

/** The module's default export: JavaScript by import(), TypeScript by tsx's tsImport. */
async function loadDefaultExport(module: WorkerModule): Promise<unknown> {
  let namespace: Record<string, unknown>;
  try {
    namespace = isTypeScript(module.path) ? await importTypeScript(module.path) : ((await import(pathToFileURL(module.path).href)) as Record<string, unknown>);
  } catch (error) {
    if (error instanceof PolicyModuleError) throw error;
    throw new PolicyModuleError(module.label, `cannot be loaded: ${describeThrown(error)}`);
  }
  const exported = namespace['default'];
  // A TypeScript module compiled as CommonJS has its `export default` one level down.
  if (exported !== null && typeof exported === 'object' && 'default' in exported && !('rules' in exported)) return (exported as { default: unknown }).default;
  return exported;
}

function isTypeScript(file: string): boolean {
  return /\.[mc]?ts$/.test(file);
}

/**
 * tsx as the pack's own project has it: paycfg does not depend on tsx (its esbuild would run an
 * install script in every install of paycfg). Tried first where paycfg resolves modules, which finds
 * it in paycfg's own development tree and in a project that installed both side by side.
 */
async function importTypeScript(file: string): Promise<Record<string, unknown>> {
  const tsx = await import('tsx/esm/api').catch(async (first: unknown) => {
    let api: string;
    try {
      // The package's own ESM entry of its API, as its exports map names it for import.
      const manifest = createRequire(path.join(path.dirname(file), 'noop.js')).resolve('tsx/package.json');
      const exported = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api']!.import.default;
      api = path.resolve(path.dirname(manifest), exported);
    } catch {
      throw new PolicyModuleError(
        file,
        `is TypeScript, and tsx, which loads TypeScript, cannot be found (${describeThrown(first)}): install tsx in the pack's project (npm install --save-dev tsx), or compile the pack to JavaScript`,
      );
    }
    return (await import(pathToFileURL(api).href)) as typeof import('tsx/esm/api');
  });
  return (await tsx.tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const item of Object.values(value as object)) deepFreeze(item);
  return value;
}
