/**
 * The README is a first page, read top to bottom: short, in the order a newcomer needs it, and
 * pointing at every page of docs/ from its table, where the reference lives.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './guide-blocks.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const MAX_LINES = 250;

describe('README.md', () => {
  it(`is at most ${MAX_LINES} lines`, () => {
    expect(readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0)).toBeLessThanOrEqual(MAX_LINES);
  });

  it('has its sections in the order a newcomer reads them', () => {
    const headings = [...readme.matchAll(/^## (.*)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(['Quickstart', 'Install', 'A short tour', 'Commands', 'Documentation', 'Development']);
  });

  it('lists every page of docs/ in its table, with what it holds', () => {
    const table = readme.slice(readme.indexOf('## Documentation'), readme.indexOf('## Development'));
    for (const page of readdirSync(join(ROOT, 'docs')).filter((file) => file.endsWith('.md'))) {
      expect(table, `docs/${page} is not in the README's documentation table`).toMatch(new RegExp(`^\\| \\[${page.replace('.', '\\.')}\\]\\(docs/${page.replace('.', '\\.')}\\) \\| \\S.+ \\|$`, 'm'));
    }
  });
});
