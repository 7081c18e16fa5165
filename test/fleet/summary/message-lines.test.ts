/**
 * A failure's message of several lines (a stale saved plan lists what changed on the lines after
 * its first): the text summary and the progress line show its first line, the JSON and the
 * Markdown keep it whole.
 */
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../../src/cli/commands/fleet-run.js';
import { renderFleetSummaryJson, renderFleetSummaryMarkdown, renderFleetSummaryText } from '../../../src/fleet/summary/index.js';
import { firstLineOf } from '../../../src/fleet/summary/wording.js';
import { SavedPlanStaleError } from '../../../src/plan/saved-plan.js';
import { createStyle } from '../../../src/render/style.js';
import { summaryOf, target } from './fixtures.js';

const stale = new SavedPlanStaleError(['merchant shop-a: mchName', 'device till-1: deviceName']).message;
const failed = target('acme', 'failed', { failure: { cause: { id: 'plan-stale', title: 'plan stale' }, code: 'SAVED_PLAN', message: stale } });
const FIRST = 'the live group changed since the plan was made, so it no longer describes what apply would do. Nothing was changed. Changed since the plan:';

describe('a failure message of several lines', () => {
  it('is its first line, and … when more follows', () => {
    expect(stale.split('\n').length).toBeGreaterThan(2);
    expect(firstLineOf(stale)).toBe(`${FIRST} merchant shop-a: mchName …`);
    expect(firstLineOf('one line')).toBe('one line');
    expect(firstLineOf('one line\n')).toBe('one line');
    expect(firstLineOf('first\r\nsecond')).toBe('first …');
  });

  it('shows the line after a first line that only announces it (ends in a colon)', () => {
    expect(firstLineOf('the manifest is invalid (1 error):\ngroups.csv:3:69: environments.e.values.X: written in the file')).toBe(
      'the manifest is invalid (1 error): groups.csv:3:69: environments.e.values.X: written in the file',
    );
    expect(firstLineOf('2 errors:\n\n  a.yaml:1:1: one\n  a.yaml:2:1: two')).toBe('2 errors: a.yaml:1:1: one …');
    expect(firstLineOf('nothing follows:')).toBe('nothing follows:');
  });

  it('shows its first line in the text summary and the progress line; the JSON keeps it whole', () => {
    const summary = summaryOf('apply', [failed, target('beta', 'applied', { n: 2 })]);
    const text = renderFleetSummaryText(summary, createStyle(false));
    const line = text.split('\n').find((l) => l.includes('acme'))!;
    expect(line).toMatch(new RegExp(`failed +plan stale: ${FIRST.replace(/[.()]/g, '\\$&')} merchant shop-a: mchName …$`));
    expect(text).not.toContain('\\n');
    expect(text).not.toContain('deviceName');
    expect(progressLine(failed)).toBe(`acme: failed (plan stale): ${FIRST} merchant shop-a: mchName … (0.1 s)`);
    expect(JSON.parse(renderFleetSummaryJson(summary)).targets[0].failure.message).toBe(stale);
    // A Markdown cell is one line: the message whole, its newlines escaped, as before.
    expect(renderFleetSummaryMarkdown(summary)).toContain('mchName');
  });
});
