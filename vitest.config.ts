import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The files that replace a module with vi.mock (or vi.doMock). A module mock lives in the worker's
 * module registry, which only an isolated file gets afresh: in a shared worker it would reach the
 * files that run after it there. Found by reading the files, so that a new one cannot be forgotten
 * (a list written by hand missed one the day it was made).
 */
const MOCKING_FILES = (readdirSync('test', { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `test/${file.split('\\').join('/')}`)
  .filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(file, 'utf8')))
  .sort();

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Simulator-backed suites open real sockets; two cores on CI make more workers slower, not faster.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...MOCKING_FILES],
          // Each worker imports paycfg's modules once for all the files it runs, rather than once
          // per file: the tests hold no state of their own between files (no module mocks, no
          // globals, the environment restored), and the modules they share keep none either
          // (lookup tables and caches of pure functions). Measured on test/api + test/sim (65
          // files): 210 s and 195 s isolated, 65 s and 55 s shared, on the same loaded machine.
          isolate: false,
          // paycfg's CLI built from src/ once for the run, for the tests that start it in a process of its own (test/helpers/cli-build.ts).
          globalSetup: ['test/helpers/cli-build.global.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: MOCKING_FILES,
        },
      },
    ],
  },
});
