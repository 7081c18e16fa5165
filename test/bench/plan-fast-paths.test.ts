/**
 * The planner skips work on equal fields and builds create/delete patches directly (see
 * src/plan/diff.ts). Those shortcuts must give exactly what the general path gives: checked here
 * against fast-json-patch on canonical values, over many generated pairs.
 */
import jsonPatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { isPlainObject, scalarsAsText, sortKeys } from '../../src/model/canonical.js';
import { DESCRIPTORS, fieldDescriptor } from '../../src/plan/descriptors.js';
import { comparable, comparableFields, diffFields, patchBetween, sameFieldValue, sameFields } from '../../src/plan/diff.js';
import type { Kind } from '../../src/model/kinds.js';
import { seededRandom } from '../helpers/seeded-random.js';


const KEYS = ['a', 'b', 'emvs', 'allows', 'x/y', 'p~q', '01', 'tid'];
const SCALARS: unknown[] = ['0', 0, '1', 1, true, 'true', false, '', 'emv-a', 'emv-b', null, -0];

function value(random: () => number, depth: number): unknown {
  const r = random();
  if (depth <= 0 || r < 0.45) return SCALARS[Math.floor(random() * SCALARS.length)];
  if (r < 0.7) return Array.from({ length: Math.floor(random() * 3) }, () => value(random, depth - 1));
  const out: Record<string, unknown> = {};
  for (const key of KEYS) if (random() < 0.35) out[key] = random() < 0.1 ? undefined : value(random, depth - 1);
  return out;
}

/** A variant of `v` that is often equal under some rule: same content, other key order, scalars as text, lists shuffled. */
function variant(random: () => number, v: unknown): unknown {
  if (random() < 0.15) return value(random, 2);
  if (typeof v === 'number' || typeof v === 'boolean') return random() < 0.3 ? String(v) : v;
  if (Array.isArray(v)) {
    const items = v.map((item) => variant(random, item));
    return random() < 0.3 ? items.reverse() : items;
  }
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v).map(([k, item]) => [k, variant(random, item)] as const);
    if (random() < 0.5) entries.reverse();
    return Object.fromEntries(entries);
  }
  return v;
}

const same = (a: unknown, b: unknown): boolean => jsonPatch.compare({ v: a } as object, { v: b } as object).length === 0;

