import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Lexer, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseManifestPieces, parseYamlData, parseYamlDocument } from '../../src/manifest/read-yaml.js';
import { cutManifestPieces, type ItemPiece } from '../../src/manifest/yaml-pieces.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Texts where a line looks like an item but is not one, or where items sit in unusual places. */
const TRICKY: Record<string, string> = {
  'block scalar holding item lines': 'version: 1\nmerchants:\n  - providerReference: a\n    receiptInfo: |\n      - not an item\n  - providerReference: x\n    mchName: x\n  - providerReference: b\n',
  'folded scalar and blank lines': 'merchants:\n  - a: >\n      folded\n\n      - text\n\n  - b: 2\n',
  'quoted scalar across lines': 'merchants:\n  - a: "one\n      - two"\n  - b: \'three\n      - four\'\n',
  'broken: quoted scalar continued at the item column': 'merchants:\n  - a: "one\n  - two"\n  - b: 1\n',
  'flow sequence across lines': 'merchants:\n  - a: [1,\n      -2]\n  - b: { c: 1,\n      d: 2 }\n',
  'plain scalar across lines': 'merchants:\n  - a: first\n      - still a\n  - b: 2\n',
  'comments between items and keys': 'version: 1 # v\n# top\nmerchants: # list\n# at column 0\n  - a: 1 # one\n\n# between\n  - b: 2\n# after\nprune: { merchants: true }\n',
  'items at column 0': 'emvConfigs:\n- emvName: a\n  params: {}\n- emvName: b\nmerchants:\n- providerReference: m\n',
  'nested sequences': 'merchants:\n  - - 1\n    - 2\n  - devices:\n      - deviceAlias: a\n      - deviceAlias: b\n',
  'CRLF line ends': 'version: 1\r\nmerchants:\r\n  - a: 1\r\n  - b: 2\r\n',
  'empty items': 'merchants:\n  -\n  - ~\n  - a: 1\n',
  'a key with a mapping under it': 'prune:\n  merchants: true\n  emvConfigs: false\nmerchants:\n  - a: 1\n',
  'a key with a flow value and one with a block scalar': 'group: G-1\nnote: |\n  - x\n  - y\nmerchants:\n  - a: 1\n',
  'numbers JSON cannot hold': 'merchants:\n  - a: .inf\n    b: -0\n    c: .nan\n',
  'no final line break': 'merchants:\n  - a: 1\n  - b: 2',
  'keys that YAML reads as numbers': 'merchants:\n  - methods:\n      1: { emvs: [a] }\n      "02": { emvs: [b] }\n',
  'broken: bad indentation inside an item': 'merchants:\n  - a: 1\n     b: 2\n  - c: 3\n',
  'broken: duplicate keys in items': 'merchants:\n  - a: 1\n    a: 2\n  - b: 1\n    b: 2\n',
  'broken: duplicate top-level key': 'merchants:\n  - a: 1\nmerchants:\n  - b: 1\n',
  'broken: unclosed flow': 'merchants:\n  - a: [1, 2\n  - b: 3\n',
  'broken: item less indented': 'merchants:\n    - a: 1\n  - b: 2\n',
  'broken: reserved key': 'merchants:\n  - __proto__: { polluted: true }\n',
  'broken: merge key': 'merchants:\n  - <<: { a: 1 }\n',
  'lexed apart: a quoted scalar ending in an escaped quote': 'merchants:\n  - a: "abc\\"\n  - b: "y"\n',
  'deep nesting': `merchants:\n  - a: ${'['.repeat(62)}${']'.repeat(62)}\n`,
  'too deep': `merchants:\n  - a: ${'['.repeat(63)}${']'.repeat(63)}\n`,
};

/** Texts the cut must leave whole: their meaning can span items, or the cut does not model them. */
const WHOLE: Record<string, string> = {
  anchors: 'emvConfigs:\n  - &e { emvName: a }\nmerchants:\n  - *e\n',
  tags: 'merchants: !!seq\n  - a: 1\n',
  'document start': '---\nmerchants:\n  - a: 1\n',
  directive: '%YAML 1.2\n---\nmerchants:\n  - a: 1\n',
  'tab indentation': 'merchants:\n\t- a: 1\n',
  'byte order mark': '\ufeffmerchants:\n  - a: 1\n',
  'complex key': '? merchants\n: - a: 1\n',
  'quoted top-level key': '"merchants":\n  - a: 1\n',
  'flow top level': '{ merchants: [ { a: 1 } ] }\n',
  'a sequence at the top': '- a: 1\n- b: 2\n',
  'no sequence': 'version: 1\ngroup: G-1\n',
  'a tab line under a block scalar, which the lexer reads on to the next content': 'merchants:\n- a: |\n    x\n\t\n  - y\n',
  'control characters the lexer uses as marks': 'merchants:\n  - | \x02\n    x\n  - b\n',
};

