/**
 * Every command of the README's console blocks is run, as a reader runs it, and ends with the exit
 * code the guide implies (0, or the `# exit N` its comment gives), or is excluded here by name with
 * the reason. A block added to the README is run as it is, so it fails this test until it works or
 * is excluded. Each block runs in one bash in a pseudo-terminal (apply asks only on a terminal, and
 * the reader types yes), in a directory holding a copy of examples/, with `npx` and `paycfg`
 * running this checkout's CLI, and the guide's port 8080 replaced by a free one.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { normalised } from '../../scripts/captures/blocks.js';
import { startTestSimulator, TEST_GROUP, type TestSimulator } from '../helpers/simulator.js';
import { consoleBlocks, createGuideDir, freePort, ROOT, runInTerminal, splitComment, type ConsoleBlock } from './guide-blocks.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; scripts: Record<string, string> };
const blocks = consoleBlocks(readme);

/** Commands not run here, each with why, and what is checked of it instead. */
const NOT_RUN: Record<string, { why: string; check: () => void }> = {
  'npm ci': {
    why: 'CI runs it itself before the tests (.ci/run): it is what made this checkout; test/package/clone-start.test.ts runs it in a fresh clone',
    check: () => {
      // The guide says npm ci builds nothing and the CLI (npx paycfg in a clone included) is the committed bundle.
      for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(pkg.scripts[hook], `a ${hook} script: npm ci would run it`).toBeUndefined();
      expect(readFileSync(join(ROOT, 'bin/paycfg.js'), 'utf8')).toMatch(/^import '\.\.\/bundle\/paycfg\.mjs';$/m);
      expect(existsSync(join(ROOT, 'bundle/paycfg.mjs')), 'bundle/paycfg.mjs is committed').toBe(true);
    },
  },
  'npm run demo': {
    why: 'CI runs the demo itself (test/cli/demo.test.ts)',
    check: () => expect(pkg.scripts['demo']).toBeDefined(),
  },
  'npm test': {
    why: 'it is the suite this test is part of: running it here would recurse',
    check: () => expect(pkg.scripts['test']).toBeDefined(),
  },
  'npm install --save-dev paycfg': {
    why: 'the package is not published yet; test/package/pack-install.test.ts installs the tarball npm pack makes',
    check: () => expect(pkg.name).toBe('paycfg'),
  },
  [`npm install --save-dev ./paycfg-0.1.0.tgz`]: {
    why: 'test/package/pack-install.test.ts packs the package and installs its tarball in an empty project',
    check: () => expect('./paycfg-0.1.0.tgz', 'the tarball npm pack makes of this version').toBe(`./${pkg.name}-${pkg.version}.tgz`),
  },
};

const label = (block: ConsoleBlock): string =>
  `README.md:${block.line} (${block.commands.length} command${block.commands.length === 1 ? '' : 's'} from \`${block.commands[0]?.command ?? ''}\`)`;

/** Every run gets this long before it is taken for hung: paycfg starts from source under tsx, several times per block. */
const RUN_DEADLINE = 60_000;

