import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC_EXAMPLE_ENV } from '../helpers/example-secrets.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { action, createWorkspace, parseGithubOutput, runStep } from './action-runner.js';
import { expectKnownInvocation, repoRoot, shellInvocations } from './ci-files.js';

const steps = action.runs.steps;
const runScripts = steps.map((s) => s.run ?? '').join('\n');

describe('action.yml', () => {
  it('is a composite action that sets up Node 20 only when PATH lacks one, whose inputs are all used and outputs all set', () => {
    expect(action.runs.using).toBe('composite');
    expect(steps.map((s) => s.id ?? s.uses)).toEqual([
      'node',
      'actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020',
      'run',
      'github/codeql-action/upload-sarif@8aad20d150bbac5944a9f9d289da16a4b0d87c1e',
    ]);
    expect(steps[1]).toEqual({ uses: 'actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020', if: "steps.node.outputs.setup == 'true'", with: { 'node-version': 20 } });
    expect(Object.keys(action.inputs).sort()).toEqual(['args', 'base-ref', 'base-url', 'command', 'environment', 'from', 'paths', 'sarif', 'token', 'working-directory']);
    const stepsText = JSON.stringify(steps);
    for (const name of Object.keys(action.inputs)) expect(stepsText, `input ${name}`).toContain(`inputs.${name} }}`);

    expect(Object.keys(action.outputs).sort()).toEqual(['exit-code', 'has-changes', 'markdown']);
    const run = steps.find((s) => s.id === 'run')!.run!;
    for (const [name, output] of Object.entries(action.outputs)) {
      expect(output.value).toBe(`\${{ steps.run.outputs.${name} }}`);
      expect(run, `output ${name}`).toMatch(new RegExp(`echo "${name}(=|<<)`));
    }
  });

  it('splices no input into a script: every one reaches bash through env', () => {
    for (const step of steps) {
      expect(step.run ?? '', step.name).not.toContain('${{');
      if (step.run !== undefined) expect(step.run.split('\n')[0], step.name).toBe('set -euo pipefail');
    }
  });

  it('runs validate, plan, drift, promote, apply and journal with commands and flags paycfg has', async () => {
    const invocations = shellInvocations(runScripts);
    expect(invocations.map((argv) => argv[0]).sort()).toEqual(['apply', 'drift', 'journal', 'plan', 'promote', 'validate']);
    expect(invocations.find((argv) => argv[0] === 'promote')).toContain('--markdown');
    expect(invocations.find((argv) => argv[0] === 'journal')).toContain('--markdown');
    expect(invocations.find((argv) => argv[0] === 'plan')).toEqual(expect.arrayContaining(['--markdown', '--detailed-exitcode']));
    expect(invocations.find((argv) => argv[0] === 'apply')).toContain('--auto-approve');
    for (const argv of invocations) await expectKnownInvocation(argv, 'action.yml');
  });
});

describe('docs/ci.md', () => {
  const guide = readFileSync(join(repoRoot, 'docs/ci.md'), 'utf8');
  it('lists every input and output of the action, and the command lines it runs', () => {
    for (const name of [...Object.keys(action.inputs), ...Object.keys(action.outputs)]) expect(guide, name).toContain(`| \`${name}\` |`);
    for (const argv of shellInvocations(runScripts)) {
      const rest = argv[0] === 'journal' ? 'FILE' : argv[0] === 'promote' ? '--from FROM --to ENVIRONMENT ARGS…' : '-f PATH… ARGS…';
      const line = `paycfg ${argv.map((w) => (w === '${rest[@]}' ? rest : w)).join(' ')}`;
      expect(guide, line).toContain(`\`${line}\``);
    }
  });
});

describe('GITHUB_OUTPUT as the tests read it', () => {
  it('reads name=value and a heredoc value', () => {
    expect(parseGithubOutput('a=1\nb<<EOF_x\nline 1\n\nline 3\nEOF_x\nc=\n')).toEqual({ a: '1', b: 'line 1\n\nline 3', c: '' });
  });
});

