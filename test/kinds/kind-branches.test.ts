/**
 * A ratchet on the branches on a kind's name outside the kinds' modules (src/kinds/) and the
 * simulator (src/sim/, which keeps its own model of the service). Per-kind knowledge belongs on the
 * kind's module; the few branches left are rules that tie kinds together. The ceiling only goes
 * down: a step that moves branches into the modules lowers it in the same commit, and a change that
 * adds a branch outside the modules fails here until the fact it encodes moves onto a module.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KIND_NAMES } from '../../src/kinds/registry.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CEILING = 4;

const NAMES = KIND_NAMES.join('|');
/** A comparison with a kind's name (`kind === 'merchant'`, `'device' !== kind`) or a case on it. */
const BRANCH = new RegExp(`[!=]==? ?'(${NAMES})'|case '(${NAMES})'|'(${NAMES})' ?[!=]==`);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const file = `${dir}/${name}`;
    return statSync(path.join(ROOT, file)).isDirectory() ? sourceFiles(file) : file.endsWith('.ts') ? [file] : [];
  });
}

function branches(): string[] {
  return sourceFiles('src')
    .filter((file) => !file.startsWith('src/kinds/') && !file.startsWith('src/sim/'))
    .flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (BRANCH.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
}

describe("branches on a kind's name outside src/kinds and src/sim", () => {
  it(`stay at or under ${CEILING}`, () => {
    const found = branches();
    expect(found.length, found.join('\n')).toBeLessThanOrEqual(CEILING);
  });

  it('are each in a file docs/architecture.md lists among those that still branch on a kind', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const files = new Set(branches().map((line) => line.slice(0, line.indexOf(':'))));
    expect([...files].filter((file) => !doc.includes(`\`${file}\``))).toEqual([]);
  });

  it('are found by the pattern (it sees a branch written in each of its forms)', () => {
    for (const line of ["if (kind === 'merchant')", "kind !== 'device'", "case 'emv':", "'binding' === resource.kind"]) expect(BRANCH.test(line), line).toBe(true);
    expect(BRANCH.test("addressOf('merchant', key)")).toBe(false);
  });
});