/** The directories the runs made, removed in the end. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('reading console blocks', () => {
  it('takes commands from a block without prompts, a trailing comment apart, and `# exit N` as the expected code', () => {
    const md = ['```console', 'export A="x # not a comment"   # a comment', 'paycfg plan \\', '  --detailed-exitcode   # exit 2', '# a line of its own', '```'].join('\n');
    expect(consoleBlocks(md)).toEqual([
      {
        line: 1,
        transcript: false,
        commands: [
          { line: 2, command: 'export A="x # not a comment"', expectedExit: 0, output: [] },
          { line: 3, command: 'paycfg plan --detailed-exitcode', expectedExit: 2, output: [] },
        ],
      },
    ]);
    expect(splitComment("echo 'a#b' #c")).toEqual({ command: "echo 'a#b'", comment: 'c' });
  });

  it('reads a block with `$ ` lines as commands and what they printed', () => {
    const md = ['text', '```console', '$ paycfg --version', 'paycfg 0.1.0', '$ paycfg validate -f x   # exit 1', 'x:1:1: no such file', '```'].join('\n');
    expect(consoleBlocks(md)).toEqual([
      {
        line: 2,
        transcript: true,
        commands: [
          { line: 3, command: 'paycfg --version', expectedExit: 0, output: ['paycfg 0.1.0'] },
          { line: 5, command: 'paycfg validate -f x', expectedExit: 1, output: ['x:1:1: no such file'] },
        ],
      },
    ]);
  });
});

describe('the guide’s commands', () => {
  it('finds the console blocks, and every exclusion names a command the guide has, for a reason that still holds', () => {
    expect(blocks.length).toBeGreaterThan(0);
    const commands = blocks.flatMap((b) => b.commands.map((c) => c.command));
    for (const [command, { check }] of Object.entries(NOT_RUN)) {
      expect(commands, `excluded, but not in the README: ${command}`).toContain(command);
      check();
    }
  });

  for (const block of blocks.filter((b) => !b.transcript)) {
    const runnable = block.commands.filter((c) => !(c.command in NOT_RUN));
    if (runnable.length === 0) continue;
    it(
      `${label(block)}: each command ends with the exit code the guide gives, and the simulator it starts is stopped`,
      async () => {
        const { dir, bin } = createGuideDir();
        made.push(dir);
        const port = await freePort();
        const run = await runInTerminal({ commands: runnable.map((c) => c.command), cwd: dir, bin, port, deadlineMs: RUN_DEADLINE });
        const ran = runnable.map((c) => `README.md:${c.line}: ${c.command} → ${run.codes[runnable.indexOf(c)]}`).join('\n');
        expect(run.codes, `${ran}\n\n${run.output}`).toEqual(runnable.map((c) => c.expectedExit));
        expect(run.portFreed, `port ${port} (the guide's 8080) still taken after the block:\n${run.output}`).toBe(true);
      },
      RUN_DEADLINE + 10_000,
    );
  }

  describe('captured sessions', () => {
    const sims: TestSimulator[] = [];
    afterAll(async () => {
      for (const sim of sims) await sim.close();
    });

    for (const block of blocks.filter((b) => b.transcript)) {
      it(
        `${label(block)}: run in a copy of examples/basic against a new group, with the answers the session shows, ends as it did`,
        async () => {
          // As npm run docs:captures captured it: a simulator of its own, the group made for the session.
          const sim = await startTestSimulator();
          sims.push(sim);
          const groupName = /group G-\d{8} \("([^"]*)"\)/.exec(block.commands.flatMap((c) => c.output).join('\n'))?.[1];
          await sim.admin.createGroup({ groupId: TEST_GROUP, groupName: groupName ?? 'Demo Payments Ltd' });
          const { dir, bin } = createGuideDir();
          const cwd = mkdtempSync(join(tmpdir(), 'paycfg-session-'));
          made.push(dir, cwd);
          cpSync(join(ROOT, 'examples/basic'), cwd, { recursive: true });
          const run = await runInTerminal({
            commands: block.commands.map((c) => c.command),
            cwd,
            bin,
            env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(TEST_GROUP), TILL_ADMIN_PASSWORD: 'till-admin-pw' },
            deadlineMs: RUN_DEADLINE,
          });
          expect(run.codes, run.output).toEqual(block.commands.map((c) => c.expectedExit));
          const answered = block.commands.flatMap((c) => c.output).filter((l) => /Enter a value: yes$/.test(l)).length;
          expect(run.approvals, run.output).toBe(answered);
          for (const command of block.commands) {
            const last = command.output.filter((l) => l.trim() !== '').at(-1);
            // A captured line may hold what differs from run to run (a time, a hash, the port): compared as the capture test compares.
            if (last !== undefined) expect(normalised(run.output), `README.md:${command.line}: ${command.command}`).toContain(normalised(last.trim()));
          }
        },
        RUN_DEADLINE + 10_000,
      );
    }
  });
});
