import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC_EXAMPLE_ENV } from '../helpers/example-secrets.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { createWorkspace } from './action-runner.js';
import { expectKnownInvocation, readYaml, repoRoot, shellInvocations } from './ci-files.js';

interface Job {
  extends?: string;
  stage?: string;
  image?: string;
  resource_group?: string;
  environment?: string;
  rules?: { if: string; changes?: string[] }[];
  script: string[];
  artifacts?: { paths: string[]; when?: string; expose_as?: string };
}

const pipeline = readYaml<Record<string, unknown> & { variables: Record<string, string> }>('examples/ci/gitlab-ci.yml');
const template = pipeline['.paycfg'] as Job;
const job = (name: string): Job => ({ ...template, ...(pipeline[`paycfg:${name}`] as Job) });
const invocations = (name: string): string[][] => shellInvocations(job(name).script.join('\n'));

describe('examples/ci/gitlab-ci.yml', () => {
  it('is GitLab CI YAML with the merge-request plan, default-branch apply and scheduled drift jobs', () => {
    expect(Object.keys(pipeline).filter((k) => !k.startsWith('.') && k !== 'variables').sort()).toEqual(['paycfg:apply', 'paycfg:drift', 'paycfg:plan']);
    expect(job('plan').rules?.[0]?.if).toBe('$CI_PIPELINE_SOURCE == "merge_request_event"');
    expect(job('apply').rules?.[0]?.if).toBe('$CI_PIPELINE_SOURCE == "push" && $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH');
    expect(job('drift').rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "schedule"' }]);
    for (const name of ['plan', 'apply', 'drift']) {
      expect(job(name).extends).toBe('.paycfg');
      expect(job(name).image).toBe('node:20');
      // One run against the group at a time, a plan included: it must not race an apply.
      expect(job(name).resource_group).toBe('paycfg-production');
      expect(job(name).artifacts?.when).toBe('always');
    }
    expect(pipeline.variables['PAYCFG_VERSION']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('runs a pinned paycfg with npx: validate and plan for a merge request, plan --out and its apply, drift', () => {
    expect(invocations('plan').map((argv) => argv[0])).toEqual(['validate', 'plan']);
    expect(invocations('plan')[1]).toEqual(expect.arrayContaining(['--markdown', '--detailed-exitcode']));
    expect(invocations('apply')).toEqual([
      ['plan', '-f', '$MANIFESTS', '--out', 'plan.json'],
      ['apply', 'plan.json'],
    ]);
    expect(invocations('drift')).toEqual([['drift', '-f', '$MANIFESTS', '--markdown']]);
    const scripts = ['plan', 'apply', 'drift'].flatMap((name) => job(name).script).join('\n');
    expect(scripts.match(/npx[^\n]*?paycfg\S*/g)?.every((call) => call === 'npx --yes "paycfg@$PAYCFG_VERSION"')).toBe(true);
  });

  it('keeps the plan as an artifact on the merge request, and posts it as a note through the API when given a token', () => {
    expect(job('plan').artifacts).toMatchObject({ paths: ['plan.md'], expose_as: 'paycfg plan' });
    const script = job('plan').script.join('\n');
    expect(script).toContain('if [ "$code" -ne 0 ] && [ "$code" -ne 2 ]; then exit "$code"; fi');
    expect(script).toContain('"$CI_API_V4_URL/projects/$CI_PROJECT_ID/merge_requests/$CI_MERGE_REQUEST_IID/notes"');
    expect(script).toContain('--data-urlencode "body@plan.md"');
  });

  it('only uses commands and flags paycfg has', async () => {
    for (const name of ['plan', 'apply', 'drift']) {
      for (const argv of invocations(name)) await expectKnownInvocation(argv, `gitlab-ci.yml paycfg:${name}`);
    }
  });
});

describe('examples/ci/gitlab-ci.yml scripts against the simulator', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  /**
   * A job's script as the runner's bash runs it (one shell, `set -eo pipefail`), in a project
   * holding the basic example for a new group, with an npx that runs this checkout's paycfg and
   * a curl that records what it would post.
   */
  async function runJob(name: string, groupId: string, env: Record<string, string> = {}) {
    const ws = createWorkspace();
    ws.addCommand('npx', `[ "$1" = --yes ] && [ "\${2%%@*}" = paycfg ] || exit 99\nshift 2\nexec paycfg "$@"`);
    ws.addCommand('curl', `printf '%s\\n' "$@" > '${join(ws.dir, 'curl.args')}'; cp plan.md '${join(ws.dir, 'curl.body')}'`);
    mkdirSync(join(ws.dir, 'manifests'));
    const example = readFileSync(join(repoRoot, 'examples/basic/paycfg.yaml'), 'utf8');
    writeFileSync(join(ws.dir, 'manifests', 'paycfg.yaml'), example.replace(/^group: .*$/m, `group: ${groupId}`));
    const script = join(ws.temp, 'job.sh');
    writeFileSync(script, `set -eo pipefail\n${job(name).script.join('\n')}\n`);
    const { PAYCFG_TOKEN: _t, PAYCFG_BASE_URL: _u, ...inherited } = process.env;
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      execFile(
        'bash',
        ['--noprofile', '--norc', script],
        {
          cwd: ws.dir,
          env: {
            ...inherited,
            ...pipeline.variables,
            ...BASIC_EXAMPLE_ENV,
            PATH: `${ws.bin}:${process.env['PATH'] ?? ''}`,
            CI: 'true',
            NO_COLOR: '1',
            PAYCFG_BASE_URL: sim.url,
            PAYCFG_TOKEN: sim.token(groupId),
            CI_API_V4_URL: 'https://gitlab.example/api/v4',
            CI_PROJECT_ID: '42',
            CI_MERGE_REQUEST_IID: '7',
            ...env,
          },
          timeout: 60_000,
        },
        (error, stdout, stderr) => done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr }),
      );
    });
    const read = (file: string): string | undefined => (existsSync(join(ws.dir, file)) ? readFileSync(join(ws.dir, file), 'utf8') : undefined);
    return { ...result, read };
  }

  it('plan: changes pass, plan.md holds the plan, posted as a note only with GITLAB_API_TOKEN; apply then drift finds none', async () => {
    await sim.admin.createGroup({ groupId: 'G-80000001' });
    const plan = await runJob('plan', 'G-80000001');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.read('plan.md')).toMatch(/^#+ .*paycfg plan/m);
    expect(plan.read('curl.args')).toBeUndefined();

    const noted = await runJob('plan', 'G-80000001', { GITLAB_API_TOKEN: 'glpat-example' });
    expect(noted.code, noted.stderr).toBe(0);
    expect(noted.read('curl.args')).toContain('PRIVATE-TOKEN: glpat-example\n--data-urlencode\nbody@plan.md\nhttps://gitlab.example/api/v4/projects/42/merge_requests/7/notes\n');
    expect(noted.read('curl.body')).toBe(noted.read('plan.md'));

    const apply = await runJob('apply', 'G-80000001');
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('Apply complete');
    expect(apply.read('plan.json')).toBeDefined();
    const drift = await runJob('drift', 'G-80000001');
    expect(drift.code, drift.stderr).toBe(0);
  });

  it('drift fails the job with exit code 2 and keeps the report; a plan error fails the plan job', async () => {
    await sim.admin.createGroup({ groupId: 'G-80000002' });
    const drift = await runJob('drift', 'G-80000002');
    expect(drift.code).toBe(2);
    expect(drift.read('drift.md')).toContain('coffee-001');
    expect(drift.stdout).toContain('coffee-001');

    const broken = await runJob('plan', 'G-80000002', { PAYCFG_BASE_URL: '' });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('no service base URL');
  });
});
