/**
 * The parse cache a fleet run shares between its targets (src/manifest/parse-cache.ts): what it
 * keeps and for how long, and that loads through it give exactly what loads without it give, each
 * with its own values, while the parses it holds stay untouched (they are frozen: a consumer that
 * wrote into one would throw here).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ManifestError, formatDiagnostic, loadManifest, type LoadManifestOptions } from '../../src/manifest/index.js';
import { ParseCache } from '../../src/manifest/parse-cache.js';
import { parseYamlData, type YamlData } from '../../src/manifest/parse-yaml.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/manifests/', import.meta.url));
const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

/** A file of `chars` characters (a YAML comment padded out), its name and number in it. */
function file(name: string, chars: number, n = 0): { name: string; text: string } {
  const head = `version: 1 # ${n} `;
  return { name, text: head + 'x'.repeat(Math.max(0, chars - head.length - 1)) + '\n' };
}

/** Every object and array inside `value` is frozen. */
function deepFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  return Object.isFrozen(value) && Object.values(value).every(deepFrozen);
}

/** A parse through the cache, and whether the cache gave it (no parse). */
function load(cache: ParseCache, f: { name: string; text: string }): { data: YamlData; parsed: boolean } {
  let parsed = false;
  const data = cache.parse(f, (text, name) => {
    parsed = true;
    return parseYamlData(text, name);
  });
  return { data, parsed };
}

describe('ParseCache', () => {
  it('parses a file once for every load of the same name and text, and a file of another name or text apart', () => {
    const cache = new ParseCache();
    const a = file('a.yaml', 100);
    const first = load(cache, a);
    expect(first.parsed).toBe(true);
    for (let i = 0; i < 3; i++) expect(load(cache, { ...a })).toEqual({ data: first.data, parsed: false });
    // Problems name the file, so a file of the same text under another name is its own parse.
    expect(load(cache, { name: 'b.yaml', text: a.text }).parsed).toBe(true);
    expect(load(cache, { name: 'a.yaml', text: `${a.text}# edited\n` }).parsed).toBe(true);
    expect(cache.stats).toMatchObject({ parses: 3, hits: 3, kept: 3, evicted: 0 });
  });

  it('holds every parse it hands out frozen: the value and the problems', () => {
    const cache = new ParseCache();
    const good = load(cache, { name: 'm.yaml', text: 'merchants:\n  - providerReference: m-1\n    devices: [{ deviceAlias: till-1 }]\n' }).data;
    const broken = load(cache, { name: 'b.yaml', text: 'merchants: [\n' }).data;
    expect(deepFrozen(good.value)).toBe(true);
    expect(Object.isFrozen((good.value as { merchants: unknown[] }).merchants[0])).toBe(true);
    expect(broken.diagnostics.length).toBe(1);
    expect(deepFrozen(broken.diagnostics)).toBe(true);
    expect(() => {
      (good.value as { merchants: { providerReference: string }[] }).merchants[0]!.providerReference = 'changed';
    }).toThrow(TypeError);
  });

  it('holds at most its first area of files loaded once: a fleet whose targets each have their own files keeps no more', () => {
    const cache = new ParseCache({ maxFirstChars: 250, maxKeptChars: 1000 });
    for (let i = 0; i < 20; i++) expect(load(cache, file(`own-${i}.yaml`, 100, i)).parsed).toBe(true);
    expect(cache.stats).toMatchObject({ parses: 20, hits: 0, kept: 2, keptChars: 200, evicted: 18 });
  });

  it('keeps a file loaded again after it was pushed out: parsed twice, then never again', () => {
    const cache = new ParseCache({ maxFirstChars: 250, maxKeptChars: 1000 });
    const shared = file('template.yaml', 100);
    expect(load(cache, shared).parsed).toBe(true);
    for (let i = 0; i < 3; i++) load(cache, file(`own-${i}.yaml`, 100, i));
    expect(load(cache, shared).parsed).toBe(true);
    for (let i = 3; i < 10; i++) load(cache, file(`own-${i}.yaml`, 100, i));
    expect(load(cache, shared).parsed).toBe(false);
    expect(cache.stats).toMatchObject({ parses: 12, hits: 1 });
  });

  it('keeps files loaded again within its bound, the one used longest ago let go first', () => {
    const cache = new ParseCache({ maxFirstChars: 1000, maxKeptChars: 250 });
    const files = [0, 1, 2].map((i) => file(`t-${i}.yaml`, 100, i));
    for (const f of files) load(cache, f);
    for (const f of files) expect(load(cache, f).parsed).toBe(false);
    // t-0 was used longest ago: let go for t-2, so loaded again it is a first load once more.
    expect(cache.stats).toMatchObject({ kept: 2, keptChars: 200, evicted: 1 });
    expect(load(cache, files[1]!).parsed).toBe(false);
    expect(load(cache, files[0]!).parsed).toBe(true);
  });

  it('keeps no file larger than its bound', () => {
    const cache = new ParseCache({ maxFirstChars: 100, maxKeptChars: 100 });
    const large = file('large.yaml', 400);
    for (let i = 0; i < 3; i++) expect(load(cache, large).parsed).toBe(true);
    expect(cache.stats).toMatchObject({ parses: 3, hits: 0, kept: 0, keptChars: 0 });
  });
});

