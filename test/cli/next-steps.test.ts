import { describe, expect, it } from 'vitest';
import { nextSteps, shellWord } from '../../src/cli/next-steps.js';

describe('what to run after an apply that left work undone', () => {
  it('runs the same -f command again, paths written as a shell reads them, targets kept', () => {
    const next = nextSteps({ files: ['paycfg.yaml', 'my manifests/', "o'brien.yaml", '-'], targets: ['merchant/coffee-001'] });
    const command = "paycfg apply -f paycfg.yaml -f 'my manifests/' -f 'o'\\''brien.yaml' -f - --target merchant/coffee-001";
    expect(next.afterFailure).toBe(`Run \`${command}\` again once the cause is fixed: it picks up where this run stopped.`);
    expect(next.afterInterrupt).toBe(`Run \`${command}\` again to finish the job: it picks up where this run stopped.`);
    expect(next.afterStop).toContain('`paycfg plan -f paycfg.yaml');
  });

  it('for a saved plan, which the group has outgrown, makes a new plan of the same manifest and applies it', () => {
    const next = nextSteps({ planFile: 'plans/next plan.json', manifestFiles: ['paycfg.yaml', '<stdin>'], targets: [] });
    expect(next.afterInterrupt).toBe(
      "This saved plan cannot be applied again: the group has changed since it was made. To finish the job, make a new plan with `paycfg plan -f paycfg.yaml -f - -o 'plans/next plan.json'` and apply it with `paycfg apply 'plans/next plan.json'`.",
    );
    expect(next.afterStop).not.toMatch(/`paycfg apply` again/);
  });

  it('keeps the run\'s --journal in the next apply, so that the retry lands in the same audit trail', () => {
    expect(nextSteps({ files: ['paycfg.yaml'], targets: [], journal: 'audit/applies.jsonl' }).afterFailure).toBe(
      'Run `paycfg apply -f paycfg.yaml --journal audit/applies.jsonl` again once the cause is fixed: it picks up where this run stopped.',
    );
    expect(nextSteps({ planFile: 'plan.json', manifestFiles: ['paycfg.yaml'], targets: [], journal: 'j.jsonl' }).afterStale).toBe(
      'Make a new plan with `paycfg plan -f paycfg.yaml -o plan.json`, review it, and apply it with `paycfg apply plan.json --journal j.jsonl`.',
    );
  });

  it('names the run\'s environment in place of its manifest files, for a manifest and a saved plan alike', () => {
    expect(nextSteps({ files: ['/repo/shared', '/repo/production'], targets: [], environment: 'production' }).afterFailure).toBe(
      'Run `paycfg apply --env production` again once the cause is fixed: it picks up where this run stopped.',
    );
    expect(nextSteps({ planFile: 'plan.json', manifestFiles: ['shared/paycfg.yaml'], targets: [], environment: 'production' }).afterStale).toBe(
      'Make a new plan with `paycfg plan --env production -o plan.json`, review it, and apply it with `paycfg apply plan.json --env production`.',
    );
  });

  it('makes a new promotion, never a plain plan, the way on from a promotion plan', () => {
    const steps = nextSteps({ planFile: 'promotion.json', manifestFiles: ['shared/paycfg.yaml'], targets: [], environment: 'production', promotedFrom: 'test', journal: 'p.jsonl' });
    expect(steps.afterStale).toBe(
      'Make a new plan with `paycfg promote --from test --to production -o promotion.json`, review it, and apply it with `paycfg apply promotion.json --env production --journal p.jsonl`.',
    );
    expect(steps.afterFailure).toContain('`paycfg promote --from test --to production -o promotion.json`');
  });

  it('shows control characters in a path as escapes', () => {
    expect(shellWord('a\u001b[2Kb.yaml')).toBe("'a\\e[2Kb.yaml'");
    expect(shellWord('')).toBe("''");
  });
});
