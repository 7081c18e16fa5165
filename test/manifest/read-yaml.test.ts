import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/manifest/diagnostics.js';
import { positionInFile } from '../../src/manifest/positions.js';
import { MAX_FILE_BYTES, parseYamlData, readManifestText } from '../../src/manifest/read-yaml.js';

/** A file's data and its positions, as loadManifest reads them. */
const parseYaml = (text: string, name: string) => {
  const data = parseYamlData(text, name);
  return { ...data, source: { name, positions: data.positions } };
};

describe('parseYaml', () => {
  it('keeps the written text of plain keys that YAML reads as numbers', () => {
    const { value, diagnostics } = parseYaml('01: a\n1: b\n"02": c\ntrue: d\n1e3: e\n', 'f.yaml');
    expect(diagnostics).toEqual([]);
    expect(Object.keys(value as object).sort()).toEqual(['01', '02', '1', '1e3', 'true']);
  });

  it('maps paths to the line and column of values and keys', () => {
    const text = 'version: 1\nmerchants:\n  - providerReference: a\n    devices:\n      - { deviceAlias: till-1 }\n';
    const { source } = parseYaml(text, 'm.yaml');
    expect(positionInFile(source, ['merchants', 0, 'devices', 0, 'deviceAlias'])).toEqual({ file: 'm.yaml', line: 5, col: 24 });
    expect(positionInFile(source, ['merchants', 0, 'devices', 0, 'deviceAlias'], 'key')).toEqual({ file: 'm.yaml', line: 5, col: 11 });
    // Unknown paths fall back to their nearest ancestor.
    expect(positionInFile(source, ['merchants', 0, 'devices', 3, 'deviceName'])).toEqual({ file: 'm.yaml', line: 5, col: 7 });
    expect(positionInFile(source, ['merchants', 0, 'nope'])).toEqual({ file: 'm.yaml', line: 3, col: 5 });
  });

  it('reports a duplicate key with the position of its first spelling, keys compared as text', () => {
    const { diagnostics } = parseYaml('x: 0\n1: a\ny: 0\n"1": b\n', 'dup.yaml');
    expect(diagnostics.map(formatDiagnostic)).toEqual(['dup.yaml:4:1: ["1"]: duplicate key "1" (first set at line 2, column 1); remove one of them']);
  });

  it('places the first of two duplicate keys where it was read, whatever anchors do later', () => {
    const redefined = parseYaml('x: &k a\nm:\n  z: 0\n  *k : 1\n  n: &k b\n  a: 2\n', 'anchors.yaml');
    expect(redefined.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('duplicate key "a" (first set at line 4, column 3)')]);
    const early = parseYaml('m:\n  z: 0\n  *a : 1\n  x: 1\n  y: &a x\n  x: 2\n', 'early.yaml');
    expect(early.diagnostics.map((d) => d.message)).toContainEqual(expect.stringContaining('duplicate key "x" (first set at line 4, column 3)'));
  });

  it('leaves process.env as it found it (the parse hides it from the yaml package)', () => {
    const env = process.env;
    parseYaml('a: 1\n', 'env.yaml');
    parseYaml('a: [\n', 'broken.yaml');
    expect(process.env).toBe(env);
  });

  it('finds a method key written "1" under its normalised spelling "01"', () => {
    const { source } = parseYaml('methods:\n  1: { emvs: [a] }\n', 'p.yaml');
    expect(positionInFile(source, ['methods', '01', 'emvs', 0])).toEqual({ file: 'p.yaml', line: 2, col: 15 });
  });

  it('expands aliases to separate copies, positioned at the anchor', () => {
    const { value, source, diagnostics } = parseYaml('a: &x { k: [1, 2] }\nb: *x\n', 'f.yaml');
    expect(diagnostics).toEqual([]);
    const data = value as { a: { k: number[] }; b: { k: number[] } };
    expect(data.b).toEqual({ k: [1, 2] });
    expect(data.b).not.toBe(data.a);
    expect(positionInFile(source, ['b', 'k', 1])).toEqual({ file: 'f.yaml', line: 1, col: 16 });
  });

  it('resolves an alias to the last anchor of that name before it', () => {
    const { value } = parseYaml('a: &x 1\nb: *x\nc: &x 2\nd: *x\n', 'f.yaml');
    expect(value).toEqual({ a: 1, b: 1, c: 2, d: 2 });
  });

  it('allows generous alias reuse but stops an exponential expansion quickly', () => {
    const reuse = ['shared: &s { terminalCountryCode: "0840", txnCurrencyCode: "0840" }', 'devices:']
      .concat(Array.from({ length: 5000 }, () => '  - *s'))
      .join('\n');
    expect(parseYaml(reuse, 'ok.yaml').diagnostics).toEqual([]);
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++) levels.push(`l${i}: &l${i} [${Array(10).fill(i === 1 ? '*a' : `*l${i - 1}`).join(', ')}]`);
    const bomb = parseYaml(levels.join('\n'), 'bomb.yaml');
    expect(bomb.value).toBeUndefined();
    expect(bomb.diagnostics.map(formatDiagnostic)).toEqual([expect.stringMatching(/^bomb\.yaml:\d+:\d+: l\d+(\[\d+\])?: aliases expand to more than 100000 values/)]);
  });

  it('gives aliases the same budget wherever they sit in the file', () => {
    // 5 × 26,000 values through aliases, in a file of about 56,000 written values: within four times
    // the file, so allowed, though the aliases come before most of the values.
    const list = `[${Array.from({ length: 26_000 }, (_, i) => i).join(', ')}]`;
    const tail = `[${Array.from({ length: 30_000 }, (_, i) => i).join(', ')}]`;
    const early = [`a: &x ${list}`, 'b1: *x', 'b2: *x', 'b3: *x', 'b4: *x', 'b5: *x', `c: ${tail}`].join('\n');
    const late = [`c: ${tail}`, `a: &x ${list}`, 'b1: *x', 'b2: *x', 'b3: *x', 'b4: *x', 'b5: *x'].join('\n');
    expect(parseYaml(early, 'early.yaml').diagnostics).toEqual([]);
    expect(parseYaml(late, 'late.yaml').diagnostics).toEqual([]);
  });

  it('never lets a key reach Object.prototype', () => {
    const { value, diagnostics } = parseYaml('__proto__: { polluted: true }\nconstructor: { prototype: { polluted: true } }\nok: 1\n', 'p.yaml');
    expect(diagnostics.map((d) => d.message)).toEqual([
      '__proto__: key "__proto__" is not allowed (it is a reserved JavaScript property name)',
      'constructor: key "constructor" is not allowed (it is a reserved JavaScript property name)',
    ]);
    expect(value).toEqual({ ok: 1 });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('reports every syntax error with its position and no data', () => {
    const result = parseYaml('a: [1, 2\nb: : c\n', 's.yaml');
    expect(result.value).toBeUndefined();
    expect(result.diagnostics.length).toBeGreaterThan(0);
    for (const d of result.diagnostics) expect(d.message).toMatch(/^invalid YAML: /);
  });

  it('reports a document nested beyond what the parser can read once', () => {
    const result = parseYaml(`a: ${'['.repeat(5000)}${']'.repeat(5000)}\n`, 'deep.yaml');
    expect(result.value).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]?.message).toMatch(/nested too deeply|nested more than 64 levels/);
  });
});