describe('the Node.js check', () => {
  async function check(nodeVersion: string | undefined) {
    const ws = createWorkspace();
    ws.addCommand('node', nodeVersion === undefined ? 'exit 127' : `echo '${nodeVersion}'`);
    const run = await runStep(ws, 'node', {});
    expect(run.code, run.stderr).toBe(0);
    return run;
  }

  it("leaves the job's Node.js as it is when PATH has 20.18.1 or later", async () => {
    for (const version of ['v20.18.1', 'v20.19.0', 'v22.1.0', 'v24.0.0']) {
      const run = await check(version);
      expect(run.outputs, version).toEqual({ setup: 'false' });
      expect(run.stdout).toBe(`paycfg runs on Node.js ${version} from PATH\n`);
    }
  });

  it('has Node.js 20 set up when PATH has none, or an older one', async () => {
    for (const version of ['v20.18.0', 'v18.20.4', 'v8.9.4', 'not a version', undefined]) {
      const run = await check(version);
      expect(run.outputs, version).toEqual({ setup: 'true' });
      expect(run.stdout).toBe(`paycfg needs Node.js 20.18.1 or later, PATH has ${version ?? 'none'}: setting up Node.js 20\n`);
    }
  });
});

describe('the action run step', () => {
  it("runs the bundle committed at the action's ref, installing and fetching nothing", async () => {
    const ws = createWorkspace();
    for (const tool of ['npm', 'npx', 'curl', 'wget', 'git']) ws.addCommand(tool, `echo "${tool} $*" >> '${join(ws.dir, 'tools.log')}'; exit 1`);
    const manifests = join(ws.dir, 'manifests');
    mkdirSync(manifests);
    writeFileSync(join(manifests, 'paycfg.yaml'), readFileSync(join(repoRoot, 'examples/basic/paycfg.yaml'), 'utf8'));
    const started = performance.now();
    const run = await runStep(ws, 'run', { command: 'validate', paths: 'manifests' }, BASIC_EXAMPLE_ENV);
    const seconds = (performance.now() - started) / 1000;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('manifest valid');
    expect(run.paycfgArgv).toEqual([['validate', '-f', 'manifests']]);
    expect(existsSync(join(ws.dir, 'tools.log'))).toBe(false);
    console.log(`action run step, validate of the basic example: ${seconds.toFixed(2)} s`);
  });
});

