/**
 * paycfg's lead over the per-resource refresh: the ratios of one run, the targets they are judged
 * by (the recorded plan's 2,004 requests, its reads within 1.2x the bare client's, the lead of 2x at
 * 10 ms and 3x at 50 ms), how the report prints them, and the options that ask for them.
 */
import { describe, expect, it } from 'vitest';
import { parseBenchOptions } from '../../scripts/bench/bench-options.js';
import { summariseBareReads } from '../../scripts/bench/bare-reads.js';
import { DEFAULT_GROUP_SIZE, type GroupSize } from '../../scripts/bench/group-shape.js';
import { recordedPlanPhases, totalRequests } from '../../scripts/bench/lower-bound.js';
import { summariseRefresh } from '../../scripts/bench/refresh.js';
import { leadOf, leadPoint, leadRequestMismatches, summarisePlan, type LeadPoint, type RefreshLeadFigures } from '../../scripts/bench/refresh-lead.js';
import { refreshLeadText } from '../../scripts/bench/refresh-report.js';
import type { RunFigures } from '../../scripts/bench/scenarios.js';
import { checkTargets, LEAD_TARGETS, RECORDED_READS_RATIO_TARGET } from '../../scripts/bench/targets.js';

const LOAD_MS = 2000;

const run = (wallMs: number, requests: number): RunFigures => ({ wallMs, startupMs: 1, maxRssKb: 200 * 1024, cpuMs: 1, requests, byRoute: {} });

/** A point at `latencyMs` from median walls: the plan without a record, with one, the bare client's reads, the refresh. */
function point(latencyMs: number, walls: { plan: number; recorded: number; bare: number; refresh: number }, size: GroupSize = DEFAULT_GROUP_SIZE, recordedRequests = 2004): LeadPoint {
  const group = { ...size, driftedMerchants: 0 };
  return leadPoint(
    latencyMs,
    {
      plan: summarisePlan([run(walls.plan, 4004)], 8, 4004, LOAD_MS),
      recordedPlan: summarisePlan([run(walls.recorded, recordedRequests)], 8, totalRequests(recordedPlanPhases(group)), LOAD_MS),
      bareRecordedReads: summariseBareReads([walls.bare], recordedPlanPhases(group), 8, latencyMs),
      refresh: summariseRefresh([walls.refresh], size, 10, latencyMs),
    },
    LOAD_MS,
  );
}

const figures = (points: LeadPoint[], size: GroupSize = DEFAULT_GROUP_SIZE): RefreshLeadFigures => ({
  group: size,
  loadMs: LOAD_MS,
  record: { summaryLists: 'binding', group: 'G-10000003' },
  points,
});

const leadChecks = (lead: RefreshLeadFigures, size: GroupSize = DEFAULT_GROUP_SIZE) =>
  checkTargets({ group: size, parallelism: 8, scenarios: [], loadMs: LOAD_MS, refresh: lead });

describe('the lead of one run', () => {
  it('is the refresh wall time over the plan wall time, the plan\'s load included, without a record and with', () => {
    const p = point(10, { plan: 9540, recorded: 5000, bare: 2700, refresh: 14_600 });
    expect(p.lead).toBeCloseTo(14_600 / 9540);
    expect(p.recordedLead).toBeCloseTo(14_600 / 5000);
    expect(leadOf(1, 0)).toBeNaN();
  });

  it('judges the recorded plan\'s reads, its load taken off, against the bare client\'s time for the same 2,004 reads', () => {
    const p = point(10, { plan: 9540, recorded: 5000, bare: 2700, refresh: 14_600 });
    expect(p.recordedPlan.expectedRequests).toBe(2004);
    expect(p.bareRecordedReads.requests).toBe(2004);
    expect(p.recordedPlan.readsMs).toBe(3000);
    expect(p.recordedReadsOverBare).toBeCloseTo(3000 / 2700);
  });

  it('names the runs whose requests differ from the model', () => {
    expect(leadRequestMismatches(figures([point(10, { plan: 1, recorded: 1, bare: 1, refresh: 1 })]))).toEqual([]);
    const extra = point(50, { plan: 1, recorded: 1, bare: 1, refresh: 1 }, DEFAULT_GROUP_SIZE, 4004);
    expect(leadRequestMismatches(figures([extra]))).toEqual(['plan, unchanged, binding reading recorded at 50 ms (beside the refresh): 4004 requests, model 2004']);
  });
});

