/**
 * The action's `sarif` input: the run step passes --sarif FILE to validate and plan and hands the
 * file it wrote to the upload step, which runs also when the findings fail the run. The step's
 * script is run as the runner would (action-runner); paycfg itself is a stand-in `node` that
 * records its arguments and writes the SARIF file, so that what is tested here is the action's
 * shell, whatever the findings. The last test runs the committed bundle instead.
 */
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';
import { BASIC_EXAMPLE_ENV } from '../helpers/example-secrets.js';
import { sarifSchemaErrors } from '../findings/schemas.js';
import { action, BUNDLE, createWorkspace, runStep } from './action-runner.js';
import { readYaml, repoRoot } from './ci-files.js';

const upload = action.runs.steps.find((step) => step.uses?.startsWith('github/codeql-action/upload-sarif@') === true);

/**
 * A workspace whose `node` stands in for paycfg: it records the arguments as action-runner's does,
 * writes `{}` to the file after --sarif unless PAYCFG_FAKE_WRITE is 0, and exits PAYCFG_FAKE_EXIT.
 */
function fakeWorkspace() {
  const ws = createWorkspace();
  mkdirSync(join(ws.dir, 'repo', 'manifests'), { recursive: true });
  const record = [
    "const argv = process.argv.slice(1);",
    `require('node:fs').appendFileSync(${JSON.stringify(join(ws.dir, '.paycfg-argv'))}, JSON.stringify(argv) + '\\n');`,
    "const at = argv.indexOf('--sarif');",
    "if (at >= 0 && process.env.PAYCFG_FAKE_WRITE !== '0') require('node:fs').writeFileSync(argv[at + 1], '{}');",
    "process.exit(Number(process.env.PAYCFG_FAKE_EXIT ?? '0'));",
  ].join(' ');
  ws.addCommand('node', `if [ "\${1:-}" = '${BUNDLE}' ]; then shift; exec '${process.execPath}' -e ${JSON.stringify(record)} -- "$@"; fi\nexec '${process.execPath}' "$@"`);
  return ws;
}

