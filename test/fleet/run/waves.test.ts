import { describe, expect, it } from 'vitest';
import { FleetInputError, haltOf, planWaves } from '../../../src/fleet/run/index.js';
import type { FleetTargetResult } from '../../../src/fleet/types.js';
import { fleetOf } from './fleet-fixture.js';

const fleet = fleetOf('/tmp/fleet', 'http://127.0.0.1:1', Array.from({ length: 7 }, (_, i) => ({ name: `t${i + 1}`, group: `G-0000000${i + 1}` })));
const names = (waves: ReturnType<typeof planWaves>): [number | undefined, string[]][] => waves.map((w) => [w.index, w.targets.map((t) => t.name)]);

describe('planWaves', () => {
  it('is one wave with no index without waves', () => {
    expect(names(planWaves(fleet.targets, undefined))).toEqual([[undefined, ['t1', 't2', 't3', 't4', 't5', 't6', 't7']]]);
    expect(names(planWaves(fleet.targets, {}))).toEqual([[undefined, ['t1', 't2', 't3', 't4', 't5', 't6', 't7']]]);
  });

  it('takes a canary of the first N, then batches of a size', () => {
    expect(names(planWaves(fleet.targets, { canary: 2, size: { count: 2 } }))).toEqual([
      [0, ['t1', 't2']],
      [1, ['t3', 't4']],
      [2, ['t5', 't6']],
      [3, ['t7']],
    ]);
  });

  it('takes named canaries in the fleet\'s order, the rest in one wave without a size', () => {
    expect(names(planWaves(fleet.targets, { canary: ['t5', 't2'] }))).toEqual([
      [0, ['t2', 't5']],
      [1, ['t1', 't3', 't4', 't6', 't7']],
    ]);
  });

  it('sizes a percent wave from the targets left after the canary, rounded up', () => {
    // 6 left, 30%: 1.8 → 2 a wave.
    expect(names(planWaves(fleet.targets, { canary: 1, size: { percent: 30 } })).map(([, t]) => t.length)).toEqual([1, 2, 2, 2]);
    // 1% of 7 is at least 1.
    expect(planWaves(fleet.targets, { size: { percent: 1 } }).map((w) => w.index)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses a canary name that is no target, and sizes that are no whole number or percent, each listed', () => {
    const error = (() => {
      try {
        planWaves(fleet.targets, { canary: ['t1', 'nope'], size: { percent: 0 } });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(FleetInputError);
    expect((error as FleetInputError).problems).toEqual([
      'the canary names nope, which is not a target of this run',
      'a wave of 0% of the targets: give a percent above 0 and at most 100',
    ]);
    expect(() => planWaves(fleet.targets, { canary: 0 })).toThrow(FleetInputError);
    expect(() => planWaves(fleet.targets, { size: { count: 1.5 } })).toThrow(FleetInputError);
  });
});

describe('haltOf', () => {
  const result = (name: string, status: FleetTargetResult['status']): FleetTargetResult => ({ name, group: 'G-00000001', baseUrl: 'http://x', status, exitCode: 0, durationMs: 1 });
  const [wave0, wave1] = planWaves(fleet.targets, { canary: 1, size: { count: 3 } });

  it('halts on a failed or blocked target, naming them', () => {
    expect(haltOf(wave0!, [result('t1', 'failed')])).toEqual({ wave: 0, reason: 'the canary wave: 1 target failed (t1)' });
    expect(haltOf(wave1!, [result('t2', 'blocked'), result('t3', 'failed'), result('t4', 'blocked')])).toEqual({
      wave: 1,
      reason: 'wave 1: 1 target failed (t3) and 2 targets blocked by policy (t2, t4)',
    });
  });

  it('goes on after a wave of applied and unchanged targets, and never halts a run without waves', () => {
    expect(haltOf(wave1!, [result('t2', 'applied'), result('t3', 'ok')])).toBeUndefined();
    expect(haltOf(planWaves(fleet.targets, undefined)[0]!, [result('t1', 'failed')])).toBeUndefined();
  });
});