describe('the action run step against the simulator', () => {
  let sim: TestSimulator;
  let groups = 0;

  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  /** A workspace holding the basic example for a new group, under repo/manifests. */
  async function setup() {
    groups += 1;
    const groupId = `G-7${String(groups).padStart(7, '0')}`;
    await sim.admin.createGroup({ groupId });
    const ws = createWorkspace();
    mkdirSync(join(ws.dir, 'repo', 'manifests'), { recursive: true });
    const example = readFileSync(join(repoRoot, 'examples/basic/paycfg.yaml'), 'utf8');
    writeFileSync(join(ws.dir, 'repo', 'manifests', 'paycfg.yaml'), example.replace(/^group: .*$/m, `group: ${groupId}`));
    const token = sim.token(groupId);
    const base = { paths: 'manifests', 'working-directory': 'repo', 'base-url': sim.url, token };
    return { ws, token, base };
  }

  it('plan: exit 2 passes with has-changes, the markdown as output and job summary; the token only masked, never on a command line', async () => {
    const { ws, token, base } = await setup();
    const run = await runStep(ws, 'run', { ...base, command: 'plan' }, BASIC_EXAMPLE_ENV);
    expect(run.code, run.stderr).toBe(0);
    expect(run.outputs).toMatchObject({ 'exit-code': '2', 'has-changes': 'true' });
    expect(run.outputs['markdown']).toMatch(/^#+ .*paycfg plan/m);
    expect(run.outputs['markdown']).toContain('coffee-001');
    expect(`${run.summary}`).toBe(`${run.outputs['markdown']}\n`);
    expect(run.paycfgArgv).toEqual([['plan', '--markdown', '--detailed-exitcode', '-f', 'manifests']]);

    const [mask, ...rest] = run.stdout.split('\n');
    expect(mask).toBe(`::add-mask::${token}`);
    expect(rest.join('\n')).not.toContain(token);
    expect(run.stderr).not.toContain(token);
    expect(JSON.stringify(run.paycfgArgv)).not.toContain(token);
  });

  it('plan with base-ref: --base-ref REV after the paths, the comment grouped by origin; refused with another command', async () => {
    const { ws, base } = await setup();
    const repo = join(ws.dir, 'repo');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=ci', '-c', 'user.email=ci@paycfg.example', ...args], { cwd: repo, stdio: 'ignore' });
    git('init', '-q');
    git('add', 'manifests');
    git('commit', '-q', '-m', 'base');
    const run = await runStep(ws, 'run', { ...base, command: 'plan', 'base-ref': 'HEAD', args: '--target\nmerchant/coffee-001' }, BASIC_EXAMPLE_ENV);
    expect(run.code, run.stderr).toBe(0);
    expect(run.paycfgArgv).toEqual([['plan', '--markdown', '--detailed-exitcode', '-f', 'manifests', '--base-ref', 'HEAD', '--target', 'merchant/coffee-001']]);
    // The manifest is the base's, and the new group lacks it all: the apply restores what the base wants.
    expect(run.outputs).toMatchObject({ 'exit-code': '2', 'has-changes': 'true' });
    expect(run.outputs['markdown']).toContain('#### Reverts changes made outside paycfg');
    const drift = await runStep(ws, 'run', { ...base, command: 'drift', 'base-ref': 'HEAD' });
    expect(drift.code).toBe(1);
    expect(drift.stdout).toContain("::error::paycfg action: base-ref goes with command plan, not 'drift'");
    expect(drift.paycfgArgv).toEqual([]);
  });

  it('apply with paths approves itself; then plan and drift find nothing, and both say so', async () => {
    const { ws, base } = await setup();
    const apply = await runStep(ws, 'run', { ...base, command: 'apply' }, BASIC_EXAMPLE_ENV);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.outputs).toMatchObject({ 'exit-code': '0', 'has-changes': 'false', markdown: '' });
    expect(apply.stdout).toContain('Apply complete');
    expect(apply.summary).toBe('');

    const plan = await runStep(ws, 'run', { ...base, command: 'plan' }, BASIC_EXAMPLE_ENV);
    expect(plan.outputs).toMatchObject({ 'exit-code': '0', 'has-changes': 'false' });
    const drift = await runStep(ws, 'run', { ...base, command: 'drift' }, BASIC_EXAMPLE_ENV);
    expect(drift.code, drift.stderr).toBe(0);
    expect(drift.outputs).toMatchObject({ 'exit-code': '0', 'has-changes': 'false' });
    expect(drift.summary).toBe(`${drift.outputs['markdown']}\n`);
    expect(drift.paycfgArgv).toEqual([['drift', '--markdown', '-f', 'manifests']]);
  });

  it('drift of a group that differs: exit 2 passes with has-changes and the report', async () => {
    const { ws, base } = await setup();
    const drift = await runStep(ws, 'run', { ...base, command: 'drift', args: '--ignore-unmanaged' }, BASIC_EXAMPLE_ENV);
    expect(drift.code, drift.stderr).toBe(0);
    expect(drift.outputs).toMatchObject({ 'exit-code': '2', 'has-changes': 'true' });
    expect(drift.outputs['markdown']).toContain('coffee-001');
    expect(drift.paycfgArgv).toEqual([['drift', '--markdown', '-f', 'manifests', '--ignore-unmanaged']]);
  });

  it('a plan saved through args, then applied with args naming it and no paths', async () => {
    const { ws, base } = await setup();
    const plan = await runStep(ws, 'run', { ...base, command: 'plan', args: '--out\nplan.json' }, BASIC_EXAMPLE_ENV);
    expect(plan.outputs, plan.stderr).toMatchObject({ 'exit-code': '2', 'has-changes': 'true' });
    const apply = await runStep(ws, 'run', { ...base, paths: '', command: 'apply', args: 'plan.json' }, BASIC_EXAMPLE_ENV);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.paycfgArgv).toEqual([['apply', '--auto-approve', 'plan.json']]);
    const after = await runStep(ws, 'run', { ...base, command: 'plan' }, BASIC_EXAMPLE_ENV);
    expect(after.outputs['exit-code']).toBe('0');
  });

  it('apply with --journal in args, then journal: the summary is the markdown output and the job summary; a missing journal fails the step', async () => {
    const { ws, base } = await setup();
    const apply = await runStep(ws, 'run', { ...base, command: 'apply', args: '--journal paycfg-journal.jsonl' }, BASIC_EXAMPLE_ENV);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.paycfgArgv).toEqual([['apply', '--auto-approve', '-f', 'manifests', '--journal', 'paycfg-journal.jsonl']]);
    const summary = await runStep(ws, 'run', { command: 'journal', 'working-directory': 'repo', args: 'paycfg-journal.jsonl' });
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.paycfgArgv).toEqual([['journal', '--markdown', 'paycfg-journal.jsonl']]);
    expect(summary.outputs).toMatchObject({ 'exit-code': '0', 'has-changes': 'false' });
    expect(summary.outputs['markdown']).toContain('coffee-001');
    expect(summary.summary).toBe(`${summary.outputs['markdown']}\n`);

    const missing = await runStep(ws, 'run', { command: 'journal', 'working-directory': 'repo', args: 'no-such-journal.jsonl' });
    expect(missing.code).toBe(1);
    expect(missing.outputs).toMatchObject({ 'exit-code': '1', markdown: '' });
  });

  it('an error fails the step with paycfg’s exit code, after setting the outputs', async () => {
    const { ws, base } = await setup();
    const run = await runStep(ws, 'run', { ...base, command: 'plan', paths: 'manifests missing.yaml' }, BASIC_EXAMPLE_ENV);
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ 'exit-code': '1', 'has-changes': 'false', markdown: '' });
    expect(run.stderr).toContain('missing.yaml');
  });

  it('refuses a command other than validate, plan, apply, drift, promote and journal, no paths, and paths for journal, before running paycfg', async () => {
    const { ws, base } = await setup();
    const other = await runStep(ws, 'run', { ...base, command: 'export' });
    expect(other.code).toBe(1);
    expect(other.stdout).toContain("::error::paycfg action: command must be validate, plan, apply, drift, promote or journal, not 'export'");
    const none = await runStep(ws, 'run', { ...base, command: 'plan', paths: ' \n ' });
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('::error::paycfg action: give the manifests in paths');
    const journal = await runStep(ws, 'run', { ...base, command: 'journal', args: 'paycfg-journal.jsonl' });
    expect(journal.code).toBe(1);
    expect(journal.stdout).toContain('::error::paycfg action: journal reads the journal file given in args, not paths');
    expect([...other.paycfgArgv, ...none.paycfgArgv, ...journal.paycfgArgv]).toEqual([]);
  });

  it('validate passes a valid manifest offline, with args', async () => {
    const { ws } = await setup();
    const run = await runStep(ws, 'run', { command: 'validate', paths: 'manifests', 'working-directory': 'repo', args: '--allow-missing-env' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.outputs).toMatchObject({ 'exit-code': '0', 'has-changes': 'false', markdown: '' });
    expect(run.paycfgArgv).toEqual([['validate', '-f', 'manifests', '--allow-missing-env']]);
  });
});
