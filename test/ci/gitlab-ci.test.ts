import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  cache?: { key: string; paths: string[] };
  before_script?: string[];
  resource_group?: string;
  interruptible?: boolean;
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
      expect(job(name).cache).toEqual({ key: 'paycfg-$PAYCFG_REF', paths: ['.paycfg/'] });
      expect(job(name).artifacts?.when).toBe('always');
    }
    // Applies wait for each other, and for nothing else: a plan or a drift check never holds one back.
    expect(job('apply').resource_group).toBe('paycfg-apply-production');
    expect(job('apply').interruptible).toBe(false);
    expect(job('plan').resource_group).toBeUndefined();
    expect(job('drift').resource_group).toBeUndefined();
    expect(job('plan').interruptible).toBe(true);
    expect(pipeline.variables['PAYCFG_REF']).toMatch(/^[0-9a-f]{40}$/);
    expect(pipeline.variables['PAYCFG_REPO']).toBe('https://github.com/paycfg/paycfg.git');
  });

  it('runs paycfg from its repository at the pinned commit, nothing from a registry: validate and plan, plan --out and its apply with a journal, drift', () => {
    expect(invocations('plan').map((argv) => argv[0])).toEqual(['validate', 'plan']);
    // As in the GitHub example: validate needs no secret, so a pipeline without them still checks the manifests.
    expect(invocations('plan')[0]).toEqual(['validate', '-f', '$MANIFESTS', '--allow-missing-env']);
    expect(invocations('plan')[1]).toEqual(expect.arrayContaining(['--markdown', '--detailed-exitcode']));
    expect(invocations('apply')).toEqual([
      ['plan', '-f', '$MANIFESTS', '--out', 'plan.json'],
      ['apply', 'plan.json', '--journal', 'paycfg-journal.jsonl'],
      ['journal', 'paycfg-journal.jsonl'],
    ]);
    expect(job('apply').artifacts?.paths).toEqual(['plan.json', 'paycfg-journal.jsonl']);
    expect(invocations('drift')).toEqual([['drift', '-f', '$MANIFESTS', '--markdown']]);
    const text = readFileSync(join(repoRoot, 'examples/ci/gitlab-ci.yml'), 'utf8');
    expect(text).not.toMatch(/\b(npx|npm|yarn|pnpm)\b/);
    expect(template.before_script?.at(-1)).toBe('paycfg() { node "$CI_PROJECT_DIR/.paycfg/bundle/paycfg.mjs" "$@"; }');
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

/**
 * A local bare repository standing in for paycfg's: one commit holding what the jobs run (the
 * committed bundle and package.json of this checkout), so that the fetch is real and offline.
 */
function standInRemote(): { url: string; sha: string; close: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-remote-'));
  const source = join(dir, 'source');
  const git = (cwd: string, ...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=ci', '-c', 'user.email=ci@paycfg.example', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' }).trim();
  mkdirSync(join(source, 'bundle'), { recursive: true });
  for (const file of ['package.json', 'bundle/paycfg.mjs']) copyFileSync(join(repoRoot, file), join(source, file));
  git(source, 'init', '-q');
  git(source, 'add', '.');
  git(source, 'commit', '-q', '-m', 'paycfg');
  git(dir, 'clone', '-q', '--bare', source, 'paycfg.git');
  return { url: `file://${join(dir, 'paycfg.git')}`, sha: git(source, 'rev-parse', 'HEAD'), close: () => rmSync(dir, { recursive: true, force: true }) };
}

// Each job fetches paycfg and starts it a few times: four jobs in a row take a while on two busy cores.
describe('examples/ci/gitlab-ci.yml scripts against the simulator', { timeout: 90_000 }, () => {
  let sim: TestSimulator;
  let remote: ReturnType<typeof standInRemote>;
  beforeAll(async () => {
    sim = await startTestSimulator();
    remote = standInRemote();
  });
  afterAll(async () => {
    await sim.close();
    remote.close();
  });

  /**
   * A job's before_script and script as the runner's bash runs them (one shell, `set -eo
   * pipefail`), in a project holding the basic example for a new group, with PAYCFG_REPO the
   * stand-in repository, a curl that records what it would post, and an npm and npx that fail.
   */
  async function runJob(name: string, groupId: string, env: Record<string, string> = {}) {
    const ws = createWorkspace();
    ws.addCommand('curl', `printf '%s\\n' "$@" > '${join(ws.dir, 'curl.args')}'; cp plan.md '${join(ws.dir, 'curl.body')}'`);
    for (const tool of ['npm', 'npx']) ws.addCommand(tool, `echo "${tool} $*" >> '${join(ws.dir, 'tools.log')}'; exit 1`);
    mkdirSync(join(ws.dir, 'manifests'));
    const example = readFileSync(join(repoRoot, 'examples/basic/paycfg.yaml'), 'utf8');
    writeFileSync(join(ws.dir, 'manifests', 'paycfg.yaml'), example.replace(/^group: .*$/m, `group: ${groupId}`));
    const script = join(ws.temp, 'job.sh');
    writeFileSync(script, `set -eo pipefail\n${[...(job(name).before_script ?? []), ...job(name).script].join('\n')}\n`);
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
            PAYCFG_REPO: remote.url,
            PAYCFG_REF: remote.sha,
            CI_PROJECT_DIR: ws.dir,
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
    expect(read('tools.log')).toBeUndefined();
    return { ...result, read, dir: ws.dir };
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
    // The journal kept as an artifact, and its summary in the log.
    expect(apply.read('paycfg-journal.jsonl')).toContain('"run-start"');
    expect(apply.stdout).toContain('Journal paycfg-journal.jsonl: 1 run.');
    // paycfg came from the pinned commit of the stand-in repository.
    expect(execFileSync('git', ['-C', join(apply.dir, '.paycfg'), 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()).toBe(remote.sha);
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

  it('refuses a PAYCFG_REF that is not a full commit SHA, before fetching anything', async () => {
    for (const ref of ['main', remote.sha.slice(0, 12), remote.sha.toUpperCase()]) {
      const run = await runJob('plan', 'G-80000003', { PAYCFG_REF: ref });
      expect(run.code, ref).toBe(1);
      expect(run.stdout).toContain(`PAYCFG_REF must be a full 40-character commit SHA of paycfg, not '${ref}'`);
      expect(existsSync(join(run.dir, '.paycfg'))).toBe(false);
    }
    // The recipe's own placeholder, as copied: named as such, not left to fail at the fetch.
    const placeholder = await runJob('plan', 'G-80000003', { PAYCFG_REF: '0'.repeat(40) });
    expect(placeholder.code).toBe(1);
    expect(placeholder.stdout).toContain('PAYCFG_REF is still the placeholder: set it to the full commit SHA of the paycfg you reviewed');
    expect(existsSync(join(placeholder.dir, '.paycfg'))).toBe(false);
  });
});
