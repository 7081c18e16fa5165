import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/registry.js';
import { helpText } from '../../src/cli/syntax.js';

const reference = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');

describe('docs/cli.md', () => {
  it("holds every command's --help as the command prints it", async () => {
    for (const name of Object.keys(commands)) {
      const command = await commands[name]!.load();
      const help = helpText(command.name, command.syntax).trimEnd();
      expect(reference, `docs/cli.md is stale for \`paycfg ${name} --help\`: run npm run docs:cli`).toContain(help);
      for (const sub of Object.values(command.subcommands ?? {})) {
        const subHelp = helpText(`${name} ${sub.name}`, sub.syntax).trimEnd();
        expect(reference, `docs/cli.md is stale for \`paycfg ${name} ${sub.name} --help\`: run npm run docs:cli`).toContain(subHelp);
      }
    }
  });
});
