import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { LineCounter } from 'yaml';
import { InternalError } from '../errors.js';
import type { ParseCache } from './parse-cache.js';
import { parseYamlData, plainYamlData, type YamlData } from './parse-yaml.js';
import { PositionTree } from './position-tree.js';
import type { ParseAnswer, ParseRequest } from './parse-worker.js';

/**
 * From this much YAML in all (UTF-16 code units, as JavaScript counts a string), files are parsed in
 * worker threads. Below it, starting a worker (it compiles the parser afresh) buys little for what it
 * costs, and most manifests are far smaller. Measured on two idle cores, `paycfg validate` of the
 * benchmark's 2,000 merchants (3.2 MB in 5 files): 3.73 to 3.87 s on the main thread, 3.11 to 3.76 s
 * with the workers, for a fifth more CPU and 30 MB more at the peak.
 */
export const WORKER_THRESHOLD_CHARS = 4 * 1024 * 1024;
/** More workers than this only adds memory: the garbage collector keeps the cores busy as it is. */
const MAX_WORKERS = 2;
/**
 * The syntax tree outlives any young generation, so a large one only adds memory (measured before
 * issue 29: a plan at 10,000 merchants peaked at about 420 MB with V8's default, 365 MB with this).
 */
const YOUNG_GENERATION_MB = 8;

export interface ParsePoolOptions {
  /**
   * `auto` (the default) uses workers from WORKER_THRESHOLD_CHARS of text on, for the files that
   * are not plain YAML; `always` parses every file in a worker with the yaml package.
   */
  readonly workers?: 'auto' | 'always' | 'never';
}

/**
 * Parses manifest files (parse-yaml.ts, one parse each) and yields them in file order, each as soon
 * as it is ready, so that the caller checks one while the next parses. With a cache (parse-cache.ts),
 * a file it keeps is not parsed again, and each parse is offered to it.
 *
 * Large manifests that are not plain YAML (plain-yaml.ts) are parsed in worker threads, for time
 * and memory: the yaml package allocates about 70 times the text while parsing, and in a worker
 * that garbage lives and dies in the worker's heap, while the main heap receives only the values.
 * Measured in one session (issue 29), `paycfg validate` of the benchmark's 10,000 merchants (16 MB
 * of YAML in 21 files, all parsed by the yaml package then): 7.0 s with the workers of the code
 * before the reshaping, 13.0 s on the main thread alone.
 */
export function parseManifestTexts(files: readonly ParseRequest[], options: ParsePoolOptions = {}, cache?: ParseCache): AsyncGenerator<YamlData> {
  const totalChars = files.reduce((sum, file) => sum + file.text.length, 0);
  const mode = options.workers ?? 'auto';
  const useWorkers = files.length > 0 && mode !== 'never' && (mode === 'always' || totalChars >= WORKER_THRESHOLD_CHARS);
  if (!useWorkers) return onMainThread([...files], cache);
  const queue: Job[] = [];
  const results = files.map((file) => {
    const result = deferred<YamlData>();
    // Looked up now, so that only what the cache lacks goes to the workers.
    const found = cache?.find(file);
    if (found?.data !== undefined) {
      result.resolve(found.data);
      return result;
    }
    const keep = found !== undefined ? (data: YamlData) => cache!.add(found.key, file.text.length, data) : (data: YamlData) => data;
    // A plain file is read here at once (plain-yaml.ts reads it ten times as fast as the yaml
    // package): the workers are for the files only the yaml package reads.
    const plain = mode === 'auto' ? plainYamlData(file.text, file.name) : undefined;
    if (plain !== undefined) result.resolve(keep(plain));
    else queue.push({ file, result, keep });
    return result;
  });
  // A caller that stops at a failure never awaits the rest; their failures are not unhandled.
  for (const result of results) result.promise.catch(() => {});
  const count = Math.min(MAX_WORKERS, availableParallelism(), queue.length);
  for (let i = 0; i < count; i++) void drain(queue);
  return inFileOrder(results);
}

/** A file to parse in the pool; `keep` offers its parse to the cache and gives the parse to use. */
interface Job {
  readonly file: ParseRequest;
  readonly result: Deferred<YamlData>;
  readonly keep: (data: YamlData) => YamlData;
}

