/**
 * Every relative link of the README and docs/ points at a file that exists, and an anchor at a
 * heading of that file (GitHub's slugs), so that moving a section cannot leave a dead link.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's anchor for a heading: lower case, punctuation dropped but hyphens, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(text: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.*)$/.exec(line);
    if (heading) out.add(slug(heading[1]!));
  }
  return out;
}

/** Links outside code: [text](target), targets that are not URLs. */
function links(text: string): string[] {
  const prose = text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z]+:/.test(target));
}

describe('documentation links', () => {
  for (const page of pages) {
    it(`${page}: every relative link and anchor resolves`, () => {
      const text = readFileSync(join(root, page), 'utf8');
      for (const target of links(text)) {
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const file = path === '' ? join(root, page) : resolve(dirname(join(root, page)), path);
        expect(existsSync(file), `${page} links to ${target}, which does not exist`).toBe(true);
        if (anchor !== undefined && file.endsWith('.md')) {
          expect(anchors(readFileSync(file, 'utf8')), `${page} links to ${target}: no such heading`).toContain(anchor);
        }
      }
    });
  }
});
