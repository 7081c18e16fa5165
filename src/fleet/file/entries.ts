import type { Positions } from '../../environments/load-file.js';
import type { ManifestPath, SourcePosition } from '../../manifest/diagnostics.js';
import type { TargetInput, TemplateSourceInput } from './model.js';

/** A text of the fleet, where it is written, and its path there (for messages). */
export interface Placed<T> {
  readonly value: T;
  readonly at: SourcePosition;
  readonly path: ManifestPath;
}

/** `{ env }` or `{ file }` as written: the name or path may hold placeholders, the path is not yet absolute. */
export type TemplateSource = TemplateSourceInput;

/** A value as written: text (a number's digits as written), or a source. */
export type WrittenValue = string | TemplateSource;

/** One target as its entry or row declares it, before the template fills it in. */
export interface TargetEntry {
  readonly name: string;
  readonly group: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly values: ReadonlyMap<string, Placed<WrittenValue>>;
  readonly baseUrl?: Placed<string>;
  readonly token?: Placed<TemplateSource>;
  readonly manifests?: readonly Placed<string>[];
  /** The entry, or the row: the target's declaredAt. */
  readonly at: SourcePosition;
  /** The entry's path in its file (`targets[3]`, `[3]` in a JSON list), empty for a CSV row. */
  readonly path: ManifestPath;
  readonly nameAt: SourcePosition;
  readonly groupAt: SourcePosition;
  /** What messages call it: a mapping's `entry`, a CSV `row`. */
  readonly kind: 'entry' | 'row';
}

/** A target of the fleet file's `targets` or of a JSON list, its texts placed. `at`: its path in the document. */
export function entryOfInput(input: TargetInput, at: ManifestPath, positions: Positions): TargetEntry {
  const place = <T>(value: T, ...path: (string | number)[]): Placed<T> => ({ value, at: positions.of([...at, ...path], 'value'), path: [...at, ...path] });
  return {
    name: input.name,
    group: input.group,
    labels: Object.fromEntries(Object.entries(input.labels ?? {}).map(([key, value]) => [key, asWritten(value, positions, [...at, 'labels', key])])),
    values: writtenValues(input.values, [...at, 'values'], positions),
    ...(input.baseUrl !== undefined ? { baseUrl: place(input.baseUrl, 'baseUrl') } : {}),
    ...(input.token !== undefined ? { token: place(input.token, 'token') } : {}),
    ...(input.manifests !== undefined ? { manifests: input.manifests.map((item, index) => place(item, 'manifests', index)) } : {}),
    at: positions.of(at, 'value'),
    path: at,
    nameAt: positions.of([...at, 'name'], 'value'),
    groupAt: positions.of([...at, 'group'], 'value'),
    kind: 'entry',
  };
}

/** `values` of a template or a target, each placed; a number or a boolean is the text written (a MID of 007 stays 007). */
export function writtenValues(values: Readonly<Record<string, string | number | boolean | TemplateSource>> | undefined, at: ManifestPath, positions: Positions): Map<string, Placed<WrittenValue>> {
  const out = new Map<string, Placed<WrittenValue>>();
  for (const [key, value] of Object.entries(values ?? {})) {
    const path = [...at, key];
    out.set(key, { value: typeof value === 'object' ? value : asWritten(value, positions, path), at: positions.of(path, 'value'), path });
  }
  return out;
}

function asWritten(value: string | number | boolean, positions: Positions, path: ManifestPath): string {
  return typeof value === 'string' ? value : (positions.sourceText(path) ?? String(value));
}
