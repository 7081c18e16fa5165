import { describe, expect, it } from 'vitest';
import { parseBenchOptions } from '../../scripts/bench/bench-options.js';
import { BENCH_FORMAT_VERSION, formatManifestLoad, formatReport, type BenchResult } from '../../scripts/bench/bench-report.js';
import { DEFAULT_GROUP_SIZE } from '../../scripts/bench/group-shape.js';
import { rateBoundMs, summariseRateLimited } from '../../scripts/bench/rate-limited.js';
import { yamlMbPerSecond, type ManifestLoadFigures } from '../../scripts/bench/scenarios.js';

function manifestLoad(yamlBytes: number, walls: number[]): ManifestLoadFigures {
  const sorted = [...walls].sort((a, b) => a - b);
  const wallMs = sorted[Math.floor(sorted.length / 2)]!;
  return {
    runs: walls.map((w) => ({ wallMs: w, maxRssKb: 100 * 1024, cpuMs: w })),
    median: { wallMs, maxRssKb: 100 * 1024, cpuMs: wallMs },
    yamlBytes,
    mbPerSecond: yamlMbPerSecond(yamlBytes, wallMs),
  };
}

describe('the manifest load as MB/s of YAML', () => {
  it('divides the manifest files\' size in MB (10^6 bytes) by the median wall time in seconds', () => {
    expect(yamlMbPerSecond(3_200_000, 1600)).toBeCloseTo(2);
    expect(yamlMbPerSecond(16_000_000, 5000)).toBeCloseTo(3.2);
    expect(yamlMbPerSecond(1, 0)).toBeNaN();
  });

  it('prints it on a line of its own with the size and the time it comes from', () => {
    expect(formatManifestLoad(manifestLoad(3_210_000, [1900, 1770, 2270]))).toBe(
      'Manifest load (paycfg validate, no requests; median of 3): 1.69 MB/s of YAML (3.21 MB in 1.90 s; MB = 10^6 bytes), peak RSS 100 MB, CPU 1.90 s.',
    );
  });
});

describe('the rate-limited figures', () => {
  it('bound the plan by its requests divided by the rate', () => {
    expect(rateBoundMs(2004, 100)).toBeCloseTo(20_040);
    expect(rateBoundMs(2004, 0)).toBeNaN();
  });

  it('take the medians of the runs', () => {
    const runs = [
      { wallMs: 24_000, maxRssKb: 3, cpuMs: 30, requests: 2060, rateLimited: 56 },
      { wallMs: 22_000, maxRssKb: 1, cpuMs: 10, requests: 2040, rateLimited: 36 },
      { wallMs: 23_000, maxRssKb: 2, cpuMs: 20, requests: 2050, rateLimited: 46 },
    ];
    const figures = summariseRateLimited(runs, { rateLimit: 100, parallelism: 8, neededRequests: 2004, loadMs: 1000 });
    expect(figures.median).toEqual({ wallMs: 23_000, maxRssKb: 2, cpuMs: 20, requests: 2050, rateLimited: 46 });
    expect(figures.ratio).toBeCloseTo(23_000 / 20_040);
    expect(figures.ratioWithoutLoad).toBeCloseTo(22_000 / 20_040);
    expect(figures.runs).toBe(runs);
  });
});

describe('formatReport', () => {
  const result: BenchResult = {
    formatVersion: BENCH_FORMAT_VERSION,
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 1,
    environment: { node: 'v20', platform: 'linux x64', cpus: 2, cpuModel: 'cpu', commit: 'abc', uncommittedFiles: 0, paycfg: 'compiled build (dist/)' },
    group: { ...DEFAULT_GROUP_SIZE, driftedMerchants: 20 },
    latencyMs: 10,
    parallelism: 8,
    manifestLoad: manifestLoad(3_210_000, [2000]),
    scenarios: [],
    rateLimited: summariseRateLimited([{ wallMs: 23_000, maxRssKb: 180 * 1024, cpuMs: 4000, requests: 2050, rateLimited: 46 }], {
      rateLimit: 100,
      parallelism: 8,
      neededRequests: 2004,
      loadMs: 2000,
    }),
    speedUp: {},
    memory: { points: [], planKibPerMerchant: Number.NaN, planBaseKib: Number.NaN, planFitR2: Number.NaN, retainedKibPerMerchant: Number.NaN, retainedBaseKib: Number.NaN, retainedFitR2: Number.NaN },
    targets: [{ target: 'a target', measured: '1.00x', met: undefined }],
    loadBudgets: [],
    requestMismatches: [],
  };

  it('prints the rate-limited plan as a row of the scenario table, with its bound and both ratios', () => {
    const row = formatReport(result).split('\n').find((line) => line.startsWith('plan, unchanged, 100 req/s'));
    expect(row?.split(/\s{2,}/)).toEqual(['plan, unchanged, 100 req/s', '8', '23.00 s', '2050 (46 x 429)', '20.04 s', '1.15x', '1.05x', '180 MB', '4.00 s']);
  });

  it('prints the load as MB/s and heads the targets without an issue number', () => {
    const report = formatReport(result);
    expect(report).toContain('1.60 MB/s of YAML');
    expect(report).toMatch(/^Targets \(/m);
    expect(report).not.toMatch(/issue \d/i);
  });

  it("says how the unchanged plan's reads compare with the bare client's", () => {
    const run = { wallMs: 5560, startupMs: 1, maxRssKb: 1, cpuMs: 1, requests: 4004, byRoute: {} };
    const plan = { scenario: 'plan-unchanged' as const, parallelism: 8, runs: [run], median: { wallMs: 5560, maxRssKb: 1, cpuMs: 1, requests: 4004 }, phases: [], expectedRequests: 4004, lowerBoundMs: 5020, ratio: 5560 / 5020 };
    const report = formatReport({ ...result, scenarios: [plan], bareReads: { runs: [3000], medianWallMs: 3000, requests: 4004, lowerBoundMs: 2500, ratio: 1.2 } });
    expect(report).toContain("paycfg's unchanged plan without the load: 3.56 s, 1.19x the bare client's time.");
  });

  it('leaves the row out when the scenario did not run', () => {
    const { rateLimited: _, ...without } = result;
    expect(formatReport(without)).not.toContain('req/s');
  });
});

describe('--rate-limit', () => {
  it('defaults to 100 requests a second, and 0 turns the scenario off', () => {
    expect(parseBenchOptions([]).rateLimit).toBe(100);
    expect(parseBenchOptions(['--rate-limit', '0']).rateLimit).toBe(0);
    expect(parseBenchOptions(['--rate-limit', '20']).rateLimit).toBe(20);
    expect(() => parseBenchOptions(['--rate-limit', '-1'])).toThrow(/--rate-limit/);
  });
});
