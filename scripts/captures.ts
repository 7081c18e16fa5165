/**
 * `npm run docs:captures`: runs every capture named in README.md and docs/*.md (a fenced block
 * after `<!-- capture: NAME -->`) and writes what it printed into its block. A block whose output
 * differs only in what changes from run to run (times, ids, hashes) is left as it is.
 * `--check` writes nothing and exits 1 naming the stale blocks; `--all` rewrites every block with
 * this run's output, times and ids included.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstDifference, withCaptures } from './captures/blocks.js';
import { ROOT } from './captures/context.js';
import { readPages, runCaptures } from './captures/pages.js';

const check = process.argv.includes('--check');
const pages = readPages();
const bodies = await runCaptures(pages);
let stale = 0;
for (const { page, text, blocks } of pages) {
  for (const block of blocks) {
    const difference = firstDifference(block.body, bodies.get(block.name)!);
    if (difference === undefined) continue;
    stale += 1;
    process.stdout.write(`${page}:${block.line}: capture ${block.name} ${check ? 'is stale' : 'rewritten'} (first difference at its line ${difference.line})\n`);
  }
  const next = withCaptures(text, (name) => bodies.get(name), page, { all: process.argv.includes('--all') });
  if (!check && next !== text) writeFileSync(join(ROOT, page), next);
}
if (process.argv.includes('--all')) process.stdout.write(`rewrote every captured block (${bodies.size} captures)\n`);
else if (stale === 0) process.stdout.write(`every capture is current (${bodies.size} captures)\n`);
else if (check) process.stdout.write('run `npm run docs:captures` and commit the result\n');
process.exitCode = check && stale > 0 ? 1 : 0;
