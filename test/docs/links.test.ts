/**
 * Every relative link of every Markdown file of the repository points at a file that exists, and an
 * anchor at a heading of that file (GitHub's slugs), so that moving a section cannot leave a dead
 * link; and every `docs/….md` that code, scripts, tests, examples and action.yml name exists, so
 * that renaming a page cannot leave a message or a comment pointing nowhere.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headingAnchors, relativeLinks } from '../helpers/markdown-links.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Not the project's own files: installed, built or recorded by tools. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'bundle', 'bench-results']);

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path, keep));
    else if (keep(entry.name)) out.push(relative(root, path));
  }
  return out.sort();
}

const pages = filesUnder(root, (name) => name.endsWith('.md'));

describe('documentation links', () => {
  it('reads every Markdown file of the repository: the README and docs/ among them', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/plan.md', 'docs/change-control.md']));
  });

  for (const page of pages) {
    it(`${page}: every relative link and anchor resolves`, () => {
      const text = readFileSync(join(root, page), 'utf8');
      for (const target of relativeLinks(text)) {
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const file = path === '' ? join(root, page) : resolve(dirname(join(root, page)), path);
        expect(existsSync(file), `${page} links to ${target}, which does not exist`).toBe(true);
        if (anchor !== undefined && file.endsWith('.md')) {
          expect(headingAnchors(readFileSync(file, 'utf8')), `${page} links to ${target}: no such heading`).toContain(anchor);
        }
      }
    });
  }

  it('every docs/ page that code, scripts, tests, examples and action.yml name exists', () => {
    const sources = ['action.yml', ...['src', 'scripts', 'test', 'examples'].flatMap((dir) => filesUnder(join(root, dir), (name) => /\.(ts|js|mjs|ya?ml)$/.test(name)))];
    const missing: string[] = [];
    for (const source of sources) {
      for (const match of readFileSync(join(root, source), 'utf8').matchAll(/\bdocs\/([a-z0-9-]+\.md)/g)) {
        if (!existsSync(join(root, 'docs', match[1]!))) missing.push(`${source}: docs/${match[1]}`);
      }
    }
    expect(missing, 'pages named that do not exist').toEqual([]);
  });
});
