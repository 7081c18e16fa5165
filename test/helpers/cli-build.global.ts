/**
 * vitest global setup: builds paycfg's CLI from src/ once for the run (see cli-build.ts), into a
 * directory of its own under .test-build/ (two runs at once do not share one), removed when the run
 * ends. Under the repository, the CLI finds paycfg's package.json, schemas/ and node_modules/ as
 * bundle/ does.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { options, repositoryRoot } from '../../scripts/build-bundle.js';

const ENTRY = fileURLToPath(new URL('./pty-entry.ts', import.meta.url));

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  // A watch run outlives its setup, and a build would go stale with the first edit of src/: the
  // tests run the source under tsx there, as outside vitest.
  if (project.globalConfig.watch) return undefined;
  const parent = join(repositoryRoot, '.test-build');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'cli-'));
  const bundled = { ...options(repositoryRoot), write: true };
  // The names bundle/ has: parse-pool.ts and module-runner.ts start their workers beside the module that starts them.
  await Promise.all([
    build({ ...bundled, entryPoints: [ENTRY], outfile: join(dir, 'paycfg.mjs') }),
    build({ ...bundled, entryPoints: [join(repositoryRoot, 'src/manifest/parse-worker.ts')], outfile: join(dir, 'parse-worker.js') }),
    build({ ...bundled, entryPoints: [join(repositoryRoot, 'src/policy/policy-worker.ts')], outfile: join(dir, 'policy-worker.js') }),
  ]);
  project.provide('paycfgCli', join(dir, 'paycfg.mjs'));
  return () => rmSync(dir, { recursive: true, force: true });
}
