import { describe, expect, it } from 'vitest';
import { renderFleetSummaryText } from '../../../src/fleet/summary/index.js';
import { createStyle, STYLE_SEQUENCES } from '../../../src/render/style.js';
import { counts, HOSTILE_MESSAGE, HOSTILE_NAME, manyTargets, RAW_CONTROL, summaryOf, target } from './fixtures.js';

const plain = createStyle(false);
const SGR = /\x1b\[\d+m/g;

describe('renderFleetSummaryText', () => {
  const planSummary = summaryOf('plan', [
    target('acme', 'changes', { n: 1, counts: counts({ create: 3, update: 1, blocked: 2, findings: 3, blockingFindings: 1 }) }),
    target('beta-long-name', 'ok', { n: 2 }),
    target('gamma', 'failed', { n: 3 }),
  ]);

  it('opens with the command, the fleet file, what it covers and the targets by status', () => {
    const lines = renderFleetSummaryText(planSummary, plain).split('\n');
    expect(lines[0]).toBe('paycfg fleet plan: paycfg.fleet.yaml, the whole fleet');
    expect(lines[1]).toBe('3 targets: 1 ok, 1 with changes, 1 failed');
  });

  it('gives each target one aligned line: name, group, status, counts as the plan marks them, then what else there is', () => {
    const text = renderFleetSummaryText(planSummary, plain);
    const acme = text.split('\n').find((line) => line.includes('acme'))!;
    const beta = text.split('\n').find((line) => line.includes('beta-long-name'))!;
    const gamma = text.split('\n').find((line) => line.includes('gamma'))!;
    expect(acme).toBe('  acme            G-00000001  changes  +3 ~1 -0 -/+0  2 blocked; 3 findings (1 blocking)');
    // Nothing blocked and no finding: nothing said of them.
    expect(beta).toBe('  beta-long-name  G-00000002  ok       +0 ~0 -0 -/+0');
    expect(gamma).toBe('  gamma           G-00000003  failed                  token expired: the token of gamma expired at 2026-11-28T12:00:00Z');
    for (const line of [acme, beta, gamma]) expect(line.indexOf('G-0000000')).toBe(18);
  });

  it('groups the failures by cause, the largest first, naming at most ten and counting the rest', () => {
    const targets = [
      ...manyTargets(12, () => 'failed'),
      target('zz-a', 'failed', { n: 90, failure: { cause: { id: 'unreachable', title: 'service unreachable' }, code: 'NETWORK', message: 'connect ECONNREFUSED' } }),
    ];
    const text = renderFleetSummaryText(summaryOf('plan', targets), plain);
    const section = text.slice(text.indexOf('Failures by cause:'));
    expect(section.split('\n').slice(0, 3)).toEqual([
      'Failures by cause:',
      '  token expired: 12 groups: t001, t002, t003, t004, t005, t006, t007, t008, t009, t010 and 2 more',
      '  service unreachable: 1 group: zz-a',
    ]);
  });

  it('says where a run halted, that it was interrupted, which targets it left untouched', () => {
    const halted = summaryOf('apply', [target('a', 'applied', { wave: 0, counts: counts({ create: 1, applied: { done: 1, failed: 0, skipped: 0, notStarted: 0 } }) }), target('b', 'failed', { wave: 1 }), ...manyTargets(12, () => 'untouched')], {
      halted: { wave: 1, reason: 'b failed' },
    });
    const text = renderFleetSummaryText(halted, plain);
    expect(text).toContain('\nHalted at wave 1: b failed\n');
    expect(text).toContain('\nUntouched (12): t001, t002, t003, t004, t005, t006, t007, t008, t009, t010 and 2 more\n');
    expect(text).toContain('\n  a     G-00000001  applied    +1 ~0 -0 -/+0  canary; 1 done, 0 failed, 0 skipped\n');
    expect(text).toContain('\n  b     G-00000001  failed                    wave 1; token expired: the token of b expired at 2026-11-28T12:00:00Z\n');
    expect(text).toContain('\n  t012  G-00000012  untouched\n');
    expect(text.trimEnd().split('\n').at(-1)).toBe('Fleet apply: 1 of 14 targets failed, halted at wave 1, 12 untouched.');

    const interrupted = summaryOf('apply', [target('a', 'applied'), target('b', 'untouched')], { interrupted: true });
    const words = renderFleetSummaryText(interrupted, plain);
    expect(words).toContain('Interrupted: no target was started after the signal; those already running finished');
    expect(words.trimEnd().split('\n').at(-1)).toBe('Fleet apply: interrupted: 1 of 2 targets untouched.');
  });

  it('ends with the verdict its exit code has, in the plan\'s words', () => {
    const last = (text: string): string => text.trimEnd().split('\n').at(-1)!;
    const two = [target('a', 'changes', { counts: counts({ create: 3, update: 1 }) }), target('b', 'changes', { counts: counts({ delete: 2 }) }), target('c', 'ok')];
    expect(last(renderFleetSummaryText(summaryOf('plan', two), plain))).toBe('Fleet plan: 3 to create, 1 to update, 2 to delete, 0 to replace, in 2 of 3 targets.');
    expect(last(renderFleetSummaryText(summaryOf('plan', [target('a', 'ok'), target('b', 'ok')]), plain))).toBe('Fleet plan: no changes in 2 targets.');
    expect(last(renderFleetSummaryText(summaryOf('drift', [target('a', 'drifted'), target('b', 'ok')]), plain))).toBe('Fleet drift: drift detected in 1 of 2 targets.');
    expect(last(renderFleetSummaryText(summaryOf('drift', [target('a', 'ok')]), plain))).toBe('Fleet drift: no drift in 1 target.');
    expect(last(renderFleetSummaryText(summaryOf('validate', [target('a', 'ok', { counts: counts({ records: 12 }) })]), plain))).toBe('Fleet validate: the target is valid.');
    expect(last(renderFleetSummaryText(summaryOf('apply', [target('a', 'applied'), target('b', 'ok')]), plain))).toBe('Fleet apply: 1 of 2 targets applied, 1 with nothing to apply.');
    expect(last(renderFleetSummaryText(summaryOf('apply', [target('a', 'blocked')]), plain))).toBe('Fleet apply: 1 of 1 target blocked.');
    expect(last(renderFleetSummaryText(summaryOf('plan', []), plain))).toBe('Fleet plan: no target in this run.');
    expect(last(renderFleetSummaryText(summaryOf('drift', [target('a', 'failed'), target('b', 'drifted'), target('c', 'ok')]), plain))).toBe('Fleet drift: 1 of 3 targets failed, 1 drifted.');
  });

  it('names the shards a merged summary covers and the ones missing', () => {
    const shards = [1, 2, 4].map((index) => ({ index, count: 4 }));
    const text = renderFleetSummaryText(summaryOf('plan', [target('a', 'ok')], { shards }), plain);
    expect(text.split('\n')[0]).toBe('paycfg fleet plan: paycfg.fleet.yaml, shards 1, 2, 4 of 4: shard 3 missing');
    expect(text).toContain('The targets of the missing shard are not in this summary.');
    const one = renderFleetSummaryText(summaryOf('plan', [target('a', 'ok')], { shards: [{ index: 3, count: 8 }] }), plain);
    expect(one.split('\n')[0]).toBe('paycfg fleet plan: paycfg.fleet.yaml, shard 3 of 8');
    const all = renderFleetSummaryText(summaryOf('plan', [target('a', 'ok')], { shards: [1, 2, 3].map((index) => ({ index, count: 3 })) }), plain);
    expect(all.split('\n')[0]).toBe('paycfg fleet plan: paycfg.fleet.yaml, all 3 shards');
    const runs = renderFleetSummaryText(summaryOf('plan', [target('a', 'ok')], { shards: [1, 2, 3, 7].map((index) => ({ index, count: 8 })) }), plain);
    expect(runs.split('\n')[0]).toBe('paycfg fleet plan: paycfg.fleet.yaml, shards 1-3, 7 of 8: shards 4-6, 8 missing');
  });

  it('shows the fleet plan hash short', () => {
    const text = renderFleetSummaryText(summaryOf('plan', [target('a', 'changes')], { fleetPlanHash: `sha256:${'ab'.repeat(32)}` }), plain);
    expect(text).toContain('Fleet plan sha256:abababababab (fleet.json; `paycfg fleet apply DIR` checks it; --json gives the full hash)');
  });

  it('never lets a control character from a name, a group or a message reach the terminal', () => {
    const hostile = summaryOf(
      'plan',
      [
        target(HOSTILE_NAME, 'failed', {
          group: 'G-1\x1b[31m',
          failure: { cause: { id: 'x\x1b', title: 'bad\u202ecause' }, code: 'X', message: HOSTILE_MESSAGE },
        }),
        target('ok-one', 'ok'),
      ],
      { fleetFile: 'fleet\x1b[2J.yaml', halted: { wave: 0, reason: 'stop\r\x1b[1A' } },
    );
    const text = renderFleetSummaryText(hostile, plain);
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).toContain('evil\\e[2K\\e[1A|pwn\\n\\u202eFAKE\\u009b31m\\r');
    // One line per target still: a newline in a name forges none.
    expect(text.split('\n').filter((line) => line.includes('G-')).length).toBe(2);
    // In colour, only paycfg's own sequences.
    const coloured = renderFleetSummaryText(hostile, createStyle(true));
    const withoutOwn = STYLE_SEQUENCES.reduce((rest, sequence) => rest.split(sequence).join(''), coloured);
    expect(withoutOwn).not.toMatch(RAW_CONTROL);
    expect(coloured.replace(SGR, '')).toBe(text);
  });

  it('colours through the style alone: failed red, changes yellow, the verdict by its tone', () => {
    const coloured = renderFleetSummaryText(planSummary, createStyle(true));
    expect(coloured).toContain('\x1b[31mfailed\x1b[39m');
    expect(coloured).toContain('\x1b[33mchanges\x1b[39m');
    expect(coloured.replace(SGR, '')).toBe(renderFleetSummaryText(planSummary, plain));
  });
});