function corpus(): Record<string, string> {
  const texts: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.ya?ml$/.test(entry)) texts[path.relative(ROOT, file)] = readFileSync(file, 'utf8');
    }
  };
  walk(path.join(ROOT, 'examples'));
  walk(path.join(ROOT, 'test/fixtures/manifests'));
  return texts;
}

/** The cut with every item kept, grouped by key; undefined when the text is to be parsed whole. */
function cutAll(text: string): { skeleton: string; sequences: { key: string; items: ItemPiece[] }[] } | undefined {
  const sequences: { key: string; items: ItemPiece[] }[] = [];
  const skeleton = cutManifestPieces(text, (item) => {
    if (sequences.at(-1)?.key !== item.key) sequences.push({ key: item.key, items: [] });
    sequences.at(-1)?.items.push(item);
    return true;
  });
  return skeleton === undefined ? undefined : { skeleton, sequences };
}

describe('cutManifestPieces', () => {
  it('cuts each top-level block sequence into its items and leaves the keys in the skeleton', () => {
    const text = 'version: 1\nemvConfigs:\n  - emvName: a\n    params: {}\n  - emvName: b\nmerchants:\n  - providerReference: m\nprune: { merchants: true }\n';
    const pieces = cutAll(text);
    expect(pieces?.skeleton).toBe('version: 1\nemvConfigs:\nmerchants:\nprune: { merchants: true }\n');
    expect(pieces?.sequences.map(({ key, items }) => ({ key, items: items.map((item) => item.text) }))).toEqual([
      { key: 'emvConfigs', items: ['  - emvName: a\n    params: {}\n', '  - emvName: b\n'] },
      { key: 'merchants', items: ['  - providerReference: m\n'] },
    ]);
  });

  it('does not take a line for an item when it is inside a scalar or a flow collection', () => {
    const pieces = cutAll(TRICKY['block scalar holding item lines']!);
    expect(pieces?.sequences[0]?.items.map((item) => item.text)).toEqual([
      '  - providerReference: a\n    receiptInfo: |\n      - not an item\n',
      '  - providerReference: x\n    mchName: x\n',
      '  - providerReference: b\n',
    ]);
    expect(cutAll(TRICKY['quoted scalar across lines']!)?.sequences[0]?.items).toHaveLength(2);
    expect(cutAll(TRICKY['flow sequence across lines']!)?.sequences[0]?.items).toHaveLength(2);
  });

  // Control marks the lexer adds (document mode, scalar, flow end): they stand for no text.
  const written = (tokens: readonly string[]): string => tokens.filter((token) => !/^[\x02\x18\x1f]$/.test(token)).join('');
  // Only texts that are cut: the others have no items whose tokens could be checked.
  const cutTexts = Object.entries({ ...TRICKY, ...corpus() }).filter(([, text]) => cutAll(text) !== undefined);
  it('cuts every example whose top-level lists are written in block style', () => {
    const examples = Object.entries(corpus()).filter(([name, text]) => name.startsWith('examples/') && /^(merchants|emvConfigs|acquirerProfiles):\n\s*- /m.test(text));
    expect(examples.length).toBeGreaterThan(0);
    for (const [name] of examples) expect(cutTexts.map(([cutName]) => cutName)).toContain(name);
  });

  it.each(cutTexts)('gives each item the tokens of its own text, and only those: %s', (_, text) => {
    const items = cutAll(text)?.sequences.flatMap((sequence) => sequence.items) ?? [];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(written(item.tokens), item.text).toBe(item.text);
  });

  // On broken YAML the lexer can read an item's line differently in the file than alone (it reads a
  // line by what came before it); the tokens are then still the whole file's, which is what counts.
  const valid = cutTexts.filter(([name]) => !/^(broken|too deep|lexed apart|test\/)/.test(name));
  it.each(valid)("gives each item of valid YAML the tokens the yaml lexer yields for the item's text alone: %s", (_, text) => {
    const items = cutAll(text)?.sequences.flatMap((sequence) => sequence.items) ?? [];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.tokens, item.text).toEqual([...new Lexer().lex(item.text)]);
  });

  it('hands on each item as soon as the next starts, before it knows the whole text can be cut', () => {
    const seen: string[] = [];
    expect(cutManifestPieces('merchants:\n  - a: 1\n  - b: 2\nx: &y 1\n', (item) => seen.push(item.text) > 0)).toBeUndefined();
    expect(seen).toEqual(['  - a: 1\n', '  - b: 2\n']);
  });

  it('stops at the first item the sink refuses', () => {
    const seen: string[] = [];
    const text = 'merchants:\n  - a: 1\n  - b: 2\n  - c: 3\nemvConfigs:\n  - d: 4\n';
    expect(cutManifestPieces(text, (item) => seen.push(item.text) < 2)).toBeUndefined();
    expect(seen).toEqual(['  - a: 1\n', '  - b: 2\n']);
  });

  it.each(Object.entries(WHOLE))('leaves the text whole: %s', (_, text) => {
    expect(cutAll(text)).toBeUndefined();
  });
});