describe('readManifestText', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'paycfg-read-yaml-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a file over 50 MiB without reading it', async () => {
    expect(MAX_FILE_BYTES).toBe(50 * 1024 * 1024);
    const file = path.join(dir, 'huge.yaml');
    await writeFile(file, '');
    await truncate(file, MAX_FILE_BYTES + 1); // sparse: no disk space, no read
    const result = await readManifestText(file, 'huge.yaml');
    expect('unreadable' in result && [formatDiagnostic(result.unreadable)]).toEqual([
      'huge.yaml:1:1: file is 50 MiB, over the limit of 50 MiB for one manifest file; split it into several files',
    ]);
  });

  it('refuses text that is not UTF-8 at the byte that is not', async () => {
    const file = path.join(dir, 'latin1.yaml');
    const text = 'version: 1\nmerchants:\n  - providerReference: m-1\n    mchName: "Caf\u00e9 Müller"\n';
    // Latin-1: é is the one byte 0xE9, on line 4 after `    mchName: "Caf` (the ü after it is UTF-8, but the first bad byte is the one shown).
    await writeFile(file, Buffer.concat([Buffer.from(text.slice(0, text.indexOf('\u00e9'))), Buffer.from([0xe9]), Buffer.from(text.slice(text.indexOf('\u00e9') + 1))]));
    const result = await readManifestText(file, 'latin1.yaml');
    expect('unreadable' in result && [formatDiagnostic(result.unreadable)]).toEqual([
      'latin1.yaml:4:18: file is not valid UTF-8 text: byte 0xE9 here does not start or continue a UTF-8 character ' +
        '(a Latin-1 or Windows-1252 file writes "é" as the one byte 0xE9); save the file as UTF-8',
    ]);
  });

  it.each([
    ['0xC0 0xAF, an overlong "/"', [0xc0, 0xaf], 'C0'],
    ['a UTF-8-encoded surrogate', [0xed, 0xa0, 0x80], 'ED'],
    ['a code point over U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 'F4'],
    ['a sequence cut short by the line end', [0xe2, 0x82], 'E2'],
  ])('finds %s as the first byte that is not UTF-8', async (_, bad, first) => {
    const file = path.join(dir, 'bad.yaml');
    await writeFile(file, Buffer.concat([Buffer.from('a: 1\nb: "\u00fc'), Buffer.from(bad), Buffer.from('"\n')]));
    const result = await readManifestText(file, 'bad.yaml');
    expect('unreadable' in result && formatDiagnostic(result.unreadable)).toMatch(new RegExp(`^bad\\.yaml:2:6: file is not valid UTF-8 text: byte 0x${first} here`));
  });

  it.each([
    ['with a byte order mark, little-endian', Buffer.from('\ufeffversion: 1\n', 'utf16le'), 'starts with a UTF-16 byte order mark'],
    ['with a byte order mark, big-endian', Buffer.from('\ufeffversion: 1\n', 'utf16le').swap16(), 'starts with a UTF-16 byte order mark'],
    ['without a mark', Buffer.from('version: 1\n', 'utf16le'), 'looks like UTF-16 (every other byte of its first characters is NUL)'],
  ])('refuses UTF-16 text %s', async (_, bytes, why) => {
    const file = path.join(dir, 'utf16.yaml');
    await writeFile(file, bytes);
    const result = await readManifestText(file, 'utf16.yaml');
    expect('unreadable' in result && formatDiagnostic(result.unreadable)).toBe(`utf16.yaml:1:1: file is not UTF-8 text: it ${why}; save it as UTF-8`);
  });

  it('reads UTF-8 with a byte order mark', async () => {
    const file = path.join(dir, 'bom.yaml');
    await writeFile(file, Buffer.from('\ufeffversion: 1\n'));
    const result = await readManifestText(file, 'bom.yaml');
    expect('text' in result && result.text).toBe('version: 1\n');
  });
});
