/**
 * docs/manifest-reference.md is generated (scripts/generate-manifest-docs.ts): it must match what the model,
 * the wire mapping and examples/basic give today, cover every field of the JSON Schema, and show
 * examples that load. The wire mapping (src/manifest/wire-mapping.ts) is checked against the bodies
 * the kinds' modules (src/kinds/) build from a manifest that sets every field.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_FILE,
  MANIFEST_DOCS_FILE,
  TOP_LEVEL_EXAMPLE,
  manifestExamples,
  renderManifestDocs,
  repositoryRoot,
  typeInWords,
} from '../../scripts/generate-manifest-docs.js';
import { IdRegistry } from '../../src/apply/id-registry.js';
import { acquirerCreateBody } from '../../src/kinds/acquirer.js';
import { bindingBody } from '../../src/kinds/binding.js';
import { deviceCreateBody } from '../../src/kinds/device.js';
import { emvCreateBody } from '../../src/kinds/emv.js';
import { merchantBody } from '../../src/kinds/merchant.js';
import { buildDesiredState } from '../../src/desired/build-desired.js';
import { buildManifestJsonSchema, loadManifest } from '../../src/manifest/index.js';
import { MANIFEST_ON_THE_WIRE, type WireSection } from '../../src/manifest/wire-mapping.js';
import type { AcquirerFields, BindingFields, DeviceFields, EmvFields, MerchantFields } from '../../src/model/state.js';
import { EXAMPLES_ENV } from '../helpers/example-secrets.js';

type Schema = { properties?: Record<string, unknown>; anyOf?: Schema[] };
const jsonSchema = buildManifestJsonSchema() as Schema & { definitions: Record<string, Schema> };
const exampleText = readFileSync(path.join(repositoryRoot, EXAMPLE_FILE), 'utf8');

/** Every object of the JSON Schema with named fields, by section id (a nullable object by its object branch). */
function objectsOfTheSchema(): Map<string, string[]> {
  const out = new Map<string, string[]>([['Manifest', Object.keys(jsonSchema.properties ?? {})]]);
  for (const [id, definition] of Object.entries(jsonSchema.definitions)) {
    const object = definition.properties !== undefined ? definition : definition.anyOf?.find((branch) => branch.properties !== undefined);
    if (object?.properties !== undefined) out.set(id, Object.keys(object.properties));
  }
  return out;
}

function loadText(text: string, env: Record<string, string> = {}) {
  return loadManifest(['-'], { env, cwd: repositoryRoot, readStdin: async () => text });
}

