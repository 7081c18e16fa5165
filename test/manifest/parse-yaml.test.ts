import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/manifest/diagnostics.js';
import { loadManifest } from '../../src/manifest/index.js';
import { parseYamlData } from '../../src/manifest/parse-yaml.js';
import { positionInFile, type SourceFile } from '../../src/manifest/positions.js';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

function sourceOf(text: string, name: string): { value: unknown; source: SourceFile } {
  const { value, diagnostics, positions } = parseYamlData(text, name);
  expect(diagnostics).toEqual([]);
  return { value, source: { name, positions } };
}

/** Every path into the yaml package's own document, with the line and column where its node starts. */
function documentPositions(text: string): { path: (string | number)[]; line: number; col: number; keyLine?: number; keyCol?: number }[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const out: { path: (string | number)[]; line: number; col: number; keyLine?: number; keyCol?: number }[] = [];
  const walk = (node: YamlNode, at: (string | number)[], key?: YamlNode): void => {
    const { line, col } = lineCounter.linePos(node.range?.[0] ?? 0);
    const keyPos = key?.range === undefined || key.range === null ? undefined : lineCounter.linePos(key.range[0]);
    out.push({ path: at, line, col, ...(keyPos === undefined ? {} : { keyLine: keyPos.line, keyCol: keyPos.col }) });
    if (isMap(node)) for (const pair of node.items) walk(pair.value as YamlNode, [...at, String((pair.key as { value: unknown }).value)], pair.key as YamlNode);
    if (isSeq(node)) node.items.forEach((item, index) => walk(item as YamlNode, [...at, index]));
    if (!isMap(node) && !isSeq(node)) expect(isScalar(node)).toBe(true);
  };
  walk(doc.contents as YamlNode, []);
  return out;
}