async function* onMainThread(queue: ParseRequest[], cache: ParseCache | undefined): AsyncGenerator<YamlData> {
  // Shifted, so that each text is let go once parsed. The cache is asked as each file comes up, not
  // before: its lookup, the parse and the offer are one synchronous step, so that loads running at
  // once (a fleet's targets) do not all miss a file the first of them is about to keep.
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) yield cache === undefined ? parseYamlData(file.text, file.name) : cache.parse(file, parseYamlData);
}

async function* inFileOrder(results: Deferred<YamlData>[]): AsyncGenerator<YamlData> {
  for (let result = results.shift(); result !== undefined; result = results.shift()) yield await result.promise;
}

/**
 * One worker's share of the queue: it takes the next file whenever it is free. A worker that runs
 * out of heap hands its file to the main thread; any other failure (it cannot start, it crashes) is
 * a bug in paycfg: the file it was reading is reported as such, and the rest of this share is
 * parsed on the main thread.
 */
async function drain(queue: Job[]): Promise<void> {
  let worker: ParseWorker | undefined;
  let failure: unknown;
  try {
    worker = startWorker();
  } catch (error) {
    failure = error;
  }
  try {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
      const { file, result } = job;
      const { keep } = job;
      if (worker !== undefined) {
        try {
          result.resolve(keep(await worker.parse(file)));
          continue;
        } catch (error) {
          await worker.close();
          worker = undefined;
          if (!outOfMemory(error)) failure = error;
        }
      }
      if (failure !== undefined) {
        const why = failure instanceof Error ? failure.message : String(failure);
        result.reject(new InternalError(`reading ${file.name} in a worker thread failed: ${why}`, { file: file.name }, { cause: failure }));
        failure = undefined;
        continue;
      }
      try {
        result.resolve(keep(parseYamlData(file.text, file.name)));
      } catch (error) {
        result.reject(error);
      }
    }
  } finally {
    await worker?.close();
  }
}

function outOfMemory(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

interface ParseWorker {
  parse(request: ParseRequest): Promise<YamlData>;
  close(): Promise<void>;
}

function startWorker(): ParseWorker {
  const { entry, eval: isEval } = workerEntry();
  const worker = new Worker(entry, {
    eval: isEval,
    // Not the main thread's flags: `--input-type` (as in `node -e`) would stop the worker from loading a file.
    execArgv: [],
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    // The worker never reads its environment; an empty one keeps secrets out of its heap.
    env: {},
  });
  // A worker that fails or ends between two files is seen by the next parse; without the 'error'
  // listener, its failure would also be an uncaught exception.
  let gone: Error | undefined;
  worker.on('error', (error) => void (gone ??= error));
  worker.on('exit', (code) => void (gone ??= new Error(`the YAML parse worker exited with code ${code}`)));
  return {
    parse: (request) =>
      new Promise<YamlData>((resolve, reject) => {
        if (gone !== undefined) {
          reject(gone);
          return;
        }
        const cleanup = (): void => {
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        const onMessage = (answer: ParseAnswer): void => {
          cleanup();
          resolve(fromAnswer(answer));
        };
        const onError = (error: Error): void => {
          cleanup();
          reject(error);
        };
        const onExit = (code: number): void => {
          cleanup();
          reject(new Error(`the YAML parse worker exited with code ${code}`));
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage(request);
      }),
    close: async () => void (await worker.terminate()),
  };
}

function fromAnswer(answer: ParseAnswer): YamlData {
  const lineCounter = new LineCounter();
  for (const start of answer.lineStarts) lineCounter.addNewLine(start);
  return {
    value: 'json' in answer.value ? (JSON.parse(answer.value.json) as unknown) : answer.value.cloned,
    diagnostics: answer.diagnostics,
    positions: { lineCounter, tree: answer.tree === undefined ? undefined : PositionTree.fromData(answer.tree) },
  };
}

/**
 * The worker runs parse-worker from where this module was loaded: compiled JavaScript in the
 * package and the bundle (bundle/parse-worker.js beside bundle/paycfg.mjs); TypeScript when paycfg
 * runs from its sources (development, tests), where tsx must be registered inside the worker first,
 * since Node 20 does not carry a module loader into workers.
 */
function workerEntry(): { entry: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { entry: new URL('./parse-worker.js', import.meta.url), eval: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./parse-worker.ts', import.meta.url).href;
  return { entry: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`, eval: true };
}

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}