describe('docs/manifest-reference.md', () => {
  it('is what npm run docs:manifest writes today', () => {
    const committed = readFileSync(path.join(repositoryRoot, MANIFEST_DOCS_FILE), 'utf8');
    expect(committed === renderManifestDocs(), `${MANIFEST_DOCS_FILE} is stale: run npm run docs:manifest and commit it`).toBe(true);
  });

  it('changes when the example it quotes changes', () => {
    const edited = exampleText.replace('deviceName: Front till', 'deviceName: Back till');
    expect(edited).not.toBe(exampleText);
    expect(renderManifestDocs(edited)).toContain('deviceName: Back till');
  });

  it('has a row for every field of every object of the JSON Schema, under that object', () => {
    const docs = renderManifestDocs();
    const sections = docs.split(/\n## /);
    for (const [id, fields] of objectsOfTheSchema()) {
      const wire = MANIFEST_ON_THE_WIRE[id as WireSection];
      expect(wire, `src/manifest/wire-mapping.ts has no section ${id}`).toBeDefined();
      expect(Object.keys(wire.fields).sort(), `wire mapping of ${id}`).toEqual([...fields].sort());
      const section = sections.find((text) => text.includes(`Requests: ${wire.requests}`));
      expect(section, `docs section of ${id}`).toBeDefined();
      for (const field of fields) expect(section, `${id}.${field}`).toMatch(new RegExp(`\\n\\| \`${field}\`( \\*\\*Secret\\*\\*)? \\|`));
    }
    expect(Object.keys(MANIFEST_ON_THE_WIRE).sort()).toEqual([...objectsOfTheSchema().keys()].sort());
  });

  it('reads "any value" for no field unless its schema takes any value; numbers with their bounds', () => {
    /** A schema that constrains nothing (no type, reference, choice or value), anywhere a value may stand in it. */
    const takesAnything = (schema: Schema & Record<string, unknown>): boolean => {
      if (!['type', '$ref', 'allOf', 'anyOf', 'oneOf', 'enum', 'const'].some((key) => key in schema)) return true;
      const inner = [schema['items'], schema['additionalProperties'], ...(schema.anyOf ?? [])].filter((s): s is Schema => typeof s === 'object' && s !== null);
      return inner.some((s) => takesAnything(s as Schema & Record<string, unknown>));
    };
    const fieldsOf = (id: string): Record<string, Schema & Record<string, unknown>> => {
      const definition = id === 'Manifest' ? jsonSchema : jsonSchema.definitions[id]!;
      const object = definition.properties !== undefined ? definition : definition.anyOf!.find((branch) => branch.properties !== undefined)!;
      return object.properties as Record<string, Schema & Record<string, unknown>>;
    };
    const worded: string[] = [];
    for (const id of objectsOfTheSchema().keys()) {
      for (const [field, schema] of Object.entries(fieldsOf(id))) {
        const words = typeInWords(schema as Parameters<typeof typeInWords>[0]);
        worded.push(words);
        if (words.includes('any value')) expect(takesAnything(schema), `${id}.${field} reads "${words}"`).toBe(true);
      }
    }
    expect(worded.length).toBeGreaterThan(50);
    const docs = renderManifestDocs();
    expect(docs).toMatch(/\n\| `maxDeletes` \| integer ≥ 0 \|/);
    expect(docs).toMatch(/\n\| `maxAffectedTerminals` \| integer ≥ 0 \|/);
  });

  it('marks the secret fields', () => {
    const docs = renderManifestDocs();
    expect(docs).toContain('| `deviceAdmin` **Secret** |');
    expect(docs).toContain('| `passcode` **Secret** |');
    expect(docs).not.toContain('| `mchName` **Secret** |');
  });

  it('shows only examples that load: the top level on its own, the others as they stand in examples/basic', async () => {
    const docs = renderManifestDocs();
    const blocks = [...docs.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]);
    const examples = manifestExamples(exampleText);
    expect(blocks).toEqual(examples.map((example) => example.yaml.trimEnd() + '\n'));

    const top = await loadText(TOP_LEVEL_EXAMPLE);
    expect(top.manifest.prune).toEqual({ emvConfigs: false, acquirerProfiles: true, merchants: false, activatedDevices: 'logout' });
    await loadManifest([EXAMPLE_FILE], { env: EXAMPLES_ENV, cwd: repositoryRoot });

    const basic = parseDocument(exampleText).toJS() as Record<string, unknown>;
    for (const example of examples.filter((e) => e.from !== undefined)) {
      const shown = Object.values(parse(example.yaml) as Record<string, unknown[]>)[0]![0] as Record<string, unknown>;
      const original = { ...(parseDocument(exampleText).getIn(example.from!) as { toJSON(): Record<string, unknown> }).toJSON() };
      for (const key of example.omit ?? []) delete original[key];
      expect(shown, `example of ${example.id}`).toEqual(original);
    }
    expect(basic['version']).toBe(1);
  });
});

/** Sets every field the model has, so that every mapped wire field is built. */
const EVERY_FIELD = `
version: 1
group: G-00000001
protect: [merchant/shop]
moved: [{ from: acquirer/old-host, to: acquirer/host }]
safety: { maxDeletes: 3, maxAffectedTerminals: 500 }
policies: [{ pack: builtin, levels: { plan-terminal-reach: mandatory }, config: { maxTerminals: 250 } }]
emvConfigs:
  - { emvName: visa, paymentMethod: 1, currency: USD, params: { aid: A0000000031010, flag: true } }
acquirerProfiles:
  - profileName: host
    acqType: card
    currency: USD
    connMessageFormat: HOSTA_8583
    connUrl: https://host.example/iso
    notifyUrl: https://pbo.example/notify
    connExtraParams: { nii: "003" }
    enablerMsgFormat: HOSTA
    enablerParams: [tid]
    asDefault: true
    asSettleBlock: false
    methods: { "01": { emvs: [visa], allows: [sale] } }
merchants:
  - providerReference: m1
    mchName: Shop
    currency: USD
    contactName: Jane
    contactEmail: jane@shop.example
    mcc: "5814"
    region: east
    timeZone: Europe/Paris
    country: US
    transType: sale
    contactPhone: "+1 555"
    contactAddress: 1 Main St
    receiptLogo: https://shop.example/logo.png
    receiptInfo: Thanks
    state: 1
    passcode: \${PASSCODE}
    mdr: "1.5"
    merchantType: retail
    additionalData: { tier: gold }
    skipRules: [{ rule: merchant-category-code, reason: a code assigned after the shipped list }]
    bindings:
      - { acquirer: host, currency: USD, mid: "0001", methods: { "01": { emvs: [visa] } } }
    devices:
      # The real documentation's names of the netD… parameters, on a device of their own (a device writes one name of each).
      - { deviceAlias: kiosk, emvParams: { amexFloorLimit: "00000000", amexExReaderCapability: 1, amexReaderCapability: "1" } }
      - deviceAlias: till
        deviceName: Till
        deviceType: COTS
        operatingMode: standalone
        methods: ["01"]
        deviceAdmin: \${ADMIN}
        acquirerFields: { host: { tid: "0001" } }
        emvParams:
          netDFloorLimit: "00000000"
          terminalCountryCode: "0840"
          txnCurrencyCode: "0840"
          netDExReaderCapability: 1
          netDReaderCapability: "1"
          terminalType: "22"
          terminalCapability: E0F8C8
          emvFlags: "0"
`;