describe('action.yml: the sarif input', () => {
  it('has an upload step pinned by commit that runs after a failed run too, when the run step names a file it wrote', () => {
    expect(upload).toEqual({
      name: 'Upload the findings to GitHub code scanning',
      if: "always() && steps.run.outputs.sarif-file != ''",
      uses: 'github/codeql-action/upload-sarif@8aad20d150bbac5944a9f9d289da16a4b0d87c1e',
      with: { sarif_file: '${{ steps.run.outputs.sarif-file }}', category: '${{ steps.run.outputs.sarif-category }}' },
    });
    expect(readFileSync(join(repoRoot, 'action.yml'), 'utf8')).toContain('uses: github/codeql-action/upload-sarif@8aad20d150bbac5944a9f9d289da16a4b0d87c1e # v4.36.2');
    expect(action.inputs['sarif']?.default).toBe('');
  });

  it('validate: --sarif FILE after the paths and before args; the file as an absolute path and the category paycfg for the upload', async () => {
    const ws = fakeWorkspace();
    const run = await runStep(ws, 'run', { command: 'validate', paths: 'manifests', 'working-directory': 'repo', sarif: 'findings.sarif', args: '--allow-missing-env' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.paycfgArgv).toEqual([['validate', '-f', 'manifests', '--sarif', 'findings.sarif', '--allow-missing-env']]);
    expect(run.outputs).toMatchObject({ 'exit-code': '0', 'sarif-file': join(ws.dir, 'repo', 'findings.sarif'), 'sarif-category': 'paycfg' });
  });

  it('plan whose findings fail the run: the step fails with paycfg’s code, and still names the file for the upload', async () => {
    const ws = fakeWorkspace();
    const run = await runStep(ws, 'run', { command: 'plan', paths: 'manifests', 'working-directory': 'repo', sarif: 'out/findings.sarif' }, { PAYCFG_FAKE_EXIT: '1' });
    mkdirSync(join(ws.dir, 'repo', 'out'), { recursive: true });
    const again = await runStep(ws, 'run', { command: 'plan', paths: 'manifests', 'working-directory': 'repo', sarif: 'out/findings.sarif' }, { PAYCFG_FAKE_EXIT: '1' });
    // The first run could not write it (no out/ yet): nothing to upload.
    expect(run.code).toBe(1);
    expect(run.outputs['sarif-file']).toBe('');
    expect(again.code).toBe(1);
    expect(again.paycfgArgv).toEqual([['plan', '--markdown', '--detailed-exitcode', '-f', 'manifests', '--sarif', 'out/findings.sarif']]);
    expect(again.outputs).toMatchObject({ 'exit-code': '1', 'sarif-file': join(ws.dir, 'repo', 'out', 'findings.sarif') });
  });

  it('plan with changes (exit 2) passes and names the file; an absolute path is kept as it is', async () => {
    const ws = fakeWorkspace();
    const file = join(ws.dir, 'abs.sarif');
    const run = await runStep(ws, 'run', { command: 'plan', paths: 'manifests', 'working-directory': 'repo', sarif: file }, { PAYCFG_FAKE_EXIT: '2' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.outputs).toMatchObject({ 'exit-code': '2', 'has-changes': 'true', 'sarif-file': file });
  });

  it('with an environment: the category is paycfg/ENVIRONMENT, so that each environment’s findings are an analysis of their own', async () => {
    const ws = fakeWorkspace();
    const run = await runStep(ws, 'run', { command: 'plan', environment: 'production', 'working-directory': 'repo', sarif: 'production.sarif' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.paycfgArgv).toEqual([['plan', '--markdown', '--detailed-exitcode', '--env', 'production', '--sarif', 'production.sarif']]);
    expect(run.outputs).toMatchObject({ 'sarif-category': 'paycfg/production', 'sarif-file': join(ws.dir, 'repo', 'production.sarif') });
  });

  it('does not hand on a file this run did not write: one left by an earlier step is not uploaded again', async () => {
    const ws = fakeWorkspace();
    const stale = join(ws.dir, 'repo', 'findings.sarif');
    writeFileSync(stale, '{}');
    utimesSync(stale, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const run = await runStep(ws, 'run', { command: 'validate', paths: 'manifests', 'working-directory': 'repo', sarif: 'findings.sarif' }, { PAYCFG_FAKE_WRITE: '0', PAYCFG_FAKE_EXIT: '1' });
    expect(run.code).toBe(1);
    expect(run.outputs['sarif-file']).toBe('');
  });

  it('without sarif: no --sarif, and no file for the upload step, which is then skipped', async () => {
    const ws = fakeWorkspace();
    const run = await runStep(ws, 'run', { command: 'validate', paths: 'manifests', 'working-directory': 'repo' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.paycfgArgv).toEqual([['validate', '-f', 'manifests']]);
    expect(run.outputs).toMatchObject({ 'sarif-file': '', 'sarif-category': 'paycfg' });
  });

  it('is refused with apply, drift, promote and journal, before paycfg runs', async () => {
    const ws = fakeWorkspace();
    for (const command of ['apply', 'drift', 'promote', 'journal']) {
      const inputs: Record<string, string> = command === 'promote' ? { from: 'test', environment: 'production' } : command === 'journal' ? { args: 'j.jsonl' } : { paths: 'manifests' };
      const run = await runStep(ws, 'run', { command, 'working-directory': 'repo', sarif: 'findings.sarif', ...inputs });
      expect(run.code, command).toBe(1);
      expect(run.stdout).toContain(`::error::paycfg action: sarif goes with command validate or plan, not '${command}'`);
      expect(run.paycfgArgv).toEqual([]);
    }
  });
});

describe('action.yml: the sarif input with the committed bundle', () => {
  // Runs the CLI: passes once --sarif is wired into validate and bundle/ is rebuilt (issue 32's merge).
  it('validate writes a valid SARIF log of the payment rules for the upload step', async () => {
    const ws = createWorkspace();
    mkdirSync(join(ws.dir, 'repo', 'manifests'), { recursive: true });
    writeFileSync(join(ws.dir, 'repo', 'manifests', 'paycfg.yaml'), readFileSync(join(repoRoot, 'examples/basic/paycfg.yaml'), 'utf8'));
    const run = await runStep(ws, 'run', { command: 'validate', paths: 'manifests', 'working-directory': 'repo', sarif: 'findings.sarif' }, BASIC_EXAMPLE_ENV);
    expect(run.code, run.stderr).toBe(0);
    expect(run.outputs['sarif-file']).toBe(join(ws.dir, 'repo', 'findings.sarif'));
    const log = JSON.parse(readFileSync(join(ws.dir, 'repo', 'findings.sarif'), 'utf8')) as Log;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0]!.tool.driver.name).toBe('paycfg');
  });
});

describe('examples/ci/code-scanning.yml', () => {
  const workflow = readYaml<{ permissions: Record<string, string>; jobs: Record<string, { permissions: Record<string, string>; steps: { uses?: string; with?: Record<string, string> }[] }> }>(
    'examples/ci/code-scanning.yml',
  );

  it('gives its job the permission to upload, pins the paycfg action by a full commit SHA, and passes sarif to validate', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    const job = workflow.jobs['findings']!;
    expect(job.permissions).toEqual({ contents: 'read', 'security-events': 'write' });
    const step = job.steps.find((s) => s.uses?.startsWith('paycfg/paycfg@') === true)!;
    expect(step.uses).toMatch(/^paycfg\/paycfg@[0-9a-f]{40}$/);
    expect(step.with).toMatchObject({ command: 'validate', paths: 'manifests', args: '--allow-missing-env' });
    expect(step.with?.['sarif']).toBe("${{ (github.event_name != 'pull_request' || github.event.pull_request.head.repo.full_name == github.repository) && 'paycfg.sarif' || '' }}");
  });
});
