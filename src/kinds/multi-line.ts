/**
 * Where a manifest value may be text of several lines (tabs and line breaks allowed): the fields
 * the kinds declare `multiLine` (manifest/check-characters.ts refuses them everywhere else). Apart
 * from manifest/control-characters.ts, which the YAML parse workers load: they need none of this.
 */
import type { ManifestPath } from '../manifest/diagnostics.js';
import type { AnyKindModule } from './kind-module.js';
import { childrenOf, KIND_MODULES, TOP_LEVEL_KINDS } from './registry.js';

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Text fields of several lines, of every kind. */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set(KIND_MODULES.flatMap((module) => module.multiLineFields).sort(byText));

/** Fields whose every value inside may span lines (a merchant's additionalData). */
const MULTI_LINE_VALUES: readonly string[] = [...new Set(KIND_MODULES.flatMap((module) => module.multiLineValues))].sort(byText);

/** The kind whose entry holds `path`'s field, and where that field stands in the path. */
function entryOf(path: ManifestPath): { kind: AnyKindModule; at: number } | undefined {
  let kinds: readonly AnyKindModule[] = TOP_LEVEL_KINDS;
  let at = 0;
  for (;;) {
    const kind = kinds.find((module) => module.manifest.list === path[at]);
    if (kind === undefined || typeof path[at + 1] !== 'number') return undefined;
    const child = childrenOf(kind).find((module) => module.manifest.list === path[at + 2]);
    if (child === undefined) return { kind, at: at + 2 };
    kinds = [child];
    at += 2;
  }
}

/** Whether the string value at `path` (a path inside one file) may hold tabs and line breaks. */
export function isMultiLinePath(path: ManifestPath): boolean {
  const entry = entryOf(path);
  if (entry === undefined) return false;
  const field = path[entry.at];
  if (typeof field !== 'string') return false;
  return (path.length === entry.at + 1 && entry.kind.multiLineFields.includes(field)) || (path.length > entry.at + 1 && entry.kind.multiLineValues.includes(field));
}

/** Where a line break would be allowed, for the message refusing one elsewhere. */
export const MULTI_LINE_HINT = `only ${[...MULTI_LINE_FIELDS].join(', ')} and the values inside ${MULTI_LINE_VALUES.join(', ')} may span lines or hold tabs`;