describe('positions from the one parse', () => {
  it('place every value and key of the examples where the yaml package places its node', () => {
    const files = readdirSync(EXAMPLES, { recursive: true, encoding: 'utf8' }).filter((name) => /\.ya?ml$/.test(name));
    expect(files.length).toBeGreaterThan(3);
    let checked = 0;
    for (const name of files) {
      const text = readFileSync(path.join(EXAMPLES, name), 'utf8');
      const { source } = sourceOf(text, name);
      for (const { path: at, line, col, keyLine, keyCol } of documentPositions(text)) {
        expect(positionInFile(source, at), `${name} ${JSON.stringify(at)}`).toEqual({ file: name, line, col });
        if (keyLine !== undefined) expect(positionInFile(source, at, 'key'), `${name} key ${JSON.stringify(at)}`).toEqual({ file: name, line: keyLine, col: keyCol });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('place every value of a document far larger than the tree starts out', () => {
    const item = (i: number) => `  - name: m-${i}\n    tags: [a, { b: ${i} }]\n    devices:\n      - { alias: d-${i} }\n`;
    const numbers = `numbers: [${Array.from({ length: 2500 }, (_, i) => i).join(', ')}]\n`;
    const text = `version: 1\n${numbers}merchants:\n${Array.from({ length: 400 }, (_, i) => item(i)).join('')}`;
    const { source } = sourceOf(text, 'big.yaml');
    const expected = documentPositions(text);
    expect(expected.length).toBeGreaterThan(6000);
    for (const { path: at, line, col } of expected) expect(positionInFile(source, at), JSON.stringify(at)).toEqual({ file: 'big.yaml', line, col });
  });

  it('find an item after siblings that hold nested collections, and fall back to the nearest ancestor', () => {
    const text = 'a:\n  - { b: [1, [2, 3]], c: { d: 4 } }\n  - [5, { e: 6 }]\n  - 7\nf: 8\n';
    const { source } = sourceOf(text, 'n.yaml');
    expect(positionInFile(source, ['a', 2])).toEqual({ file: 'n.yaml', line: 4, col: 5 });
    expect(positionInFile(source, ['a', 1, 1, 'e'])).toEqual({ file: 'n.yaml', line: 3, col: 14 });
    expect(positionInFile(source, ['f'])).toEqual({ file: 'n.yaml', line: 5, col: 4 });
    expect(positionInFile(source, ['a', 3])).toEqual({ file: 'n.yaml', line: 2, col: 3 });
    expect(positionInFile(source, ['a', 0, 'b', 1, 0, 'x'])).toEqual({ file: 'n.yaml', line: 2, col: 15 });
    expect(positionInFile(source, ['a', 2, 'x'])).toEqual({ file: 'n.yaml', line: 4, col: 5 });
    expect(positionInFile(source, ['f', 0])).toEqual({ file: 'n.yaml', line: 5, col: 4 });
    expect(positionInFile(source, ['nope'])).toEqual({ file: 'n.yaml', line: 1, col: 1 });
  });

  it('place an empty value right after its key or its dash', () => {
    const { value, source } = sourceOf('a:\n  b:\n  c:\n    -\n    - ~\n', 'e.yaml');
    expect(value).toEqual({ a: { b: null, c: [null, null] } });
    expect(positionInFile(source, ['a', 'b'])).toEqual({ file: 'e.yaml', line: 2, col: 5 });
    expect(positionInFile(source, ['a', 'c', 0])).toEqual({ file: 'e.yaml', line: 4, col: 6 });
    expect(positionInFile(source, ['a', 'c', 1])).toEqual({ file: 'e.yaml', line: 5, col: 7 });
  });

  it('place each copy an alias makes at the anchored value', () => {
    const { source } = sourceOf('x: &d { methods: ["01"] }\ny: *d\nz: *d\n', 'a.yaml');
    expect(positionInFile(source, ['z', 'methods', 0])).toEqual({ file: 'a.yaml', line: 1, col: 19 });
    expect(positionInFile(source, ['y', 'methods'], 'key')).toEqual({ file: 'a.yaml', line: 1, col: 9 });
    expect(positionInFile(source, ['z'], 'key')).toEqual({ file: 'a.yaml', line: 3, col: 1 });
  });

  it('have no tree for an empty file or one that is not YAML', () => {
    expect(parseYamlData('', 'empty.yaml')).toMatchObject({ value: null, diagnostics: [], positions: { tree: undefined } });
    expect(parseYamlData('a: [\n', 'broken.yaml').positions.tree).toBeUndefined();
  });
});

describe('parseYamlData', () => {
  it('reports a document too deep for the parser where its nesting passes 64 levels', () => {
    const text = `merchants:\n  - a: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`;
    // The root mapping, merchants' list and its item are three levels; the 63rd "[" is the 65th level.
    expect(parseYamlData(text, 'deep.yaml').diagnostics.map(formatDiagnostic)).toEqual([
      `deep.yaml:2:${'  - a: '.length + 63}: invalid YAML: the document is nested too deeply to read (at most 64 levels)`,
    ]);
  });

  it('keeps the numbers YAML writes that JSON cannot', () => {
    const { value } = sourceOf('a: .inf\nb: -.inf\nc: .nan\nd: -0\ne: [1.5, "x"]\n', 'n.yaml');
    const data = value as Record<string, unknown>;
    expect(data['a']).toBe(Infinity);
    expect(data['b']).toBe(-Infinity);
    expect(data['c']).toBeNaN();
    expect(Object.is(data['d'], -0)).toBe(true);
    expect(data['e']).toEqual([1.5, 'x']);
  });
});

describe('loadManifest positions', () => {
  it('are those of the text that was checked, even once the file has changed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'paycfg-parse-yaml-'));
    try {
      const file = path.join(dir, 'm.yaml');
      await writeFile(file, 'version: 1\nmerchants:\n  - providerReference: coffee\n    mchName: Coffee\n    currency: USD\n    contactName: Jane\n    contactEmail: jane@shop.example\n');
      const loaded = await loadManifest(['m.yaml'], { env: {}, cwd: dir });
      await writeFile(file, '# changed\n');
      expect(loaded.locate(['merchants', 0, 'mchName'])).toEqual({ file: 'm.yaml', line: 4, col: 14 });
      await rm(file);
      expect(loaded.locate(['merchants', 0, 'currency'])).toEqual({ file: 'm.yaml', line: 5, col: 15 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