/** A load as data: the manifest, its secrets, counts, files and a position, or its problems. */
async function outcome(paths: readonly string[], cwd: string, options: Partial<LoadManifestOptions>): Promise<unknown> {
  try {
    const loaded = await loadManifest(paths, { env: {}, cwd, allowMissingEnv: true, maxFileBytes: 1 << 20, ...options });
    const { manifest, secrets, secretValues, counts, files, missingVariables } = loaded;
    const lastMerchant = manifest.merchants.length - 1;
    return { manifest, secrets, secretValues, counts, files, missingVariables, located: [loaded.locate(['merchants', lastMerchant, 'devices', 0]), loaded.locate.place(['acquirerProfiles', 0, 'acqType'])] };
  } catch (error) {
    if (error instanceof ManifestError) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
}

/** Two targets' values of examples/fleet's template, and what each must come out as. */
const TARGETS = ['nyc', 'ber'].map((name) => ({
  name,
  env: {
    SHOP_NAME: `Coffee ${name}`,
    CONTACT_EMAIL: `ops@${name}.example`,
    COUNTRY: name === 'nyc' ? 'US' : 'DE',
    MID: name === 'nyc' ? '000000000011' : '000000000013',
    ACQUIRER_HOST: `https://acq-${name}.example.com/iso`,
    NOTIFY_URL: `https://${name}.example/notify`,
    TERMINAL_COUNTRY: name === 'nyc' ? '0840' : '0276',
    TILL_ADMIN_PASSWORD: `admin-of-${name}`,
  },
}));

describe('loadManifest through a shared parse cache', () => {
  it('gives each target of a template its own values, as a load of its own does, and the files are parsed once', async () => {
    const cache = new ParseCache();
    const template = ['fleet/template'];
    const files = (await loadManifest(template, { env: TARGETS[0]!.env, cwd: EXAMPLES })).files.length;
    expect(files).toBe(4);
    for (let round = 0; round < 3; round++) {
      for (const target of TARGETS) {
        const shared = await outcome(template, EXAMPLES, { env: target.env, allowMissingEnv: false, parseCache: cache });
        expect(shared, target.name).toEqual(await outcome(template, EXAMPLES, { env: target.env, allowMissingEnv: false }));
        const merchant = (shared as { manifest: { merchants: { mchName: string; devices: { deviceAdmin: string }[] }[] } }).manifest.merchants[0]!;
        expect(merchant.mchName).toBe(`Coffee ${target.name}`);
        expect(merchant.devices[0]!.deviceAdmin).toBe(`admin-of-${target.name}`);
        expect((shared as { secretValues: string[] }).secretValues).not.toContain(`admin-of-${target.name === 'nyc' ? 'ber' : 'nyc'}`);
      }
    }
    expect(cache.stats).toMatchObject({ parses: files, hits: 5 * files, kept: files });
  });

  it('leaves the parses it holds as written, ${NAME} and all', async () => {
    const cache = new ParseCache();
    for (const target of TARGETS) await loadManifest(['fleet/template'], { env: target.env, cwd: EXAMPLES, parseCache: cache });
    const shop = { name: 'fleet/template/merchants/shop.yaml', text: readFileSync(`${EXAMPLES}fleet/template/merchants/shop.yaml`, 'utf8') };
    const held = cache.find(shop).data;
    expect(held).toBeDefined();
    expect(deepFrozen(held!.value)).toBe(true);
    expect(held!.value).toEqual(parseYamlData(shop.text, shop.name).value);
    expect(JSON.stringify(held!.value)).toContain('${TILL_ADMIN_PASSWORD}');
  });

  it('loads every example and every broken manifest of the corpus as without it, on the main thread and in workers', async () => {
    const examples = readdirSync(EXAMPLES).filter((name) => !name.startsWith('.'));
    const broken = readdirSync(FIXTURES).filter((name) => !name.startsWith('.') && !name.endsWith('.expected.txt'));
    const env = { PAYCFG_FIXTURE_SET: 'x', TILL_ADMIN_PIN: 'pin-1', PAYCFG_DEVICE_ADMIN: 'admin-1' };
    // Workers start for each load that has a file to parse: the corpus and one example there, for time.
    for (const workers of ['never', 'always'] as const) {
      const cache = new ParseCache();
      for (let round = 0; round < 2; round++) {
        for (const example of workers === 'never' ? examples : ['fleet']) {
          expect(await outcome([example], EXAMPLES, { env, parse: { workers }, parseCache: cache }), example).toEqual(await outcome([example], EXAMPLES, { env }));
        }
        const corpus = await outcome(broken, FIXTURES, { env, maxFileBytes: 4096, parse: { workers }, parseCache: cache });
        expect(Array.isArray(corpus) && corpus.length).toBeGreaterThan(30);
        expect(corpus).toEqual(await outcome(broken, FIXTURES, { env, maxFileBytes: 4096 }));
      }
      expect(cache.stats.hits, workers).toBeGreaterThan(0);
    }
  });
});
