/**
 * bundle/ is committed (bin/paycfg.js and the GitHub Action run it), so it must be the build of
 * the committed src/: rebuilt in memory here and compared. The bundled CLI is also run as a user
 * runs it, through the paths that resolve files at run time: the package root, the wire schemas
 * and the YAML parse worker started beside the bundle.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, repositoryRoot } from '../../scripts/build-bundle.js';
import { WORKER_THRESHOLD_CHARS } from '../../src/manifest/parse-pool.js';
import { BASIC_EXAMPLE_ENV } from '../helpers/example-secrets.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const work = mkdtempSync(join(tmpdir(), 'paycfg-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function runBundle(bundle: string, args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const { PAYCFG_TOKEN: _t, PAYCFG_BASE_URL: _u, ...inherited } = process.env;
  return new Promise((done) => {
    execFile(process.execPath, [bundle, ...args], { cwd: work, env: { ...inherited, NO_COLOR: '1', ...env }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr }),
    );
  });
}

const BUNDLE = join(repositoryRoot, 'bundle/paycfg.mjs');

describe('bundle/', () => {
  it('is the build of src/ as committed: run `npm run bundle` after changing src/', { timeout: 60_000 }, async () => {
    const built = await buildBundle();
    expect([...built.keys()].sort()).toEqual(['bundle/parse-worker.js', 'bundle/paycfg.mjs', 'bundle/policy-worker.js']);
    for (const [file, text] of built) {
      const committed = readFileSync(join(repositoryRoot, file), 'utf8');
      // One line named, not a 4 MB diff: where to look, and what to run.
      const lines = committed.split('\n');
      const differs = text.split('\n').findIndex((line, i) => line !== lines[i]);
      expect(committed === text, `${file} is stale (first differing line ${differs + 1}): run \`npm run bundle\` and commit bundle/`).toBe(true);
    }
  });

  it('is plain, reviewable JavaScript naming no directory of the machine that built it', () => {
    const text = readFileSync(BUNDLE, 'utf8');
    expect(text.split('\n')[0]).toContain('npm run bundle');
    expect(text).not.toContain(repositoryRoot);
    expect(text).toMatch(/^\/\/ src\/cli\/main\.ts$/m);
  });

  it('bin/paycfg.js runs the bundle', () => {
    expect(readFileSync(join(repositoryRoot, 'bin/paycfg.js'), 'utf8')).toContain("import '../bundle/paycfg.mjs';");
  });
});

describe('the bundled CLI', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it('prints the package version, read from the package root above the bundle', async () => {
    const { version } = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { version: string };
    expect(await runBundle(BUNDLE, ['--version'])).toMatchObject({ code: 0, stdout: `paycfg ${version}\n` });
  });

  it('plans against the simulator checking every answer against the wire schemas (--strict-api)', async () => {
    const run = await runBundle(BUNDLE, ['plan', '-f', join(repositoryRoot, 'examples/basic'), '--strict-api', '--detailed-exitcode'], {
      ...BASIC_EXAMPLE_ENV,
      PAYCFG_BASE_URL: sim.url,
      PAYCFG_TOKEN: sim.token(),
    });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toContain('merchant/coffee-001');
  });

  it('parses a large manifest in the worker beside it (bundle/parse-worker.js), and fails plainly without it', { timeout: 60_000 }, async () => {
    const manifests = join(work, 'large');
    mkdirSync(manifests);
    // A comment is enough to pass the threshold: the worker parses the whole text. The directive
    // makes the file one that only the yaml package reads (plain-yaml.ts reads the others at once).
    const padding = `# ${'x'.repeat(1022)}\n`.repeat(Math.ceil(WORKER_THRESHOLD_CHARS / 1024) + 8);
    writeFileSync(join(manifests, 'paycfg.yaml'), `%YAML 1.2\n---\n${readFileSync(join(repositoryRoot, 'examples/basic/paycfg.yaml'), 'utf8')}${padding}`);
    const withWorker = await runBundle(BUNDLE, ['validate', '-f', manifests], BASIC_EXAMPLE_ENV);
    expect(withWorker.code, withWorker.stderr).toBe(0);
    expect(withWorker.stdout).toContain('manifest valid');

    const alone = join(work, 'alone');
    mkdirSync(join(alone, 'bundle'), { recursive: true });
    copyFileSync(join(repositoryRoot, 'package.json'), join(alone, 'package.json'));
    copyFileSync(BUNDLE, join(alone, 'bundle/paycfg.mjs'));
    const without = await runBundle(join(alone, 'bundle/paycfg.mjs'), ['validate', '-f', manifests], BASIC_EXAMPLE_ENV);
    expect(without.code).toBe(1);
    expect(without.stderr).toContain('parse-worker.js');
  });
});
