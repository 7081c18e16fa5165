/**
 * The fleet's CI files, checked offline: the reusable workflow (.github/workflows/paycfg-fleet.yml)
 * and its example caller with GitHub's own parser; the GitLab example and the child pipeline
 * `paycfg fleet matrix --ci gitlab` generates with GitLab's own CI schema; the paycfg command lines
 * in each, against paycfg's syntax. No runner runs them here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { fleetMatrix, renderFleetMatrix, GITLAB_MAX_JOBS } from '../../src/fleet/matrix/index.js';
import type { SizedTarget } from '../../src/fleet/shard.js';
import type { FleetTarget } from '../../src/fleet/types.js';
import { readYaml, repoRoot, shellInvocations } from './ci-files.js';
import { expectKnownFleetInvocation } from './fleet-invocations.js';
import { badUses, workflowErrors } from './github-parser.js';
import { gitlabCiErrors } from './gitlab-schema.js';

interface Step { id?: string; name?: string; uses?: string; with?: Record<string, unknown>; run?: string; env?: Record<string, string>; if?: string }
interface Job { needs?: string | string[]; if?: string; strategy?: { 'fail-fast'?: boolean; matrix?: unknown }; outputs?: Record<string, string>; steps?: Step[]; uses?: string; with?: Record<string, unknown>; secrets?: unknown }
interface Workflow { on: Record<string, any>; jobs: Record<string, Job>; permissions?: unknown }

const REUSABLE = '.github/workflows/paycfg-fleet.yml';
const CALLER = 'examples/ci/fleet-github.yml';
const GITLAB = 'examples/ci/fleet-gitlab.yml';
const text = (path: string): string => readFileSync(join(repoRoot, path), 'utf8');
const reusable = readYaml<Workflow>(REUSABLE);
const caller = readYaml<Workflow>(CALLER);
const runOf = (job: Job): string => (job.steps ?? []).map((step) => step.run ?? '').join('\n');

function sized(count: number): SizedTarget[] {
  return Array.from({ length: count }, (_, i) => ({ target: { name: `t${i}` } as FleetTarget, size: 1 + (i % 7) }));
}

describe(`${REUSABLE}: the reusable workflow`, () => {
  it('is valid for GitHub’s parser, and every `uses:` is a reference the runner can fetch', async () => {
    expect(await workflowErrors(REUSABLE, text(REUSABLE))).toEqual([]);
    expect(badUses(text(REUSABLE))).toEqual([]);
  });

  it('the parser refuses what GitHub would: a mistyped input type, fail-fast not a boolean, an unknown context', async () => {
    expect(await workflowErrors(REUSABLE, text(REUSABLE).replace('type: number', 'type: numbr'))).not.toEqual([]);
    expect(await workflowErrors(REUSABLE, text(REUSABLE).replace('fail-fast: false', 'fail-fast: nope'))).not.toEqual([]);
    expect(await workflowErrors(REUSABLE, text(REUSABLE).replace('fromJSON(needs.matrix.outputs.matrix)', 'fromJSON(need.matrix.outputs.matrix)'))).not.toEqual([]);
  });

  it('is called with command, fleet, shards or targets-per-shard, and the paycfg version', () => {
    const inputs = reusable.on['workflow_call'].inputs as Record<string, { type: string; required?: boolean; default?: unknown }>;
    expect(Object.keys(inputs)).toEqual(expect.arrayContaining(['command', 'fleet', 'shards', 'targets-per-shard', 'paycfg-version']));
    expect(inputs['command']).toMatchObject({ type: 'string', required: true });
    expect(inputs['paycfg-version']).toMatchObject({ type: 'string', required: true });
    expect(inputs['shards']).toMatchObject({ type: 'number', default: 0 });
    expect(inputs['targets-per-shard']).toMatchObject({ type: 'number', default: 10 });
    expect(Object.keys(reusable.jobs)).toEqual(['matrix', 'shard', 'report']);
  });

  it('matrix: paycfg fleet matrix --ci github into $GITHUB_OUTPUT, with no secret', () => {
    const job = reusable.jobs['matrix']!;
    expect(job.outputs).toEqual({ matrix: '${{ steps.matrix.outputs.matrix }}' });
    const script = job.steps!.find((step) => step.id === 'matrix')!.run!;
    expect(shellInvocations(script)).toEqual([['fleet', 'matrix', '--ci', 'github', '${args[@]}']]);
    expect(script).toContain('> matrix.json\necho "matrix=$(cat matrix.json)" >> "$GITHUB_OUTPUT"');
    expect(JSON.stringify(job)).not.toContain('secrets');
  });

  it('shard: one job per entry of the matrix through fromJSON, fail-fast off, each uploading its summary', () => {
    const job = reusable.jobs['shard']!;
    expect(job.needs).toBe('matrix');
    expect(job.strategy).toEqual({ 'fail-fast': false, matrix: '${{ fromJSON(needs.matrix.outputs.matrix) }}' });
    const run = job.steps!.find((step) => step.name?.startsWith('paycfg fleet ${{ inputs.command }}'))!;
    expect(run.env).toMatchObject({ COMMAND: '${{ inputs.command }}', SHARD: '${{ matrix.shard }}' });
    expect(shellInvocations(run.run!)).toEqual([['fleet', '$COMMAND', '--shard', '$SHARD', '${args[@]}', '--summary', 'shard.json']]);
    expect(run.run).toContain('if [ "$COMMAND" = apply ]; then args+=(--auto-approve); fi');
    const upload = job.steps!.find((step) => step.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.if).toBe('always()');
    expect(upload.with).toMatchObject({ name: 'paycfg-fleet-${{ inputs.command }}-shard-${{ strategy.job-index }}', path: 'shard.json', 'if-no-files-found': 'error' });
    // No input is spliced into a script: each reaches it through env.
    for (const workflowJob of Object.values(reusable.jobs)) expect(runOf(workflowJob)).not.toMatch(/\$\{\{/);
  });

  it('report: downloads every shard’s summary and runs paycfg fleet report --markdown into the job summary, also when a shard failed', () => {
    const job = reusable.jobs['report']!;
    expect(job.needs).toEqual(['matrix', 'shard']);
    expect(job.if).toBe("always() && needs.matrix.result == 'success'");
    const download = job.steps!.find((step) => step.uses?.startsWith('actions/download-artifact@'))!;
    expect(download.with).toEqual({ pattern: 'paycfg-fleet-${{ inputs.command }}-shard-*', path: 'shards' });
    const script = job.steps!.find((step) => step.id === 'report')!.run!;
    expect(shellInvocations(script)).toEqual([['fleet', 'report', 'shards/*/shard.json', '--markdown', '--summary', 'fleet-summary.json']]);
    expect(script).toContain('cat fleet-report.md >> "$GITHUB_STEP_SUMMARY"');
  });

  it('tokens: only the shard jobs get secrets, only those named with the prefix, each as one variable of the paycfg step alone', () => {
    const job = reusable.jobs['shard']!;
    const step = job.steps!.find((s) => s.name?.startsWith('paycfg fleet ${{ inputs.command }}'))!;
    expect(step.env).toMatchObject({ SECRETS_JSON: '${{ toJSON(secrets) }}', PREFIX: '${{ inputs.secrets-prefix }}' });
    // No step hands secrets on to the steps after it (the artifact upload among them).
    for (const other of job.steps!) {
      expect(other.run ?? '', other.name ?? other.uses).not.toContain('GITHUB_ENV');
      if (other !== step) expect(JSON.stringify(other), other.name ?? other.uses).not.toContain('secrets');
    }
    for (const [name, other] of Object.entries(reusable.jobs)) if (name !== 'shard') expect(JSON.stringify(other), name).not.toContain('secrets');
    // Run the step's script as the runner would, with a stand-in paycfg that writes down its environment.
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-secrets-env-'));
    writeFileSync(join(dir, 'paycfg'), `#!/bin/sh\nnode -e 'process.stdout.write(JSON.stringify(process.env))' > "${dir}/env.json"\n`, { mode: 0o755 });
    const secrets = { github_token: 'ghs_x', PAYCFG_TOKEN_ACME: 'eyJ.acme.token', PAYCFG_TOKEN_EVIL: 'x\nGITHUB_PATH=/evil', OTHER: 'no', 'PAYCFG_BAD-NAME': 'no' };
    execFileSync('bash', ['-e', '-c', step.run!], {
      env: { PATH: `${dir}:${process.env['PATH']}`, SECRETS_JSON: JSON.stringify(secrets), PREFIX: 'PAYCFG_', COMMAND: 'plan', SHARD: '1/2', FLEET: '' },
    });
    const seen = JSON.parse(readFileSync(join(dir, 'env.json'), 'utf8')) as Record<string, string>;
    expect(seen['PAYCFG_TOKEN_ACME']).toBe('eyJ.acme.token');
    expect(seen['PAYCFG_TOKEN_EVIL']).toBe('x\nGITHUB_PATH=/evil');
    expect(seen['GITHUB_PATH']).toBeUndefined();
    for (const name of ['github_token', 'OTHER', 'PAYCFG_BAD-NAME', 'SECRETS_JSON']) expect(seen[name], name).toBeUndefined();
  });

  it('only uses commands and flags paycfg has', async () => {
    for (const [name, job] of Object.entries(reusable.jobs)) {
      for (const argv of shellInvocations(runOf(job))) await expectKnownFleetInvocation(argv, `${REUSABLE} ${name}`, ['plan', 'drift', 'apply']);
    }
  });
});

