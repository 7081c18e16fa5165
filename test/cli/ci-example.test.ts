import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/registry.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { helpText } from '../../src/cli/syntax.js';

const workflow = parse(readFileSync(new URL('../../examples/ci/paycfg.yml', import.meta.url), 'utf8')) as {
  jobs: Record<string, { steps: { run?: string }[] }>;
};

/** Every `paycfg ...` invocation in the workflow's run steps, as argument lists. */
function invocations(): string[][] {
  const out: string[][] = [];
  for (const job of Object.values(workflow.jobs)) {
    for (const step of job.steps) {
      for (const line of (step.run ?? '').split('\n')) {
        const match = /(?:^|\s)paycfg (\w+)([^|>&;]*)/.exec(line);
        if (match === null || line.includes('npm install')) continue;
        out.push([match[1]!, ...match[2]!.trim().split(/\s+/).filter((a) => a !== '').map((a) => a.replace(/^"(.*)"$/, '$1'))]);
      }
    }
  }
  return out;
}

describe('examples/ci workflow', () => {
  it('has the pull-request plan, main-branch apply and scheduled drift jobs', () => {
    expect(Object.keys(workflow.jobs).sort()).toEqual(['apply', 'drift', 'plan']);
    expect(invocations().map((argv) => argv[0])).toEqual(['validate', 'plan', 'plan', 'apply', 'drift']);
  });

  it('only uses commands and flags paycfg has', async () => {
    for (const argv of invocations()) {
      expect(Object.keys(commands)).toContain(argv[0]);
      const command = await commands[argv[0]!]!.load();
      const flags = argv.slice(1).filter((a) => a.startsWith('--'));
      const help = helpText(command.name, command.syntax);
      for (const flag of flags) expect(help, `${argv[0]} ${flag}`).toContain(flag);
      // Parsing succeeds up to the point where the command needs a service or files.
      const io = captureIo({ env: {} });
      await main(argv.map((a) => a.replace('$MANIFESTS', 'does-not-exist')), io);
      expect(io.err(), argv.join(' ')).not.toMatch(/Unknown option|unexpected argument|USAGE/i);
    }
  });
});
