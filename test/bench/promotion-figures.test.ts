import { describe, expect, it } from 'vitest';
import { parseBenchOptions } from '../../scripts/bench/bench-options.js';
import { DEFAULT_GROUP_SIZE } from '../../scripts/bench/group-shape.js';
import type { MeasuredCommand, PromotionFigures } from '../../scripts/bench/promotion.js';
import { checkTargets } from '../../scripts/bench/targets.js';

const command = (requests: number, wallMs: number): MeasuredCommand => ({ requests, wallMs, maxRssKb: 1, cpuMs: 1 });

function promotion(requests: number): PromotionFigures {
  const plans = { test: command(4004, 6000), production: command(4004, 6500) };
  const bound = plans.test.requests + plans.production.requests;
  const median = command(requests, 9000);
  return { parallelism: 8, plans, runs: [median], median, boundRequests: bound, requestRatio: requests / bound, wallRatio: 9000 / 12_500 };
}

const promotionCheck = (figures: PromotionFigures) =>
  checkTargets({ group: DEFAULT_GROUP_SIZE, parallelism: 8, scenarios: [], loadMs: 0, promotion: figures }).find((c) => c.target.startsWith('promotion'));

describe('the promotion target', () => {
  it('is met when the promotion sends no more requests than a plan of each environment, and not met with one more', () => {
    expect(promotionCheck(promotion(8008))).toMatchObject({ met: true, measured: '8008 (1.00x)' });
    expect(promotionCheck(promotion(7990))?.met).toBe(true);
    expect(promotionCheck(promotion(8009))?.met).toBe(false);
    expect(promotionCheck(promotion(8008))?.target).toContain('requests <= a plan of each (8008)');
  });

  it('is left out when no promotion was measured, and runs as many times as --runs unless --promotion-runs says otherwise', () => {
    expect(checkTargets({ group: DEFAULT_GROUP_SIZE, parallelism: 8, scenarios: [], loadMs: 0 }).some((c) => c.target.startsWith('promotion'))).toBe(false);
    expect(parseBenchOptions([]).promotionRuns).toBe(3);
    expect(parseBenchOptions(['--runs', '5']).promotionRuns).toBe(5);
    expect(parseBenchOptions(['--runs', '5', '--promotion-runs', '0']).promotionRuns).toBe(0);
    expect(parseBenchOptions(['--quick']).promotionRuns).toBe(1);
  });
});
