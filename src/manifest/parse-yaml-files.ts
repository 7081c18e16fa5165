import { availableParallelism } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { InternalError } from '../errors.js';
import { parseYamlData, type YamlData } from './read-yaml.js';
import type { ParseAnswer, ParseRequest } from './yaml-worker.js';

/**
 * Below this much YAML in all (in UTF-16 code units, as JavaScript counts a string), files are
 * parsed on the main thread: starting the workers, each compiling the parser afresh, costs more
 * than parsing on two cores saves, and most manifests are far smaller. Measured on two cores: at
 * 3.1 MiB (2,000 merchants) the main thread loads in 1.87 s against 1.92 s with workers, and peaks
 * 15 MB lower; at 4.7 MiB both take 2.45 s; at 6.2 MiB the workers win, 2.85 s against 3.06 s.
 */
export const WORKER_THRESHOLD_CHARS = 4 * 1024 * 1024;
/** More workers than this only adds memory: the garbage collector keeps the cores busy as it is. */
const MAX_WORKERS = 2;
/**
 * The syntax tree outlives any young generation, so a large one only adds memory: with V8's default,
 * a plan at 10,000 merchants peaked at about 420 MB instead of 365 MB, and was no faster.
 */
const YOUNG_GENERATION_MB = 8;
/**
 * The main thread's usable stack (V8's default 984 KB), not a worker's default 4 MB: how deep a
 * document can nest before the yaml package gives up depends on it, and a file must get the same
 * messages wherever it is parsed. Node keeps 192 KB of a worker's stack for itself, hence 1.15 MB
 * (measured: the same recursion depth as the main thread, within 0.1%).
 */
const STACK_SIZE_MB = 1.15;

export interface ParseYamlFilesOptions {
  /** `auto` (the default) uses workers from WORKER_THRESHOLD_CHARS of text on. */
  readonly workers?: 'auto' | 'always' | 'never';
  /** Old-space cap of each worker in MB; by default it follows the largest file (see heapLimitMb). */
  readonly workerHeapMb?: number;
}

/**
 * Parses files into plain data, in worker threads when there is much of it, and yields them in
 * file order, each as soon as it is parsed, so that the caller checks one while the next parses.
 * On the main thread a file is parsed only when the caller asks for it.
 *
 * The workers are for memory more than for time. Parsing allocates many times the size of the text
 * (see yaml-pieces.ts); in a worker, that garbage lives and dies in the worker's own heap, capped
 * (see heapLimitMb) so that its collector runs early, and all given back when the worker ends. The
 * main heap receives only the values, and V8 does not grow it for garbage it will not hold again:
 * when this was measured, a plan at 10,000 merchants peaked at about 335 MB this way against
 * 410 MB with the parse on the main thread, and its load took up to a fifth less time.
 */
export function parseYamlFiles(files: readonly ParseRequest[], options: ParseYamlFilesOptions = {}): AsyncGenerator<YamlData> {
  const totalChars = files.reduce((sum, file) => sum + file.text.length, 0);
  const mode = options.workers ?? 'auto';
  const useWorkers = files.length > 0 && (mode === 'always' || (mode === 'auto' && totalChars >= WORKER_THRESHOLD_CHARS));
  // Each text and each result is let go once it has been handed on: the caller keeps no text (see
  // fileSource), and a generator keeps everything its own frame refers to until it ends.
  if (!useWorkers) return onMainThread([...files]);
  const largest = Math.max(...files.map((file) => file.text.length));
  const queue = files.map((file) => ({ file, result: deferred<YamlData>() }));
  const results = queue.map((job) => job.result);
  // A caller that stops at one file's failure never awaits the rest; their failures are not unhandled.
  for (const result of results) result.promise.catch(() => {});
  const count = Math.min(MAX_WORKERS, availableParallelism(), files.length);
  for (let i = 0; i < count; i++) void drain(queue, options.workerHeapMb ?? heapLimitMb(largest));
  return inFileOrder(results);
}

async function* onMainThread(queue: ParseRequest[]): AsyncGenerator<YamlData> {
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) yield parseYamlData(file.text, file.name);
}

async function* inFileOrder(results: Deferred<YamlData>[]): AsyncGenerator<YamlData> {
  for (let result = results.shift(); result !== undefined; result = results.shift()) yield await result.promise;
}

/**
 * Old-space cap of a worker: the tree of the largest file with room to spare, and at most half of
 * the main thread's heap. A worker that still runs out is not an error of the manifest: its file is
 * parsed again on the main thread, which has at least twice the room.
 */
function heapLimitMb(largestFileChars: number): number {
  const mainHeapMb = getHeapStatistics().heap_size_limit / (1024 * 1024);
  return Math.floor(Math.min(Math.max(96, (80 * largestFileChars) / (1024 * 1024)), mainHeapMb / 2));
}

/**
 * One worker's share of the queue. A worker that runs out of heap hands its file to the main
 * thread; any other failure of a worker (it cannot start, it crashes) is a bug in paycfg: the file
 * it was reading is reported as such, and the rest of this share is parsed on the main thread.
 */
async function drain(queue: { file: ParseRequest; result: Deferred<YamlData> }[], maxOldGenerationSizeMb: number): Promise<void> {
  let worker: YamlWorker | undefined;
  let failure: unknown;
  try {
    worker = startWorker(maxOldGenerationSizeMb);
  } catch (error) {
    failure = error;
  }
  try {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
      const { file, result } = job;
      const { text, name } = file;
      if (worker !== undefined) {
        try {
          result.resolve(await worker.parse(file));
          continue;
        } catch (error) {
          await worker.close();
          worker = undefined;
          if (!outOfMemory(error)) failure = error;
        }
      }
      if (failure !== undefined) {
        const why = failure instanceof Error ? failure.message : String(failure);
        result.reject(new InternalError(`reading ${name} in a worker thread failed: ${why}`, { file: name }, { cause: failure }));
        failure = undefined;
        continue;
      }
      try {
        result.resolve(parseYamlData(text, name));
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

interface YamlWorker {
  parse(request: ParseRequest): Promise<YamlData>;
  close(): Promise<void>;
}

function startWorker(maxOldGenerationSizeMb: number): YamlWorker {
  const { entry, eval: isEval } = workerEntry();
  const worker = new Worker(entry, {
    eval: isEval,
    // Not the main thread's flags: `--input-type` (as in `node -e`) would stop the worker from loading a file.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, stackSizeMb: STACK_SIZE_MB },
    // The worker's environment is never read; an empty one keeps secrets out of its heap.
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
          resolve('json' in answer ? { value: JSON.parse(answer.json) as unknown, diagnostics: answer.diagnostics } : answer);
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

/**
 * The worker runs yaml-worker from where this module was loaded: compiled JavaScript in the
 * package; TypeScript when paycfg runs from its sources (development, tests), where tsx must be
 * registered inside the worker first, since Node 20 does not carry a module loader into workers.
 */
function workerEntry(): { entry: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { entry: new URL('./yaml-worker.js', import.meta.url), eval: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./yaml-worker.ts', import.meta.url).href;
  return { entry: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`, eval: true };
}

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
