import type { DiffedEnvironment, EnvironmentDiff, OneSidedRecord } from './types.js';

/** The words text and Markdown share. Names are as given: each renderer escapes them its own way. */

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Why a record one group lacks may be missing, from what the manifests say. */
export function manifestsNote(record: OneSidedRecord, names: { readonly a: string; readonly b: string }, holder: string): string {
  const { a, b } = record.inManifests;
  if (record.own) return a || b ? `${holder}'s own: only ${holder}'s manifests name it` : `${holder}'s own: its merchant is`;
  if (a && b) return "both environments' manifests name it";
  if (a) return `only ${names.a}'s manifests name it`;
  if (b) return `only ${names.b}'s manifests name it`;
  return 'no manifest names it';
}

/** `through the legacy API (/api/v2)` for a group on it, as a plan's header says. */
export function apiWords(environment: DiffedEnvironment): string {
  return environment.api === 'legacy' ? ' through the legacy API (/api/v2)' : '';
}

/** How many values were equal only once each environment's values were substituted, or nothing when none. */
export function substitutedWords(diff: EnvironmentDiff): string | undefined {
  const count = diff.summary.substitutedFields;
  if (count === 0) return undefined;
  return `${plural(count, 'value')} ${count === 1 ? 'is' : 'are'} equal once each environment's own values are substituted`;
}

/** The verdict, as the exit code has it: what differs, counted, or that nothing does. */
export function verdict(diff: EnvironmentDiff, names: { readonly a: string; readonly b: string }): string {
  const { summary } = diff;
  const own = summary.ownInA + summary.ownInB > 0 ? `; besides, each holds its own records, as its manifests have them (${summary.ownInA} in ${names.a}, ${summary.ownInB} in ${names.b})` : '';
  if (diff.equal) return `No difference: ${names.a} and ${names.b} hold the same ${plural(summary.compared, 'record')}${own}.`;
  const parts: string[] = [];
  if (summary.onlyInA > summary.ownInA) parts.push(`${plural(summary.onlyInA - summary.ownInA, 'record')} only in ${names.a}`);
  if (summary.onlyInB > summary.ownInB) parts.push(`${plural(summary.onlyInB - summary.ownInB, 'record')} only in ${names.b}`);
  if (summary.differing > 0) parts.push(`${plural(summary.differing, 'record')} with ${plural(summary.differingFields, 'value')} that differ${summary.differingFields === 1 ? 's' : ''}`);
  return `${names.a} and ${names.b} differ: ${parts.join(', ')}${own}.`;
}