describe('the command-line check', () => {
  it('fails on a flag or subcommand paycfg lacks, and on a value its syntax refuses', async () => {
    await expect(expectKnownFleetInvocation(['fleet', 'plan', '--shardz', '$SHARD'], 'probe')).rejects.toThrow();
    await expect(expectKnownFleetInvocation(['fleet', 'plann', '--shard', '$SHARD'], 'probe')).rejects.toThrow();
    await expect(expectKnownFleetInvocation(['fleet', 'matrix', '--ci', 'jenkins'], 'probe')).rejects.toThrow();
    await expectKnownFleetInvocation(['fleet', 'plan', '--shard', '$SHARD', '--summary', 'shard.json'], 'probe');
  });
});

describe(`${CALLER}: calling the reusable workflow`, () => {
  it('is valid for GitHub’s parser', async () => {
    expect(await workflowErrors(CALLER, text(CALLER))).toEqual([]);
    expect(badUses(text(CALLER))).toEqual([]);
  });

  it('plans on pull requests and checks drift on a schedule, pinned by full commit SHA, with secrets: inherit', () => {
    expect(caller.on['schedule']).toEqual([{ cron: expect.stringMatching(/^\S+ \S+ \* \* \*$/) }]);
    const inputs = reusable.on['workflow_call'].inputs as Record<string, { type: string; required?: boolean }>;
    expect(Object.keys(caller.jobs)).toEqual(['plan', 'drift']);
    for (const [name, job] of Object.entries(caller.jobs)) {
      expect(job.uses).toMatch(/^paycfg\/paycfg\/\.github\/workflows\/paycfg-fleet\.yml@[0-9a-f]{40}$/);
      expect(job.secrets).toBe('inherit');
      expect(job.with?.['command']).toBe(name);
      expect(job.with?.['paycfg-version']).toBe(job.uses!.split('@')[1]);
      // Every input given is declared, of its type; every required one is given.
      for (const [key, value] of Object.entries(job.with ?? {})) expect(typeof value, `${name}: ${key}`).toBe(inputs[key]!.type);
      for (const [key, input] of Object.entries(inputs)) if (input.required === true) expect(job.with, `${name}: ${key}`).toHaveProperty(key);
    }
    expect(caller.jobs['plan']!.if).toBe("github.event_name == 'pull_request'");
    expect(caller.jobs['drift']!.if).toContain("github.event_name == 'schedule'");
  });
});

