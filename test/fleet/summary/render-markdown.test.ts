import { describe, expect, it } from 'vitest';
import { renderFleetSummaryMarkdown } from '../../../src/fleet/summary/index.js';
import type { FleetTargetStatus } from '../../../src/fleet/types.js';
import { MARKDOWN_MAX_LENGTH } from '../../../src/render/render-markdown.js';
import { counts, HOSTILE_MESSAGE, HOSTILE_NAME, manyTargets, RAW_CONTROL, summaryOf, target } from './fixtures.js';

/** The cells of a table row: split on the pipes that are not escaped. */
function cells(row: string): string[] {
  return row.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim());
}

describe('renderFleetSummaryMarkdown', () => {
  it('heads with the verdict, says what it covers, and lists every target in a table', () => {
    const summary = summaryOf('plan', [
      target('acme', 'changes', { n: 1, counts: counts({ create: 3, update: 1, blocked: 2, findings: 1, blockingFindings: 1 }) }),
      target('beta', 'ok', { n: 2 }),
      target('gamma', 'failed', { n: 3 }),
    ]);
    const markdown = renderFleetSummaryMarkdown(summary);
    const lines = markdown.split('\n');
    expect(lines[0]).toBe('### paycfg fleet plan: 1 of 3 targets failed, 1 with changes');
    expect(lines[2]).toBe('Fleet `paycfg.fleet.yaml`, the whole fleet. 3 targets: 1 ok, 1 with changes, 1 failed.');
    expect(markdown).toContain('**Failures by cause**\n\n- **token expired: 1 group**: `gamma`\n');
    const rows = lines.filter((line) => line.startsWith('| `'));
    expect(rows.map(cells)).toEqual([
      ['`acme`', '`G-00000001`', 'changes', '3', '1', '0', '0', '2 blocked; 1 finding (1 blocking)'],
      ['`beta`', '`G-00000002`', 'ok', '0', '0', '0', '0', ''],
      ['`gamma`', '`G-00000003`', '**failed**', '', '', '', '', 'token expired: the token of gamma expired at 2026-11-28T12:00:00Z'],
    ]);
    expect(markdown.endsWith('|\n')).toBe(true);
  });

  it('says the halt, the interruption, the untouched targets and the fleet plan hash', () => {
    const hash = `sha256:${'cd'.repeat(32)}`;
    const summary = summaryOf('apply', [target('a', 'failed', { wave: 0 }), ...manyTargets(11, () => 'untouched')], { halted: { wave: 0, reason: 'a failed' }, interrupted: true, fleetPlanHash: hash });
    const markdown = renderFleetSummaryMarkdown(summary);
    expect(markdown.split('\n')[0]).toBe('### paycfg fleet apply: interrupted: 11 of 12 targets untouched, 1 failed or blocked');
    expect(markdown).toContain('**Halted at the canary wave: a failed.**');
    expect(markdown).toContain('**Interrupted: no target was started after the signal; those already running finished.**');
    expect(markdown).toContain('Untouched (11): `t001`, `t002`, `t003`, `t004`, `t005`, `t006`, `t007`, `t008`, `t009`, `t010` and 1 more.');
    expect(markdown).toContain(`<sub>Fleet plan hash \`${hash}\`: \`paycfg fleet apply DIR\` applies the plans of fleet.json only while they match it.</sub>`);
  });

  it('warns that shards are missing from a merged summary', () => {
    const markdown = renderFleetSummaryMarkdown(summaryOf('drift', [target('a', 'ok')], { shards: [1, 2, 4].map((index) => ({ index, count: 4 })) }));
    expect(markdown).toContain('Fleet `paycfg.fleet.yaml`, shards 1, 2, 4 of 4: **shard 3 missing**.');
    expect(markdown).toContain('> [!WARNING]\n> Shard 3 missing: its targets are not in this summary.\n');
  });

  it('keeps a hostile name or message inside its cell, as text, with no control character', () => {
    const summary = summaryOf('plan', [
      target(HOSTILE_NAME, 'failed', { group: 'G-|`x`', failure: { cause: { id: 'x', title: 'bad | *cause*' }, code: 'X', message: HOSTILE_MESSAGE } }),
      target('ok-one', 'ok'),
    ]);
    const markdown = renderFleetSummaryMarkdown(summary);
    expect(markdown).not.toMatch(RAW_CONTROL);
    const rows = markdown.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(cells(row)).toHaveLength(8);
    expect(cells(rows[0]!)[7]).toBe('bad \\| \\*cause\\*: refused\\\\e\\]8;;https:⁠//x.example\\\\x07link\\\\e\\]8;;\\\\x07 \\| next\\\\ncell\\\\u2028\\\\u2066\\|');
    expect(markdown).toContain('- **bad \\| \\*cause\\*: 1 group**: `evil\\e[2K\\e[1A|pwn\\n\\u202eFAKE\\u009b31m\\r`\n');
  });

  it('lists 500 targets when they fit, and counts the ok ones instead when they do not', () => {
    const statusOf = (i: number): FleetTargetStatus => (i % 25 === 0 ? 'failed' : i % 10 === 0 ? 'changes' : 'ok');
    const failureOf = (i: number) =>
      i % 25 === 0 ? { failure: { cause: { id: 'unreachable', title: 'service unreachable' }, code: 'NETWORK', message: `connect ECONNREFUSED ${'x'.repeat(150)} ${i}` } } : {};
    const five = summaryOf('plan', manyTargets(500, statusOf, failureOf));
    const all = renderFleetSummaryMarkdown(five);
    expect(all.length).toBeLessThanOrEqual(MARKDOWN_MAX_LENGTH);
    expect(all.split('\n').filter((line) => line.startsWith('| `'))).toHaveLength(500);
    expect(all).not.toContain('Not listed');

    // Names as long as a target's may be: the table of every one no longer fits.
    const long = (i: number) => ({ name: `target-${String(i).padStart(4, '0')}-${'n'.repeat(20)}` });
    const summary = summaryOf('plan', manyTargets(1000, statusOf, (i) => ({ ...failureOf(i), ...long(i) })));
    const markdown = renderFleetSummaryMarkdown(summary);
    expect(markdown.length).toBeLessThanOrEqual(MARKDOWN_MAX_LENGTH);
    const rows = markdown.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows.length).toBe(summary.totals.byStatus.failed + summary.totals.byStatus.changes);
    expect(rows.every((row) => cells(row)[2] !== 'ok')).toBe(true);
    expect(markdown).toContain(`Not listed for room: ${summary.totals.byStatus.ok} targets \`ok\`; \`paycfg fleet report --json\` lists every target.`);
  });

  it('counts what still does not fit once the ok targets are out', () => {
    const targets = manyTargets(500, () => 'failed', (i) => ({
      failure: { cause: { id: `cause-${i % 40}`, title: `cause ${i % 40}` }, code: 'X', message: `${'y'.repeat(180)} ${i}` },
    }));
    const summary = summaryOf('plan', targets);
    const markdown = renderFleetSummaryMarkdown(summary);
    expect(markdown.length).toBeLessThanOrEqual(MARKDOWN_MAX_LENGTH);
    const listed = markdown.split('\n').filter((line) => line.startsWith('| `')).length;
    expect(listed).toBeGreaterThan(50);
    expect(listed).toBeLessThan(500);
    expect(markdown).toContain(`Not listed for room: ${500 - listed} more targets; \`paycfg fleet report --json\` lists every target.`);
    // Every cause is there: the causes come before the table.
    expect(markdown.match(/^- \*\*cause \d+: /gm)).toHaveLength(40);
    // A smaller limit still holds.
    expect(renderFleetSummaryMarkdown(summary, { maxLength: 10_000 }).length).toBeLessThanOrEqual(10_000);
  });
});
