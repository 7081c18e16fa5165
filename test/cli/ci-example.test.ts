import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectKnownInvocation, readYaml, shellInvocations, type ActionFile } from '../ci/ci-files.js';

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  if?: string;
  with?: Record<string, string>;
  run?: string;
  env?: Record<string, string>;
}

interface Concurrency {
  group: string;
  'cancel-in-progress'?: boolean;
  queue?: string;
}

const workflow = readYaml<{
  on: Record<string, unknown>;
  concurrency?: Concurrency;
  jobs: Record<string, { if: string; concurrency?: Concurrency; steps: Step[] }>;
}>('examples/ci/paycfg.yml');
const action = readYaml<ActionFile>('action.yml');

/** The workflow's steps that run paycfg through the action at the repository's root. */
const actionSteps = (job: string): Step[] => workflow.jobs[job]!.steps.filter((s) => s.uses?.startsWith('paycfg/paycfg@') === true);

/**
 * The command line the action runs for a step: its own invocation of the command (with the
 * flags it adds), the step's paths as -f PATH and its args in place of the action's "${rest[@]}".
 */
function actionInvocation(step: Step): string[] {
  const split = (text = ''): string[] => text.split(/\s+/).filter((w) => w !== '');
  const own = shellInvocations(action.runs.steps.map((s) => s.run ?? '').join('\n')).find((argv) => argv[0] === step.with?.['command']);
  if (own === undefined) throw new Error(`action.yml does not run paycfg ${step.with?.['command']}`);
  return own.flatMap((w) => (w === '${rest[@]}' ? [...split(step.with?.['paths']).flatMap((p) => ['-f', p]), ...split(step.with?.['args'])] : [w]));
}

describe('examples/ci workflow', () => {
  it('has the pull-request plan, main-branch apply and scheduled drift jobs; applies queue in one group of their own', () => {
    expect(Object.keys(workflow.jobs).sort()).toEqual(['apply', 'drift', 'plan']);
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push', 'schedule', 'workflow_dispatch']);
    expect(workflow.jobs['plan']!.if).toBe("github.event_name == 'pull_request'");
    expect(workflow.jobs['apply']!.if).toContain("github.ref == 'refs/heads/main'");
    expect(workflow.jobs['drift']!.if).toContain("github.event_name == 'schedule'");
    // A workflow-wide group would let a plan queued later cancel a pending apply: none.
    expect(workflow.concurrency).toBeUndefined();
    expect(workflow.jobs['apply']!.concurrency).toEqual({ group: 'paycfg-apply-production', 'cancel-in-progress': false, queue: 'max' });
    expect(workflow.jobs['plan']!.concurrency).toEqual({ group: 'paycfg-plan-${{ github.event.pull_request.number }}', 'cancel-in-progress': true });
    expect(workflow.jobs['drift']!.concurrency).toBeUndefined();
  });

  it('runs paycfg only through the action, with inputs the action has', () => {
    for (const [name, job] of Object.entries(workflow.jobs)) {
      expect(shellInvocations(job.steps.map((s) => s.run ?? '').join('\n')), `job ${name} runs paycfg itself`).toEqual([]);
      for (const step of actionSteps(name)) {
        for (const input of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs), `${name}: ${step.name}`).toContain(input);
        for (const [input, spec] of Object.entries(action.inputs)) if (spec.required === true) expect(step.with, `${name}: ${step.name}`).toHaveProperty(input);
        // The token comes from a secret, never written in the workflow.
        if (step.with?.['token'] !== undefined) expect(step.with['token']).toBe('${{ secrets.PAYCFG_TOKEN }}');
      }
    }
    const commands = Object.keys(workflow.jobs).flatMap((job) => actionSteps(job).map((s) => `${job}: ${s.with?.['command']}`));
    expect(commands.sort()).toEqual(['apply: apply', 'apply: journal', 'apply: plan', 'drift: drift', 'plan: plan', 'plan: validate']);
  });

  it('comments the plan on the pull request, applies the plan it saved with a journal kept and summarised, fails the drift job on drift', () => {
    const plan = workflow.jobs['plan']!.steps;
    const planStep = plan.find((s) => s.with?.['command'] === 'plan')!;
    expect(plan.find((s) => s.run?.includes('gh pr comment'))?.env?.['PLAN']).toBe(`\${{ steps.${planStep.id}.outputs.markdown }}`);

    const [saved, applied, summary] = actionSteps('apply');
    expect(actionInvocation(saved!)).toEqual(expect.arrayContaining(['--out', 'plan.json']));
    expect(actionInvocation(applied!)).toEqual(['apply', '--auto-approve', 'plan.json', '--journal', 'paycfg-journal.jsonl']);
    // The journal's summary and the journal itself, also when the apply failed.
    expect(actionInvocation(summary!)).toEqual(['journal', '--markdown', 'paycfg-journal.jsonl']);
    const kept = workflow.jobs['apply']!.steps.find((s) => s.uses === 'actions/upload-artifact@v4' && s.with?.['path'] === 'paycfg-journal.jsonl');
    for (const step of [summary!, kept!]) expect(step.if).toBe("always() && hashFiles('paycfg-journal.jsonl') != ''");

    const drift = workflow.jobs['drift']!.steps;
    const driftStep = drift.find((s) => s.with?.['command'] === 'drift')!;
    expect(drift.at(-1)).toMatchObject({ if: `steps.${driftStep.id}.outputs.has-changes == 'true'` });
    expect(drift.at(-1)!.run).toContain('exit 1');
  });

  it('only uses commands and flags paycfg has', async () => {
    for (const job of Object.keys(workflow.jobs)) {
      for (const step of actionSteps(job)) await expectKnownInvocation(actionInvocation(step), `examples/ci/paycfg.yml ${job}`);
    }
  });
});