describe('parseYamlData', () => {
  const cases = { ...TRICKY, ...WHOLE, ...corpus() };

  it.each(Object.entries(cases))('reads %s exactly as the whole document', (name, text) => {
    const whole = parseYamlDocument(text, name);
    // A control character in the text is refused before any parse (see control-characters.ts);
    // the pieces must still read such a text exactly as the whole document does.
    if (name.startsWith('control characters')) expect(parseYamlData(text, name).diagnostics).toMatchObject([{ message: expect.stringMatching(/U\+0002/) }]);
    else expect(parseYamlData(text, name)).toEqual(whole);
    if (!(name in TRICKY)) return;
    // Valid texts are read piece by piece; a piece with a problem sends the file back to a whole parse.
    const piecewise = parseManifestPieces(text, name);
    if (/^(broken|too deep)/.test(name)) {
      expect(piecewise).toBeUndefined();
    } else {
      expect(whole.diagnostics).toEqual([]);
      expect(piecewise).toEqual(whole);
    }
  });

  it('reads a generated 300-merchant manifest exactly as the whole document', () => {
    const device = (m: number, d: number) =>
      `      - deviceAlias: till-${d}\n        methods: [ "01", "02" ]\n        acquirerFields:\n          host-a: { tid: "${m}${d}" }\n        deviceAdmin: \${ADMIN}\n`;
    const merchant = (m: number) =>
      `  - providerReference: m-${m}\n    mchName: "Shop ${m}"\n    bindings:\n      - acquirer: host-a\n        currency: USD\n        methods:\n          "01": { emvs: [ visa ] }\n    devices:\n${device(m, 1)}${device(m, 2)}`;
    const text = `version: 1\nmerchants:\n${Array.from({ length: 300 }, (_, m) => merchant(m)).join('')}`;
    const pieces = cutAll(text);
    expect(pieces?.sequences[0]?.items).toHaveLength(300);
    expect(parseManifestPieces(text, 'gen.yaml')).toEqual(parseYamlDocument(text, 'gen.yaml'));
  });
});

describe('parseYamlData on generated documents', () => {
  /** A fixed-seed generator, so that a failure names a document that can be found again. */
  function generator(seed: number) {
    let state = seed;
    const next = (): number => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    // Strings that look like YAML structure once written out: items, comments, keys, markers, line breaks.
    const strings = ['a', 'x y', '- dash', '  - item', 'line1\nline2', 'line1\n  - line2\n', '# not a comment', 'key: value', '"quoted"', "it's", '', ' lead', 'trail ', '01', 'true', 'null', '1e3', '~', 'a'.repeat(90), 'é ü', '[x]', '{y}', '&a', '*b', '!t', '%d', '---', '...', '? q'];
    const value = (depth: number): unknown => {
      const r = next();
      if (depth > 3 || r < 0.4) return pick<unknown>([pick(strings), Math.floor(next() * 1000), next() < 0.5, null, 1.5, -3]);
      if (r < 0.7) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, () => [pick(strings.filter((text) => text !== '')), value(depth + 1)]));
    };
    return (): string => {
      const doc: Record<string, unknown> = {};
      for (const key of ['version', 'merchants', 'emvConfigs', 'other']) {
        if (next() < 0.8) doc[key] = key === 'version' ? 1 : Array.from({ length: 1 + Math.floor(next() * 4) }, () => value(1));
      }
      return stringify(doc, {
        lineWidth: pick([0, 20, 40, 80]),
        indent: pick([2, 4]),
        indentSeq: next() < 0.5,
        defaultKeyType: 'PLAIN',
        defaultStringType: pick(['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'] as const),
        collectionStyle: pick(['any', 'block', 'block', 'flow'] as const),
      });
    };
  }

  it('reads 400 generated documents exactly as whole documents, most of them piece by piece', () => {
    const generate = generator(20261123);
    let piecewise = 0;
    for (let i = 0; i < 400; i++) {
      const text = generate();
      expect(parseYamlData(text, 'generated.yaml'), text).toEqual(parseYamlDocument(text, 'generated.yaml'));
      const pieces = cutAll(text);
      for (const { items } of pieces?.sequences ?? []) {
        for (const item of items) expect(item.tokens, item.text).toEqual([...new Lexer().lex(item.text)]);
      }
      if (parseManifestPieces(text, 'generated.yaml') !== undefined) piecewise++;
    }
    expect(piecewise).toBeGreaterThan(200);
  });
});