/** Whether a dotted path (`<id>` for any key) leads to a value in a body. */
function hasPath(body: unknown, dotted: string): boolean {
  let values: unknown[] = [body];
  for (const segment of dotted.split('.')) {
    values = values.flatMap((value) => {
      if (value === null || typeof value !== 'object') return [];
      const record = value as Record<string, unknown>;
      if (segment === '<id>') return Object.values(record);
      return Object.hasOwn(record, segment) ? [record[segment]] : [];
    });
  }
  return values.length > 0;
}

describe('the wire mapping', () => {
  it('names the fields of the request bodies the kinds build, and every field those bodies carry', async () => {
    const loaded = await loadText(EVERY_FIELD, { PASSCODE: '4821', ADMIN: 'admin-pw' });
    // Every field of every object is set: a field left out here would go unchecked.
    for (const [id, fields] of objectsOfTheSchema()) {
      if (id === 'PrunePolicy' || id === 'Manifest') continue;
      for (const field of fields) expect(EVERY_FIELD, `${id}.${field} is set`).toMatch(new RegExp(`\\b${field}:`));
    }
    const desired = buildDesiredState(loaded);
    const ids = new IdRegistry();
    ids.setEmv('visa', 7);
    ids.setProfile('host', 11);
    const bodies: Partial<Record<WireSection, Record<string, unknown>>> = {};
    for (const resource of desired.resources.values()) {
      if (resource.kind === 'emv') bodies.EmvConfig = { ...emvCreateBody(resource.key, resource.fields as EmvFields) };
      if (resource.kind === 'acquirer') bodies.AcquirerProfile = { ...acquirerCreateBody(resource.key, resource.fields as AcquirerFields, ids) };
      if (resource.kind === 'merchant') bodies.Merchant = { ...merchantBody(resource.key, resource.fields as MerchantFields) };
      if (resource.kind === 'binding') bodies.Binding = { ...bindingBody(resource.fields as BindingFields, ids) };
      if (resource.kind === 'device') bodies.Device = { ...deviceCreateBody('M-1', resource.fields as DeviceFields, ids) };
    }
    bodies.DeviceEmvParams = bodies.Device;
    const outsideTheManifest: Partial<Record<WireSection, string[]>> = { Device: ['mchId'] };
    for (const [id, body] of Object.entries(bodies) as [WireSection, Record<string, unknown>][]) {
      const fields = Object.entries(MANIFEST_ON_THE_WIRE[id].fields) as [string, { sentAs: readonly string[] }][];
      for (const [field, { sentAs }] of fields) {
        for (const wirePath of sentAs) expect(hasPath(body, wirePath), `${id}.${field} → ${wirePath}`).toBe(true);
      }
      if (id === 'DeviceEmvParams') continue;
      const mapped = new Set([...fields.flatMap(([, { sentAs }]) => sentAs.map((p) => p.split('.')[0]!)), ...(outsideTheManifest[id] ?? [])]);
      for (const key of Object.keys(body)) expect(mapped.has(key), `${id} body field ${key} is in the wire mapping`).toBe(true);
    }
    expect(Object.keys(bodies).sort()).toEqual(['AcquirerProfile', 'Binding', 'Device', 'DeviceEmvParams', 'EmvConfig', 'Merchant']);
  });
});
