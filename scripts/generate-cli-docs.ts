/**
 * Rewrites the help blocks of docs/cli.md from the commands themselves: under each
 * `### paycfg <command>` heading (subcommands too: `### paycfg sim token`), the first ```text block
 * becomes what `paycfg <command> --help` prints. test/cli/cli-docs.test.ts fails when the file is stale.
 *
 *   npm run docs:cli
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { commands } from '../src/cli/commands/registry.js';
import { helpText } from '../src/cli/syntax.js';

const file = new URL('../docs/cli.md', import.meta.url);
let text = readFileSync(file, 'utf8');
/** Every command and subcommand, by the words that name it (`sim token`), with its help text. */
const helps: [string, string][] = [];
for (const name of Object.keys(commands)) {
  const command = await commands[name]!.load();
  helps.push([name, helpText(command.name, command.syntax)]);
  for (const sub of Object.values(command.subcommands ?? {})) helps.push([`${name} ${sub.name}`, helpText(`${name} ${sub.name}`, sub.syntax)]);
}
for (const [name, help] of helps) {
  const heading = `\n### paycfg ${name}\n`;
  const at = text.indexOf(heading);
  if (at < 0) throw new Error(`docs/cli.md has no "### paycfg ${name}" section`);
  const open = text.indexOf('```text\n', at);
  const close = text.indexOf('\n```', open + 8);
  if (open < 0 || close < 0) throw new Error(`docs/cli.md: no \`\`\`text block under "### paycfg ${name}"`);
  text = `${text.slice(0, open + 8)}${help.trimEnd()}${text.slice(close)}`;
}
writeFileSync(file, text);