describe('sameFieldValue', () => {
  it('agrees with comparing the canonical values, for every comparison rule', () => {
    const random = seededRandom(7);
    const fields: [Kind, string][] = [
      ['acquirer', 'methods'],
      ['device', 'acquirerFields'],
      ['emv', 'params'],
      ['device', 'emvParams'],
      ['device', 'methods'],
      ['merchant', 'additionalData'],
    ];
    let equalPairs = 0;
    for (let i = 0; i < 4000; i += 1) {
      const [kind, field] = fields[i % fields.length]!;
      const a = value(random, 3);
      const b = variant(random, a);
      if (a === undefined || b === undefined) continue;
      const expected = same(comparable(kind, field, a), comparable(kind, field, b));
      const fast = sameFieldValue(kind, field, a, b);
      // For a non-list 'set' value the fast path may answer "different" and leave it to the patch.
      if (DESCRIPTORS[kind][field]?.compare === 'set' && !(Array.isArray(a) && Array.isArray(b))) {
        if (fast) expect(expected).toBe(true);
        continue;
      }
      expect(fast, `${kind}.${field}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(expected);
      if (expected) equalPairs += 1;
    }
    // The generator must exercise both answers, or the test proves nothing.
    expect(equalPairs).toBeGreaterThan(300);
  });
});

describe('comparable', () => {
  // The canonical forms as they were defined before they became copy-on-write: fresh copies throughout.
  function copyingNested(v: unknown): unknown {
    if (Array.isArray(v)) return v.map(copyingNested);
    if (!isPlainObject(v)) return v;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) {
      const item = v[key];
      if (item !== undefined) out[key] = key === 'emvs' && Array.isArray(item) ? [...item].map(String).sort() : copyingNested(item);
    }
    return out;
  }
  function copying(kind: Kind, field: string, v: unknown): unknown {
    switch (fieldDescriptor(kind, field).compare) {
      case 'text':
      case 'subset-text':
        return sortKeys(scalarsAsText(v));
      case 'set':
        return Array.isArray(v) ? [...v].map(String).sort() : v;
      default:
        return copyingNested(v);
    }
  }
  // Integer-like keys ('7', '10'): V8 lists them first in any object, sorted or not.
  const KEYS_OF_ALL_KINDS = ['tid', 'emvs', 'b', '10', 'allows', 'a', '7', 'mid'];
  function anyValue(random: () => number, depth: number): unknown {
    const r = random();
    if (depth <= 0 || r < 0.4) return SCALARS[Math.floor(random() * SCALARS.length)];
    if (r < 0.65) return Array.from({ length: Math.floor(random() * 4) }, () => anyValue(random, depth - 1));
    const keys = random() < 0.5 ? [...KEYS_OF_ALL_KINDS].sort() : KEYS_OF_ALL_KINDS;
    const out: Record<string, unknown> = {};
    for (const key of keys) if (random() < 0.4) out[key] = random() < 0.05 ? undefined : anyValue(random, depth - 1);
    return out;
  }
  function deepFreeze<T>(v: T): T {
    if (v !== null && typeof v === 'object') for (const item of Object.values(v)) deepFreeze(item);
    return Object.freeze(v);
  }
  const hasUndefined = (v: unknown): boolean =>
    v === undefined || (v !== null && typeof v === 'object' && Object.values(v).some(hasUndefined));
  const fields: [Kind, string][] = [
    ['binding', 'methods'],
    ['device', 'acquirerFields'],
    ['emv', 'params'],
    ['device', 'emvParams'],
    ['device', 'methods'],
    ['acquirer', 'enablerParams'],
  ];

  it('gives what fresh copies gave, key order included, without writing to its input', () => {
    const random = seededRandom(23);
    for (let i = 0; i < 6000; i += 1) {
      const [kind, field] = fields[i % fields.length]!;
      const input = deepFreeze(anyValue(random, 3));
      const expected = copying(kind, field, input);
      const got = comparable(kind, field, input);
      expect(JSON.stringify(got), `${kind}.${field}: ${JSON.stringify(input)}`).toBe(JSON.stringify(expected));
      expect(got).toEqual(expected);
    }
  });

  it('returns a value that is canonical already as it is, and copies every other', () => {
    const random = seededRandom(29);
    let shared = 0;
    let copied = 0;
    for (let i = 0; i < 6000; i += 1) {
      const [kind, field] = fields[i % fields.length]!;
      // Half the inputs are canonical forms themselves, so that both answers are exercised.
      const raw = anyValue(random, 3);
      const input = random() < 0.5 ? copying(kind, field, raw) : raw;
      if (input === null || typeof input !== 'object') continue;
      const expected = copying(kind, field, input);
      // A 'set' field that is not a list is taken as it is, by both definitions.
      const canonical = expected === input || (JSON.stringify(expected) === JSON.stringify(input) && !hasUndefined(input));
      const got = comparable(kind, field, input);
      if (canonical) {
        expect(got, JSON.stringify(input)).toBe(input);
        shared += 1;
      } else {
        expect(got, JSON.stringify(input)).not.toBe(input);
        copied += 1;
      }
    }
    expect(shared).toBeGreaterThan(500);
    expect(copied).toBeGreaterThan(500);
  });
});

describe('diffFields', () => {
  it('gives the patch of the canonical values with the types written, empty exactly when they are equal', () => {
    const random = seededRandom(11);
    const kind: Kind = 'device';
    let empty = 0;
    for (let i = 0; i < 1500; i += 1) {
      const live = { deviceAlias: 't', acquirerFields: value(random, 2), emvParams: { a: '1', b: 0 }, methods: ['01', '02'] } as Record<string, unknown>;
      const desired = {
        deviceAlias: 't',
        acquirerFields: variant(random, live['acquirerFields']),
        emvParams: random() < 0.5 ? { b: '0' } : { b: 1 },
        methods: random() < 0.5 ? ['02', '01'] : ['03'],
      } as Record<string, unknown>;
      const diff = diffFields(kind, desired, live);
      // The same operations; a number the canonical form holds as text is shown as the number written.
      const canonical = jsonPatch.compare(comparableFields(kind, diff.before), comparableFields(kind, diff.after)) as Array<{ value?: unknown }>;
      const asCanonical = diff.patch.map((op, i) =>
        'value' in op && typeof op.value === 'number' && typeof canonical[i]?.value === 'string' ? { ...op, value: String(op.value) } : op,
      );
      expect(asCanonical).toEqual(canonical);
      for (const op of diff.patch) if (op.path === '/emvParams/b' && 'value' in op) expect(op.value).toBe((desired['emvParams'] as { b: unknown }).b);
      if (diff.patch.length === 0) empty += 1;
    }
    expect(empty).toBeGreaterThan(50);
  });
});

describe('sameFields', () => {
  it('says "same" exactly when diffFields finds no patch and no immutable change', () => {
    const random = seededRandom(19);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    let same = 0;
    for (let i = 0; i < 3000; i += 1) {
      const live: Record<string, unknown> = {
        deviceAlias: 't',
        emvParams: { a: '1', b: '0', c: 'x' },
        acquirerFields: value(random, 2),
        methods: ['01', '02'],
        deviceAdmin: 'pw',
      };
      const desired: Record<string, unknown> = {
        deviceAlias: pick(['t', 't', 'u']),
        emvParams: pick([{ b: 0 }, { b: '0', a: 1 }, { d: '1' }, { a: undefined }, { c: 'x' }, 'not-an-object']),
        acquirerFields: variant(random, live['acquirerFields']),
        methods: pick([['02', '01'], ['01'], undefined]),
        deviceAdmin: pick(['pw', 'other', undefined]),
      };
      if (random() < 0.2) delete live['emvParams'];
      const diff = diffFields('device', desired, live);
      const expected = diff.patch.length === 0 && diff.immutableChanged.length === 0;
      expect(sameFields('device', desired, live), JSON.stringify({ desired, live })).toBe(expected);
      if (expected) same += 1;
    }
    expect(same).toBeGreaterThan(100);
    const profile = { currency: 'USD', acqType: 'card', methods: { '01': { emvs: ['b', 'a'], allows: [] } } };
    expect(sameFields('acquirer', profile, { ...profile, methods: { '01': { allows: [], emvs: ['a', 'b'] } } })).toBe(true);
    expect(sameFields('acquirer', { ...profile, currency: 'EUR' }, profile)).toBe(false);
  });
});

describe('patchBetween', () => {
  // The plan is a JSON document: the patches must read the same as JSON (fast-json-patch deep-copies
  // values through JSON, which only turns -0 into 0, invisible in JSON).
  const json = (value: unknown): string => JSON.stringify(value);

  it('writes create and delete patches exactly as fast-json-patch does', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 1000; i += 1) {
      const fields = value(random, 3);
      if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) continue;
      const canonical = comparableFields('acquirer', fields as Record<string, unknown>);
      expect(json(patchBetween(null, canonical))).toBe(json(jsonPatch.compare({}, canonical)));
      expect(json(patchBetween(canonical, null))).toBe(json(jsonPatch.compare(canonical, {})));
    }
    expect(patchBetween(null, null)).toEqual([]);
  });
});