describe('the targets of the lead', () => {
  it('are 2,004 requests, 1.2x the bare client, and a lead of 2x at 10 ms and 3x at 50 ms', () => {
    expect(RECORDED_READS_RATIO_TARGET).toBe(1.2);
    expect([...LEAD_TARGETS]).toEqual([
      [10, 2],
      [50, 3],
    ]);
  });

  it('are met by a recorded plan of 2,004 requests, within 1.2x the bare client, 2x and 3x ahead of the refresh', () => {
    const checks = leadChecks(
      figures([point(10, { plan: 9540, recorded: 5000, bare: 2700, refresh: 14_600 }), point(50, { plan: 29_410, recorded: 15_000, bare: 12_800, refresh: 61_000 })]),
    );
    expect(checks.map((c) => [c.target, c.measured, c.met])).toEqual([
      ['plan, unchanged 2000-merchant group, binding reading recorded: 2004 requests (owner, 3 lists, 1 device list per merchant)', '2004', true],
      ["plan, unchanged, binding reading recorded, at 10 ms, its reads (wall without the load): <= 1.2x the bare client's time for the same reads", '1.11x (3.00 s against 2.70 s)', true],
      ["plan, unchanged, binding reading recorded, at 50 ms, its reads (wall without the load): <= 1.2x the bare client's time for the same reads", '1.02x (13.00 s against 12.80 s)', true],
      ['plan, unchanged, binding reading recorded, load included, at 10 ms: >= 2x faster than the per-resource refresh (10061 requests, parallelism 10)', '2.92x (14.60 s against 5.00 s)', true],
      ['plan, unchanged, binding reading recorded, load included, at 50 ms: >= 3x faster than the per-resource refresh (10061 requests, parallelism 10)', '4.07x (61.00 s against 15.00 s)', true],
    ]);
  });

  it('are missed by extra requests, slow reads, or a lead short of its target', () => {
    const checks = leadChecks(figures([point(50, { plan: 29_410, recorded: 21_000, bare: 12_800, refresh: 61_000 }, DEFAULT_GROUP_SIZE, 2005)]));
    expect(checks.map((c) => [c.measured, c.met])).toEqual([
      ['2005', false],
      ['1.48x (19.00 s against 12.80 s)', false],
      ['2.90x (61.00 s against 21.00 s)', false],
    ]);
  });

  it('judge the lead at 10 and 50 ms only, and the ratios at the 2,000-merchant group only', () => {
    const small: GroupSize = { ...DEFAULT_GROUP_SIZE, merchants: 50 };
    const checks = leadChecks(figures([point(20, { plan: 4000, recorded: 3000, bare: 100, refresh: 900 }, small, 54)], small), small);
    expect(checks.map((c) => [c.target.split(':')[0], c.met])).toEqual([
      ['plan, unchanged 50-merchant group, binding reading recorded', true],
      ['plan, unchanged, binding reading recorded, at 20 ms, its reads (wall without the load)', undefined],
    ]);
  });
});

describe('the lead in the report', () => {
  it('prints both plans per latency beside the refresh, and the refresh against its bound', () => {
    const text = refreshLeadText(figures([point(10, { plan: 9540, recorded: 5000, bare: 2700, refresh: 14_600 })]));
    const rows = text.split('\n').filter((line) => /^(10 ms| {4,}binding)/.test(line));
    expect(rows.map((r) => r.trim().split(/\s{2,}/))).toEqual([
      ['10 ms', 'no record', '9.54 s', '4004', '7.54 s', '200 MB', '14.60 s', '1.53x'],
      ['binding recorded', '5.00 s', '2004', '3.00 s', '2.70 s', '1.11x', '200 MB', '2.92x'],
    ]);
    expect(text).toContain('10061 requests, parallelism 10');
    // 1 + ceil(10,060 / 10) rounds of 10 ms.
    expect(text).toContain(`${(14_600 / 10_070).toFixed(2)}x at 10 ms`);
  });
});

describe('--refresh-latencies and --only refresh', () => {
  it('measure the lead at 10 and 50 ms unless told otherwise, and none with ""', () => {
    expect(parseBenchOptions([]).refreshLatencies).toEqual([10, 50]);
    expect(parseBenchOptions(['--refresh-latencies', '50']).refreshLatencies).toEqual([50]);
    expect(parseBenchOptions(['--refresh-latencies', '']).refreshLatencies).toEqual([]);
    expect(() => parseBenchOptions(['--refresh-latencies', '10,x'])).toThrow(/--refresh-latencies/);
    expect(parseBenchOptions(['--only', 'refresh']).only).toBe('refresh');
    expect(() => parseBenchOptions(['--only', 'lead'])).toThrow(/policy-cpu, fleet, refresh/);
  });
});
