import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { plainLines, readPlainYaml } from '../../src/manifest/plain-yaml.js';
import { parseYamlData, parseYamlDocument } from '../../src/manifest/parse-yaml.js';
import { positionInFile } from '../../src/manifest/positions.js';
import { seededRandom } from '../helpers/seeded-random.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Every YAML file the repository holds: examples, fixtures (broken ones too), scenarios, deploy files. */
function corpus(): { name: string; text: string }[] {
  const names = execFileSync('git', ['ls-files', '*.yaml', '*.yml'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  return names.map((name) => ({ name, text: readFileSync(join(ROOT, name), 'utf8') }));
}

/**
 * The promise plain-yaml.ts makes: a text it reads is one the reference (the yaml package) reads
 * with no problem, to the same value. Returns whether the plain read took the text.
 */
function expectSameAsReference(text: string, label: string): boolean {
  const plain = readPlainYaml(text);
  if (plain === undefined) return false;
  const reference = parseYamlDocument(text, 'f.yaml');
  expect(reference.diagnostics, `${label}: the plain read took a text the reference refuses:\n${text}`).toEqual([]);
  expect(plain.value, `${label}: the plain read differs from the reference:\n${text}`).toStrictEqual(reference.value);
  return true;
}

const INSERTED = [':', '#', ' ', ' ', '-', '"', "'", '[', ']', '{', '}', ',', '&', '*', '!', '|', '>', '%', '@', '`', '\n', '?', '0', '1', '.', 'e', 'x', '\\', '~', '\r\n', '\t', ': ', ' #', '- '];
const SCALARS = ['01', '1e3', 'True', 'null', '~', '0x1F', '0o17', '-0', '.5', '+1', '1_0', '.inf', '1.50', '123456789012345678901', '"a\\u00e9"', "'it''s'", '[a, b]', '{ a: 1 }', '"x"#c', '5', 'true', '-5', '0.25'];

function mutate(text: string, next: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const at = Math.floor(next() * (text.length + 1));
  const lines = text.split('\n');
  const line = Math.floor(next() * lines.length);
  switch (Math.floor(next() * 8)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1);
    case 1:
    case 2:
      return text.slice(0, at) + pick(INSERTED) + text.slice(at);
    case 3:
      lines.splice(line, 0, lines[line]!);
      return lines.join('\n');
    case 4:
      lines.splice(line, 1);
      return lines.join('\n');
    case 5:
      lines[line] = next() < 0.5 ? ` ${lines[line]}` : lines[line]!.replace(/^ {1,2}/, '');
      return lines.join('\n');
    case 6:
      [lines[line], lines[line + 1]] = [lines[line + 1] ?? '', lines[line]!];
      return lines.join('\n');
    default: {
      // A value or key replaced by a scalar the two parsers could read apart.
      const value = lines[line]!.match(/^( *(?:- +)*)([^:]*)(:?)( *)(.*)$/);
      if (value === null) return text;
      lines[line] = next() < 0.5 ? `${value[1]}${value[2]}${value[3]}${value[4] === '' && value[3] !== '' ? ' ' : value[4]}${pick(SCALARS)}` : `${value[1]}${pick(SCALARS)}${value[3]}${value[4]}${value[5]}`;
      return lines.join('\n');
    }
  }
}

describe('readPlainYaml', () => {
  it('reads every plain file of the repository as the yaml package does', () => {
    let taken = 0;
    for (const file of corpus()) if (expectSameAsReference(file.text, file.name)) taken++;
    // The examples and scenarios are plain YAML: most files are read the quick way.
    expect(taken).toBeGreaterThan(60);
  });

  it('never takes a mutation of them that the yaml package refuses or reads otherwise', () => {
    const files = corpus().filter((file) => file.text.length < 20_000);
    const mutants = Number(process.env.PAYCFG_PLAIN_YAML_MUTANTS ?? 1500);
    const next = seededRandom(Number(process.env.PAYCFG_PLAIN_YAML_SEED ?? 29));
    let taken = 0;
    let refusedByReference = 0;
    for (let i = 0; i < mutants; i++) {
      let text = files[Math.floor(next() * files.length)]!.text;
      const edits = 1 + Math.floor(next() * 3);
      for (let edit = 0; edit < edits; edit++) text = mutate(text, next);
      if (expectSameAsReference(text, `mutant ${i}`)) taken++;
      else if (parseYamlDocument(text, 'f.yaml').diagnostics.length > 0) refusedByReference++;
    }
    // Both outcomes are common, or the test shows nothing.
    expect(taken).toBeGreaterThan(mutants / 5);
    expect(refusedByReference).toBeGreaterThan(mutants / 20);
    // A long soak (PAYCFG_PLAIN_YAML_MUTANTS=100000) takes minutes.
  }, 30 * 60_000);

  it.each([
    ['a comment glued to a value', 'a: "x"#c\n'],
    ['a flow collection over two lines', 'key: [a,\n  b]\n'],
    ['a plain key the core schema reads as a number written otherwise', '01: x\n'],
    ['a number written otherwise', 'a: 1.50\n'],
    ['null', 'a: null\n'],
    ['an anchor and an alias', 'a: &x 1\nb: *x\n'],
    ['a tag', 'a: !!str 1\n'],
    ['a block scalar', 'a: |\n  text\n'],
    ['a multi-line plain scalar', 'a: one\n  two\n'],
    ['a list item indented under a value, which reads as more of that value', 'a: b\n  - c\n'],
    ['the same after a blank line', 'a: b\n\n  - c\n'],
    ['a list item indented under an item', '- a\n  - b\n'],
    ['a merge key', 'a: { b: 1 }\nc:\n  <<: { b: 2 }\n'],
    ['a reserved key', '__proto__: 1\n'],
    ['a complex key', '? [a, b]\n: c\n'],
    ['a tab', 'a:\n\tb: 1\n'],
    ['a directive', '%YAML 1.2\n---\na: 1\n'],
    ['two documents', 'a: 1\n---\nb: 2\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['an empty document', '# nothing\n'],
    ['a byte order mark', '\ufeffa: 1\n'],
    ['a colon in a flow scalar', 'a: [http://x.example]\n'],
  ])('leaves %s to the yaml package', (_what, text) => {
    expect(readPlainYaml(text)).toBeUndefined();
  });

  it('takes the YAML of the examples: block and one-line flow collections, quoted and plain scalars, comments, Windows line ends', () => {
    const text = [
      '---',
      '# a comment',
      'version: 1',
      'merchants:',
      '  - providerReference: m-1 # trailing comment',
      '    mchName: "Café \\u00e9 \\"quoted\\""',
      "    contactName: 'it''s'",
      '    notifyUrl: https://shop.example/notify?a=1&b=2#top',
      '    state: 1',
      '    amount: -2.5',
      '    active: true',
      '    bindings:',
      '      - acquirer: host-a',
      '        methods:',
      '          "01": { emvs: [ visa, "mc" ] }',
      '        empty: []',
      '    secret: ${TILL_ADMIN}',
      '    none:',
      '',
    ].join('\r\n');
    expect(plainLines(text)).toBe(true);
    expect(expectSameAsReference(text, 'the example')).toBe(true);
  });
});

describe('parseYamlData of a plain file', () => {
  it('gives the positions the yaml package gives, when they are asked for', () => {
    const text = 'version: 1\nmerchants:\n  - providerReference: m-1\n    mchName: Shop\n    bindings:\n      - acquirer: host-a\n';
    // Read the quick way, or this would compare the yaml package with itself.
    expect(readPlainYaml(text)).toBeDefined();
    const plain = parseYamlData(text, 'p.yaml');
    const reference = parseYamlDocument(text, 'p.yaml');
    for (const path of [[], ['merchants', 0, 'mchName'], ['merchants', 0, 'bindings', 0, 'acquirer'], ['merchants', 0, 'nothing']]) {
      for (const at of ['value', 'key'] as const) {
        expect(positionInFile({ name: 'p.yaml', positions: plain.positions }, path, at)).toEqual(positionInFile({ name: 'p.yaml', positions: reference.positions }, path, at));
      }
    }
    expect(plain.value).toStrictEqual(reference.value);
  });
});
