/**
 * A parse worker's whole program (see parse-yaml-files.ts): each message is one file's text, each
 * answer that file's plain data and problems, in the order asked.
 */
import { parentPort } from 'node:worker_threads';
import type { Diagnostic } from './diagnostics.js';
import { parseYamlData, type YamlData } from './read-yaml.js';

export interface ParseRequest {
  readonly text: string;
  readonly name: string;
}

/**
 * The value goes back as JSON text where JSON holds it exactly: the main thread's JSON.parse builds
 * it in about 60% of the memory of a structured clone (it shares the strings it has seen and lays
 * objects out compactly), and the main heap holds every file's values at once.
 */
export type ParseAnswer = YamlData | { readonly json: string; readonly diagnostics: readonly Diagnostic[] };

parentPort?.on('message', (request: ParseRequest) => {
  const data = parseYamlData(request.text, request.name);
  const json = data.value === undefined ? undefined : exactJson(data.value);
  parentPort?.postMessage(json === undefined ? data : ({ json, diagnostics: data.diagnostics } satisfies ParseAnswer));
});

/** JSON text of plain YAML data, or undefined when JSON would change it (`.inf`, `.nan` and `-0` are YAML numbers). */
function exactJson(value: unknown): string | undefined {
  let exact = true;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'number' && (!Number.isFinite(item) || Object.is(item, -0))) exact = false;
    return item;
  });
  return exact ? text : undefined;
}
