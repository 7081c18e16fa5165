import { describe, expect, it } from 'vitest';
import {
  applyDriftPhases,
  applyFromEmptyPhases,
  lowerBoundMs,
  phaseRounds,
  planPhases,
  scenarioPhases,
  ratioWithoutLoad,
  totalRequests,
  type GroupCounts,
} from '../../scripts/bench/lower-bound.js';

const group: GroupCounts = {
  merchants: 2000,
  bindingsPerMerchant: 2,
  devicesPerMerchant: 3,
  profiles: 20,
  emvConfigs: 40,
  withMid: false,
  driftedMerchants: 20,
};

describe('lower bound arithmetic', () => {
  it('takes the larger of the throughput rounds and the chain depth of a phase', () => {
    expect(phaseRounds({ name: 'p', requests: 17, depth: 1 }, 8)).toBe(3);
    expect(phaseRounds({ name: 'p', requests: 16, depth: 1 }, 8)).toBe(2);
    expect(phaseRounds({ name: 'p', requests: 10, depth: 6 }, 8)).toBe(6);
    expect(phaseRounds({ name: 'p', requests: 0, depth: 0 }, 8)).toBe(0);
    expect(phaseRounds({ name: 'p', requests: 5, depth: 1 }, 1)).toBe(5);
  });

  it('sums the phases and multiplies by the latency', () => {
    const phases = [
      { name: 'a', requests: 1, depth: 1 },
      { name: 'b', requests: 3, depth: 1 },
      { name: 'c', requests: 2000, depth: 1 },
    ];
    expect(lowerBoundMs(phases, 8, 10)).toBe((1 + 1 + 250) * 10);
    expect(lowerBoundMs(phases, 1, 10)).toBe((1 + 3 + 2000) * 10);
    expect(totalRequests(phases)).toBe(2004);
  });

  it('takes the manifest load off the wall time before dividing by the bound', () => {
    expect(ratioWithoutLoad(5330, 1770, 2520)).toBeCloseTo(3560 / 2520);
    expect(ratioWithoutLoad(5330, 1770, 0)).toBeNaN();
  });
});

describe('requests paycfg cannot avoid', () => {
  it('plans with the owner, three group lists, one device list per merchant and the proof\'s check once the summary is proven to be the bindings\'', () => {
    const phases = planPhases(group, group.merchants, true);
    // The check (the proving merchant's binding records) is sent beside the device lists.
    expect(phases.map((p) => p.requests)).toEqual([1, 3, 2001]);
    expect(lowerBoundMs(phases, 8, 10)).toBe((1 + 1 + Math.ceil(2001 / 8)) * 10);
  });

  it('adds one binding-record list per merchant when the manifest sets mid, or nothing proves the summary', () => {
    expect(totalRequests(planPhases({ ...group, withMid: true }, group.merchants, true))).toBe(4 + 4000);
    expect(totalRequests(planPhases(group, group.merchants, false))).toBe(4 + 4000);
    // The generated group binds its profiles whole: no proof when unchanged; the drift is one.
    expect(totalRequests(scenarioPhases('plan-unchanged', group))).toBe(4 + 4000);
    // The drift's proof is checked against one merchant's binding records: one read more, none with mid (read anyway).
    // Its repair re-routes a binding's methods: the settlement batches are read once more, whatever the group's size.
    expect(totalRequests(scenarioPhases('plan-drift', group))).toBe(4 + 2000 + 1 + 1);
    expect(totalRequests(scenarioPhases('plan-drift', { ...group, withMid: true }))).toBe(4 + 4000 + 1);
    expect(scenarioPhases('plan-drift', group).at(-1)).toEqual({ name: 'settlement batches', requests: 1, depth: 1 });
  });

  it('reads nothing per merchant in an empty group', () => {
    expect(totalRequests(planPhases(group, 0, false))).toBe(4);
  });

  it('applies into an empty group with one create per resource, one binding read-back and one device list per merchant', () => {
    const phases = applyFromEmptyPhases(group);
    const writes = phases.at(-1)!;
    expect(writes.requests).toBe(40 + 20 + 2000 * (1 + 1 + 2 + 3 + 1));
    // max(EMV config → profile, merchant → read-back) → binding → device → the merchant's device list
    expect(writes.depth).toBe(5);
    // The device list waits the twin check's settle time, whatever the latency.
    expect(lowerBoundMs(phases, 8, 10)).toBe((1 + 1 + Math.ceil(16060 / 8)) * 10 + 1250);
  });

  it('applies the drift with a re-read per merchant update and a records read per binding update without mid', () => {
    const without = applyDriftPhases(group).at(-1)!;
    expect(without).toMatchObject({ requests: 20 * (2 + 2 + 1), depth: 3 });
    const withMid = applyDriftPhases({ ...group, withMid: true }).at(-1)!;
    expect(withMid).toMatchObject({ requests: 20 * (2 + 1 + 1), depth: 2 });
  });
});
