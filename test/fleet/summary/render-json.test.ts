import { describe, expect, it } from 'vitest';
import { renderFleetSummaryJson } from '../../../src/fleet/summary/index.js';
import type { FleetSummary } from '../../../src/fleet/types.js';
import { counts, manyTargets, summaryOf, target } from './fixtures.js';
import { validateSummaryDocument } from './schema.js';

/** The same object with the keys of every object in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, inner]) => [key, reversedKeys(inner)]));
}

/** Summaries of every command, every status and every optional field. */
const SUMMARIES: readonly FleetSummary[] = [
  summaryOf('validate', [target('a', 'ok', { counts: counts({ records: 12 }) }), target('b', 'failed', { n: 2 })]),
  summaryOf('plan', [target('a', 'changes', { counts: counts({ create: 2, blocked: 1, findings: 2, blockingFindings: 1 }), planFile: 'a.plan.json', planHash: `sha256:${'1'.repeat(64)}` })], {
    fleetPlanHash: `sha256:${'2'.repeat(64)}`,
    shards: [{ index: 2, count: 3 }],
  }),
  summaryOf(
    'apply',
    [
      target('a', 'applied', { wave: 0, counts: counts({ update: 1, applied: { done: 1, failed: 0, skipped: 0, notStarted: 0 } }) }),
      target('b', 'blocked', { n: 2, wave: 1 }),
      target('c', 'untouched', { n: 3 }),
    ],
    { halted: { wave: 1, reason: 'b is blocked by policy' }, interrupted: true },
  ),
  summaryOf('drift', [target('a', 'drifted', { transition: 'newly-drifted', counts: counts({ unmanaged: 3, update: 1 }) }), target('b', 'ok', { n: 2, transition: 'resolved' })], {
    shards: [1, 2, 4].map((index) => ({ index, count: 4 })),
  }),
  summaryOf('plan', []),
];

describe('renderFleetSummaryJson', () => {
  it('writes the summary as it is, with a trailing newline', () => {
    for (const summary of SUMMARIES) {
      const json = renderFleetSummaryJson(summary);
      expect(json.endsWith('}\n')).toBe(true);
      expect(JSON.parse(json)).toEqual(summary);
    }
  });

  it('writes the keys in one order, whatever order the summary was built in', () => {
    for (const summary of SUMMARIES) expect(renderFleetSummaryJson(reversedKeys(summary) as FleetSummary)).toBe(renderFleetSummaryJson(summary));
    expect(Object.keys(JSON.parse(renderFleetSummaryJson(SUMMARIES[1]!)))).toEqual([
      'formatVersion', 'kind', 'command', 'fleetFile', 'shards', 'targets', 'causes', 'totals', 'interrupted', 'fleetPlanHash', 'exitCode', 'startedAt', 'durationMs',
    ]);
  });

  it('is valid against the schema, every command and field', () => {
    for (const summary of [...SUMMARIES, summaryOf('plan', manyTargets(50, (i) => (i % 3 === 0 ? 'failed' : 'changes')))]) {
      const { valid, errors } = validateSummaryDocument(JSON.parse(renderFleetSummaryJson(summary)));
      expect(valid, errors).toBe(true);
    }
  });

  it('escapes the characters JSON.stringify leaves raw, so that no terminal obeys them', () => {
    const json = renderFleetSummaryJson(
      summaryOf('plan', [target('a', 'failed', { failure: { cause: { id: 'x', title: 'x' }, code: 'X', message: 'a\u202eb\x9bc\x1bd\u2028' } })]),
    );
    expect(json).toContain('"message": "a\\u202eb\\u009bc\\u001bd\\u2028"');
  });
});
