import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { editedText } from '../../src/export/edited-text.js';
import { parseEnvironmentsDocument, setEnvironmentValues } from '../../src/export/environments-edits.js';
import {
  appendEntries,
  ensureGroup,
  entryOf,
  holdsMoreThanItsHeader,
  newManifestDocument,
  parseManifestDocument,
  removeEntries,
  removeTopLevel,
  replaceWithReference,
  updateModeline,
} from '../../src/export/manifest-edits.js';

const ACQUIRERS = `# yaml-language-server: $schema=../schemas/manifest.schema.json
# The acquirer hosts of the PBO.
version: 1
group: G-00000031
acquirerProfiles:
  # The main card host.
  - profileName: host-a
    currency: USD
    connMessageFormat: HOSTA_8583
    connUrl: https://acq-test.example.com/iso # test's host
    methods:
      "01": { emvs: [ visa-usd ] }
  - profileName: host-b
    currency: EUR
    connMessageFormat: HOSTB_8583
    methods:
      "01": { emvs: [ visa-eur ] }
`;

const edit = (text: string, change: (doc: ReturnType<typeof parseManifestDocument>) => void) => {
  const doc = parseManifestDocument(text, 'file.yaml');
  change(doc);
  return editedText(doc, text);
};

describe('manifest edits through the yaml Document API', () => {
  it('leaves a file written by export byte for byte as it was when nothing changes', () => {
    expect(edit(ACQUIRERS, () => undefined)).toBe(ACQUIRERS);
  });

  it('writes ${NAME} in place of a value, keeping the comments around it', () => {
    const text = edit(ACQUIRERS, (doc) => replaceWithReference(doc, ['acquirerProfiles', 0, 'connUrl'], 'ACQUIRER_HOST_A_CONN_URL'));
    expect(text).toBe(ACQUIRERS.replace('connUrl: https://acq-test.example.com/iso # test', 'connUrl: ${ACQUIRER_HOST_A_CONN_URL} # test'));
  });

  it('quotes a reference inside a flow mapping, and drops the quotes a number-like value needed in a block', () => {
    const text = `version: 1
merchants:
  - providerReference: cafe-001
    bindings:
      - acquirer: host-a
        currency: USD
        mid: "000123"
    devices:
      - deviceAlias: till-1
        acquirerFields:
          host-a: { tid: "00000001", mid: "000123" }
`;
    const edited = edit(text, (doc) => {
      replaceWithReference(doc, ['merchants', 0, 'bindings', 0, 'mid'], 'MID');
      replaceWithReference(doc, ['merchants', 0, 'devices', 0, 'acquirerFields', 'host-a', 'tid'], 'TID');
    });
    expect(edited).toContain('        mid: ${MID}\n');
    expect(edited).toContain('host-a: { tid: "${TID}", mid: "000123" }');
    expect(parseDocument(edited).toJS().merchants[0].devices[0].acquirerFields['host-a']).toEqual({ tid: '${TID}', mid: '000123' });
  });

  it('moves an entry to another file with the comment written above it, and finds entries by index and key', () => {
    const source = parseManifestDocument(ACQUIRERS, 'shared.yaml');
    expect(entryOf(source, 'acquirerProfiles', 0, 'profileName', 'host-a')).toBeDefined();
    expect(entryOf(source, 'acquirerProfiles', 0, 'profileName', 'host-b')).toBeUndefined();
    const nodes = removeEntries(source, 'acquirerProfiles', [0]);
    const target = newManifestDocument('../schemas/manifest.schema.json', ['What test has alone.']);
    appendEntries(target, 'acquirerProfiles', nodes, source);
    expect(editedText(target, undefined)).toBe(`# yaml-language-server: $schema=../schemas/manifest.schema.json

# What test has alone.
version: 1
acquirerProfiles:
  # The main card host.
  - profileName: host-a
    currency: USD
    connMessageFormat: HOSTA_8583
    connUrl: https://acq-test.example.com/iso # test's host
    methods:
      "01": { emvs: [ visa-usd ] }
`);
    expect(editedText(source, ACQUIRERS)).toBe(ACQUIRERS.replace(/ {2}# The main card host\.\n[\s\S]*?(?= {2}- profileName: host-b)/, ''));
    expect(holdsMoreThanItsHeader(source)).toBe(true);
    removeEntries(source, 'acquirerProfiles', [0]);
    expect(holdsMoreThanItsHeader(source)).toBe(false);
    expect(editedText(source, ACQUIRERS)).toContain('acquirerProfiles: []\n');
  });

  it('appends to a list that exists, and adds one after the other keys when the file has none', () => {
    const source = parseManifestDocument(ACQUIRERS, 'shared.yaml');
    const [node] = removeEntries(source, 'acquirerProfiles', [1]);
    const target = parseManifestDocument('# test alone\nversion: 1\nacquirerProfiles: []\n', 'test.yaml');
    appendEntries(target, 'acquirerProfiles', [node!], source);
    expect(editedText(target, undefined)).toBe('# test alone\nversion: 1\nacquirerProfiles:\n  - profileName: host-b\n    currency: EUR\n    connMessageFormat: HOSTB_8583\n    methods:\n      "01": { emvs: [ visa-eur ] }\n');
    const bare = parseManifestDocument('version: 1\n', 'bare.yaml');
    appendEntries(bare, 'acquirerProfiles', [node!], source);
    expect(editedText(bare, 'version: 1\n')).toMatch(/^version: 1\nacquirerProfiles:\n {2}- profileName: host-b\n/);
  });

  it('moves an entry that uses an alias as plain values, keeping the comment above it', () => {
    const text = 'version: 1\nx-methods: &methods { "01": { emvs: [ visa ] } }\nacquirerProfiles:\n  # aliased\n  - profileName: a\n    methods: *methods\n';
    const source = parseManifestDocument(text, 'a.yaml');
    const nodes = removeEntries(source, 'acquirerProfiles', [0]);
    const target = parseManifestDocument('version: 1\n', 'b.yaml');
    appendEntries(target, 'acquirerProfiles', nodes, source);
    const moved = editedText(target, 'version: 1\n');
    expect(moved).toContain('# aliased');
    expect(parseDocument(moved).toJS().acquirerProfiles[0].methods).toEqual({ '01': { emvs: ['visa'] } });
  });

  it('takes group: out of a shared file and writes it after version: in an own file', () => {
    const shared = edit(ACQUIRERS, (doc) => expect(removeTopLevel(doc, 'group')).toBe(true));
    expect(shared).toBe(ACQUIRERS.replace('group: G-00000031\n', ''));
    const own = newManifestDocument('schema.json', ['intro']);
    expect(ensureGroup(own, 'G-00000031')).toBe(true);
    expect(ensureGroup(own, 'G-00000032')).toBe(false);
    expect(editedText(own, undefined)).toBe('# yaml-language-server: $schema=schema.json\n\n# intro\nversion: 1\ngroup: G-00000031\n');
    const parsed = parseManifestDocument('# a file\nversion: 1\nmerchants: []\n', 'test.yaml');
    ensureGroup(parsed, 'G-00000031');
    expect(editedText(parsed, undefined)).toBe('# a file\nversion: 1\ngroup: G-00000031\nmerchants: []\n');
  });

  it("points a moved file's modeline at the schema from its new place", () => {
    const text = edit(ACQUIRERS, (doc) => updateModeline(doc, '../../schemas/manifest.schema.json'));
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schemas/manifest.schema.json');
    expect(text.split('\n').slice(1).join('\n')).toBe(ACQUIRERS.split('\n').slice(1).join('\n'));
    const exported = '# yaml-language-server: $schema=../schemas/manifest.schema.json\n\n# Exported by `paycfg export`.\nversion: 1\nmerchants: []\n';
    expect(edit(exported, (doc) => updateModeline(doc, 'x.json'))).toBe(exported.replace('../schemas/manifest.schema.json', 'x.json'));
  });

  it("keeps a file's flow collections written its way: tight when most are", () => {
    const tight = 'version: 1\nemvConfigs:\n  - emvName: visa\n    paymentMethod: "01"\n    currency: USD\n    params: {aid: A0000000031010}\n';
    expect(edit(tight, (doc) => removeTopLevel(doc, 'nothing'))).toBe(tight);
    expect(edit(tight, (doc) => replaceWithReference(doc, ['emvConfigs', 0, 'currency'], 'CURRENCY'))).toBe(tight.replace('currency: USD', 'currency: ${CURRENCY}'));
  });
});

const ENVIRONMENTS = `# Where each environment is.
version: 1
environments:
  test:
    baseUrl: https://pay-test.example.com
    group: G-00000031
    token: { env: PAYCFG_TEST_TOKEN }  # never the token itself
    manifests: [ shared, test ]
    values:
      # Test's acquirer host.
      ACQUIRER_HOST: https://acq-test.example.com
  production: { baseUrl: https://pay.example.com, group: G-00000032, token: { env: PAYCFG_PRODUCTION_TOKEN }, manifests: [ shared, production ] }
`;

describe('environments file edits', () => {
  const edited = (change: (doc: ReturnType<typeof parseEnvironmentsDocument>) => void) => {
    const doc = parseEnvironmentsDocument(ENVIRONMENTS, 'paycfg.environments.yaml');
    change(doc);
    return editedText(doc, ENVIRONMENTS);
  };

  it("adds values after an environment's own, keeping every comment; a number-like value stays text", () => {
    const text = edited((doc) =>
      setEnvironmentValues(doc, 'paycfg.environments.yaml', 'test', [
        { name: 'HOST_A_MID', value: '100200300' },
        { name: 'TILL_ADMIN', value: { env: 'TEST_TILL_ADMIN' } },
      ]),
    );
    expect(text).toBe(
      ENVIRONMENTS.replace('  # never', ' # never').replace(
        '      ACQUIRER_HOST: https://acq-test.example.com\n',
        '      ACQUIRER_HOST: https://acq-test.example.com\n      HOST_A_MID: "100200300"\n      TILL_ADMIN: { env: TEST_TILL_ADMIN }\n',
      ),
    );
    const values = parseDocument(text).toJS().environments.test.values;
    expect(values).toEqual({ ACQUIRER_HOST: 'https://acq-test.example.com', HOST_A_MID: '100200300', TILL_ADMIN: { env: 'TEST_TILL_ADMIN' } });
  });

  it('replaces a value declared already, where it is', () => {
    const text = edited((doc) => setEnvironmentValues(doc, 'paycfg.environments.yaml', 'test', [{ name: 'ACQUIRER_HOST', value: 'https://acq-2.example.com' }]));
    expect(text).toContain('      # Test\'s acquirer host.\n      ACQUIRER_HOST: https://acq-2.example.com\n');
  });

  it('creates values: for an environment that has none, in its own style (here inline)', () => {
    const text = edited((doc) => setEnvironmentValues(doc, 'paycfg.environments.yaml', 'production', [{ name: 'ACQUIRER_HOST', value: 'https://acq.example.com' }]));
    expect(text).toContain('manifests: [ shared, production ], values: { ACQUIRER_HOST: https://acq.example.com } }');
    expect(parseDocument(text).toJS().environments.production.values).toEqual({ ACQUIRER_HOST: 'https://acq.example.com' });
  });

  it('refuses an environment that is no longer there', () => {
    expect(() => edited((doc) => setEnvironmentValues(doc, 'paycfg.environments.yaml', 'staging', [{ name: 'A', value: 'b' }]))).toThrow(
      'paycfg.environments.yaml: environment staging is not a mapping there any more; it changed while exporting',
    );
  });
});
