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

  it('shows control characters in a path as escapes', () => {
    expect(shellWord('a\u001b[2Kb.yaml')).toBe("'a\\e[2Kb.yaml'");
    expect(shellWord('')).toBe("''");
  });
});
