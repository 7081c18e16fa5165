/**
 * docs/architecture.md names files: each must exist, every kind's module among them, and its list of
 * the files a new merchant field touches must be what the kinds' design implies: the merchant's
 * module, the simulator's files that declare a merchant field of the current API, and the outputs
 * the generators write from the facts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as facts from '../../src/kinds/field-facts.js';
import { merchant } from '../../src/kinds/merchant.js';
import { KIND_MODULES } from '../../src/kinds/registry.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOC = 'docs/architecture.md';
const text = readFileSync(path.join(ROOT, DOC), 'utf8');

/** Every repository path the doc writes in backticks (`src/kinds/merchant.ts`, `src/sim/rules/`). */
function namedPaths(markdown: string): string[] {
  const paths = [...markdown.matchAll(/`((?:src|schemas|docs|test|scripts|examples)\/[^`\s]*)`/g)].map((match) => match[1]!);
  return [...new Set(paths)];
}

/** The bullet list under a heading, as the paths its items start with, and whether each says (generated). */
function listUnder(markdown: string, heading: string): { path: string; generated: boolean }[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${DOC} has no heading "${heading}"`);
  const rest = markdown.slice(start + heading.length + 2);
  const section = rest.slice(0, rest.search(/\n#{1,6} /) >>> 0);
  return [...section.matchAll(/^- `([^`]+)`( \(generated\))?$/gm)].map((match) => ({ path: match[1]!, generated: match[2] !== undefined }));
}

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const file = `${dir}/${name}`;
    return statSync(path.join(ROOT, file)).isDirectory() ? filesUnder(file) : [file];
  });
}

describe(DOC, () => {
  it('names only files and folders that exist', () => {
    const named = namedPaths(text).filter((named) => !named.includes('<'));
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((named) => !existsSync(path.join(ROOT, named)))).toEqual([]);
  });

  it("names every kind's module and the registry", () => {
    const named = namedPaths(text);
    expect(named).toContain('src/kinds/registry.ts');
    for (const kind of KIND_MODULES) expect(named, kind.kind).toContain(`src/kinds/${kind.kind}.ts`);
  });

  it("lists as the files of a new merchant field the merchant's module, the simulator's merchant files and the generated outputs", () => {
    const listed = listUnder(text, '### The files a new merchant field touches');
    // The simulator declares a merchant field of the current API wherever it names region, one of them.
    const simulator = filesUnder('src/sim').filter((file) => file.endsWith('.ts') && /\bregion\b/.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(simulator.length).toBeGreaterThan(0);
    const generated = ['schemas/manifest.schema.json', `schemas/api/${merchant.wire.record.file}.schema.json`, 'docs/manifest-reference.md'];
    expect(listed.filter((item) => !item.generated).map((item) => item.path).sort()).toEqual([`src/kinds/${merchant.kind}.ts`, ...simulator].sort());
    expect(listed.filter((item) => item.generated).map((item) => item.path).sort()).toEqual([...generated].sort());
  });

  it('shows the one-line declaration with the vocabulary that has it', () => {
    expect(text).toContain("contactFax: text('Contact fax.'),");
    expect(typeof facts.text).toBe('function');
    expect(facts.text('Contact fax.').state).toEqual({ required: false });
  });
});