describe(`${GITLAB} and the child pipeline it generates, against GitLab's CI schema`, () => {
  const pipeline = readYaml<Record<string, any>>(GITLAB);

  it('the example is valid GitLab CI', () => {
    expect(gitlabCiErrors(pipeline)).toEqual([]);
  });

  it('the schema refuses what GitLab would: a mistyped key, a trigger without its include, a parallel of 201', () => {
    expect(gitlabCiErrors({ ...pipeline, 'paycfg:fleet:matrix': { ...pipeline['paycfg:fleet:matrix'], scripts: ['x'] } })).not.toEqual([]);
    expect(gitlabCiErrors({ ...pipeline, 'paycfg:fleet:plan': { ...pipeline['paycfg:fleet:plan'], trigger: { strategy: 'depend', includes: 'x' } } })).not.toEqual([]);
    expect(gitlabCiErrors({ job: { script: ['x'], parallel: 201 } })).not.toEqual([]);
  });

  it('generates the child pipeline as an artifact and triggers it from that artifact for plan (merge requests) and drift (schedules)', () => {
    const matrix = pipeline['paycfg:fleet:matrix'];
    expect(shellInvocations(matrix.script.join('\n'))).toEqual([['fleet', 'matrix', '--ci', 'gitlab', '--fleet', '$FLEET', '--targets-per-shard', '10']]);
    expect(matrix.script[0]).toMatch(/ > fleet-child\.yml$/);
    expect(matrix.artifacts.paths).toEqual(['fleet-child.yml']);
    for (const [name, source] of [['plan', 'merge_request_event'], ['drift', 'schedule']] as const) {
      const job = pipeline[`paycfg:fleet:${name}`];
      expect(job.trigger).toEqual({ include: [{ artifact: 'fleet-child.yml', job: 'paycfg:fleet:matrix' }], strategy: 'depend' });
      expect(job.variables).toEqual({ PAYCFG_FLEET_COMMAND: name });
      expect(job.rules).toEqual([{ if: `$CI_PIPELINE_SOURCE == "${source}"` }]);
      expect(job.stage).toBe('fleet');
    }
    expect(pipeline['variables']['PAYCFG_IMAGE']).toMatch(/:[\w.-]+$/);
  });

  it.each([1, 4, GITLAB_MAX_JOBS])('a generated child pipeline of %i shards is valid GitLab CI, its report a stage after the shards', (count) => {
    const child = parse(renderFleetMatrix(fleetMatrix(sized(GITLAB_MAX_JOBS + 50), { ci: 'gitlab', shards: count }), { fleetArgs: ['--fleet', 'paycfg.fleet.yaml', '--label', 'tier=gold'] })) as Record<string, any>;
    expect(gitlabCiErrors(child)).toEqual([]);
    expect(child['paycfg:fleet:shard'].parallel.matrix[0].SHARD).toHaveLength(count);
    expect(child['stages'].indexOf(child['paycfg:fleet:report'].stage)).toBeGreaterThan(child['stages'].indexOf(child['paycfg:fleet:shard'].stage));
  });

  it('only uses commands and flags paycfg has, in the example and in the generated child', async () => {
    for (const argv of shellInvocations(pipeline['paycfg:fleet:matrix'].script.join('\n'))) await expectKnownFleetInvocation(argv, GITLAB);
    const child = parse(renderFleetMatrix(fleetMatrix(sized(8), { ci: 'gitlab', shards: 2 }), { fleetArgs: ['--fleet', 'paycfg.fleet.yaml', '--target', 'acme-*'] })) as Record<string, any>;
    for (const job of ['paycfg:fleet:shard', 'paycfg:fleet:report']) {
      for (const argv of shellInvocations(child[job].script.join('\n'))) await expectKnownFleetInvocation(argv, `child ${job}`);
    }
  });

  it('the child’s scripts: exit code 2 passes a shard, and fails the report for drift only', () => {
    const child = parse(renderFleetMatrix(fleetMatrix(sized(4), { ci: 'gitlab', shards: 2 }))) as Record<string, any>;
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-gitlab-child-'));
    // A stand-in paycfg that exits with $FAKE_CODE and records its arguments.
    writeFileSync(join(dir, 'paycfg'), `#!/bin/sh\nprintf '%s\\n' "$@" > "${dir}/args"\nexit "$FAKE_CODE"\n`, { mode: 0o755 });
    const run = (job: string, code: number, command: string): number => {
      try {
        execFileSync('sh', ['-e', '-c', child[job].script.join('\n')], { cwd: dir, env: { PATH: `${dir}:${process.env['PATH']}`, FAKE_CODE: String(code), SHARD: '2/2', PAYCFG_FLEET_COMMAND: command }, stdio: 'pipe' });
        return 0;
      } catch (error) {
        return (error as { status: number }).status;
      }
    };
    expect(run('paycfg:fleet:shard', 2, 'drift')).toBe(0);
    expect(readFileSync(join(dir, 'args'), 'utf8')).toBe('fleet\ndrift\n--shard\n2/2\n--summary\nshards/shard-2.json\n');
    expect(run('paycfg:fleet:shard', 1, 'plan')).toBe(1);
    expect(run('paycfg:fleet:report', 2, 'plan')).toBe(0);
    expect(run('paycfg:fleet:report', 2, 'drift')).toBe(2);
    expect(run('paycfg:fleet:report', 1, 'plan')).toBe(1);
  });
});