describe("the example workflow's pull-request comment", () => {
  /**
   * The step's script run by bash with a `gh` that answers as GitHub would and logs each call: the
   * comment list holds one comment of another workflow, as the same bot, and maybe paycfg's own.
   */
  function comment(existing: Array<{ id: number; body: string }>): { calls: string[]; body: string } {
    const step = workflow.jobs['plan']!.steps.find((s) => s.run?.includes('gh pr comment'))!;
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-comment-'));
    try {
      writeFileSync(join(dir, 'comments.json'), JSON.stringify(existing));
      // `gh api LIST --paginate --jq FILTER` prints what the filter selects: ids of comments starting with the marker.
      const fake = [
        '#!/usr/bin/env bash',
        'printf "%s\\n" "$*" >> "$LOG"',
        'if [ "$1" = api ] && [ "$2" = "repos/$REPO/issues/$PR/comments" ]; then',
        `  node -e 'for (const c of JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))) if (c.body.startsWith("<!-- paycfg-plan -->")) console.log(c.id)' "${join(dir, 'comments.json')}"`,
        'elif [ "$1" = api ]; then cp plan.md "$BODY"; elif [ "$1" = pr ]; then cp plan.md "$BODY"; fi',
      ].join('\n');
      writeFileSync(join(dir, 'gh'), fake, { mode: 0o755 });
      const log = join(dir, 'log');
      const body = join(dir, 'body');
      const run = spawnSync('bash', ['-e', '-c', step.run!], {
        cwd: dir,
        env: { PATH: `${dir}:${process.env['PATH'] ?? ''}`, LOG: log, BODY: body, REPO: 'acme/manifests', PR: '7', GH_TOKEN: 't', PLAN: '### paycfg plan: 1 to update' },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      return { calls: readFileSync(log, 'utf8').trim().split('\n'), body: readFileSync(body, 'utf8') };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("edits paycfg's own comment, found by its hidden marker, never another workflow's", () => {
    const { calls, body } = comment([
      { id: 11, body: '<!-- paycfg-plan -->\n### paycfg plan: old' },
      { id: 12, body: 'Coverage report (another workflow, the same bot)' },
    ]);
    expect(calls.at(-1)).toBe('api --method PATCH repos/acme/manifests/issues/comments/11 -F body=@plan.md');
    expect(body).toBe('<!-- paycfg-plan -->\n### paycfg plan: 1 to update\n');
  });

  it('comments anew when the pull request has no paycfg comment yet', () => {
    const { calls, body } = comment([{ id: 12, body: 'Coverage report (another workflow, the same bot)' }]);
    expect(calls.at(-1)).toBe('pr comment 7 --body-file plan.md');
    expect(body.startsWith('<!-- paycfg-plan -->\n')).toBe(true);
  });
});
