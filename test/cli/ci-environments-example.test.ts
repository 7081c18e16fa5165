import { describe, expect, it } from 'vitest';
import { expectKnownInvocation, readYaml, shellInvocations, type ActionFile } from '../ci/ci-files.js';

interface Step {
  name?: string;
  uses?: string;
  if?: string;
  with?: Record<string, string>;
  run?: string;
}

interface Job {
  if?: string;
  needs?: string | string[];
  environment?: string;
  env?: Record<string, string>;
  outputs?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress'?: boolean; queue?: string };
  steps: Step[];
}

const workflow = readYaml<{ on: Record<string, unknown>; jobs: Record<string, Job> }>('examples/ci/environments.yml');
const action = readYaml<ActionFile>('action.yml');
const environments = readYaml<{ environments: Record<string, { token: { env: string }; values: Record<string, unknown>; journal?: string }> }>(
  'examples/environments/paycfg.environments.yaml',
);

const actionSteps = (job: string): Step[] => workflow.jobs[job]!.steps.filter((s) => s.uses?.startsWith('paycfg/paycfg@') === true);

/** The command line the action runs for a step (action.yml's own words, then its environment and args in place of "${rest[@]}"). */
function actionInvocation(step: Step): string[] {
  const split = (text = ''): string[] => text.split(/\s+/).filter((w) => w !== '');
  const command = step.with?.['command'];
  const own = shellInvocations(action.runs.steps.map((s) => s.run ?? '').join('\n')).find((argv) => argv[0] === command);
  if (own === undefined) throw new Error(`action.yml does not run paycfg ${command}`);
  const environment = step.with?.['environment'];
  const selected = environment === undefined ? [] : command === 'promote' ? ['--from', step.with!['from']!, '--to', environment] : ['--env', environment];
  return own.flatMap((w) => (w === '${rest[@]}' ? [...selected, ...split(step.with?.['args'])] : [w]));
}

describe('examples/ci/environments.yml', () => {
  it('plans both environments on a pull request, applies to test on main, promotes, and applies the promotion behind the production environment', () => {
    expect(Object.keys(workflow.jobs)).toEqual(['plan', 'test', 'promote', 'production']);
    expect(workflow.jobs['promote']!.needs).toBe('test');
    expect(workflow.jobs['production']!.needs).toBe('promote');
    // The approval: a GitHub environment a reviewer must approve, and only for a promotion with changes.
    expect(workflow.jobs['production']!.environment).toBe('production');
    expect(workflow.jobs['production']!.if).toBe("needs.promote.outputs.has-changes == 'true'");
    expect(workflow.jobs['production']!.concurrency).toEqual({ group: 'paycfg-apply-production', 'cancel-in-progress': false, queue: 'max' });
    const commands = Object.keys(workflow.jobs).flatMap((job) => actionSteps(job).map((s) => `${job}: ${actionInvocation(s).join(' ')}`));
    expect(commands).toEqual([
      'plan: validate --allow-missing-env',
      'plan: plan --markdown --detailed-exitcode --env test',
      'plan: plan --markdown --detailed-exitcode --env production',
      'test: apply --auto-approve --env test',
      'promote: promote --markdown --from test --to production --out promotion.json',
      'production: apply --auto-approve --env production promotion.json',
      'production: journal --markdown --env production',
    ]);
  });

  it('gives each job only the tokens and secrets of the environments it touches, under the names the environments file reads', () => {
    const variables = (name: string) => {
      const environment = environments.environments[name]!;
      const sources = Object.values(environment.values).filter((v): v is { env: string } => typeof v === 'object' && v !== null && 'env' in v);
      return [environment.token.env, ...sources.map((s) => s.env)].sort();
    };
    const jobVariables = (job: string) => Object.keys(workflow.jobs[job]!.env ?? {}).sort();
    expect(jobVariables('test')).toEqual(variables('test'));
    expect(jobVariables('production')).toEqual(variables('production'));
    expect(jobVariables('promote')).toEqual([...variables('test'), ...variables('production')].sort());
    for (const job of Object.values(workflow.jobs)) for (const [name, value] of Object.entries(job.env ?? {})) expect(value).toBe(`\${{ secrets.${name} }}`);
  });

  it("carries test's journal to the promotion, and keeps production's", () => {
    const testJournal = environments.environments['test']!.journal!;
    const upload = workflow.jobs['test']!.steps.find((s) => s.uses === 'actions/upload-artifact@v4')!;
    const download = workflow.jobs['promote']!.steps.find((s) => s.uses === 'actions/download-artifact@v4')!;
    expect(upload.with).toEqual({ name: 'paycfg-test-journal', path: testJournal });
    expect(download.with).toEqual({ name: 'paycfg-test-journal', path: '.' });
    const productionJournal = environments.environments['production']!.journal!;
    const kept = workflow.jobs['production']!.steps.find((s) => s.uses === 'actions/upload-artifact@v4')!;
    expect(kept.with?.['path']).toBe(productionJournal);
  });

  it('only uses commands and flags paycfg has, and inputs the action has', async () => {
    for (const job of Object.keys(workflow.jobs)) {
      expect(shellInvocations(workflow.jobs[job]!.steps.map((s) => s.run ?? '').join('\n')), `job ${job} runs paycfg itself`).toEqual([]);
      for (const step of actionSteps(job)) {
        for (const input of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs), `${job}: ${step.name}`).toContain(input);
        // Run where no environments file is: refused for that, never for a flag it does not know.
        await expectKnownInvocation([...actionInvocation(step), '--environments', 'does-not-exist.yaml'], `examples/ci/environments.yml ${job}`);
      }
    }
  });
});
