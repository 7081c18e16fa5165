import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Writes a generated documentation page, or with `--check` only says whether the committed one is
 * current (exit 1 when stale, naming the npm script that rewrites it). The generators of
 * docs/manifest-reference.md and docs/plan-json-reference.md share it.
 */
export function writeGeneratedPage(options: { file: string; shown: string; text: string; script: string; argv: readonly string[] }): number {
  let current: string | undefined;
  try {
    current = readFileSync(options.file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === options.text) {
    process.stdout.write(`${options.shown} is up to date\n`);
    return 0;
  }
  if (options.argv.includes('--check')) {
    process.stderr.write(`${options.shown} is stale: run \`npm run ${options.script}\` and commit the result\n`);
    return 1;
  }
  writeFileSync(options.file, options.text);
  process.stdout.write(`wrote ${options.shown}\n`);
  return 0;
}
