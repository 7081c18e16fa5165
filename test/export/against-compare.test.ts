import { describe, expect, it } from 'vitest';
import { compareShared, type Comparison } from '../../src/export/against-compare.js';
import { loadManifest } from '../../src/manifest/index.js';

/** A's manifest, loaded with A's values, against B's export loaded: every entry of A shared. */
async function compare(from: string, to: string, variables: Record<string, string> = {}, options: { canTemplate?: boolean } = {}): Promise<Comparison> {
  const load = (text: string, env: Record<string, string>) => loadManifest(['-'], { env, cwd: '/', allowMissingEnv: true, readStdin: async () => text });
  const a = await load(from, variables);
  const b = await load(to, {});
  const templates = new Map(a.secrets.filter((s) => s.variables.length > 0).map((s) => [JSON.stringify(s.path), s.template]));
  return compareShared({
    fromName: 'test',
    toName: 'production',
    from: a.manifest,
    to: b.manifest,
    isShared: () => true,
    templateAt: (path) => templates.get(JSON.stringify(path)),
    canTemplate: () => options.canTemplate !== false,
    fromVariables: variables,
  });
}

const EMV = `  - emvName: visa
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010, clTransLimit: 5000 }
`;
const profile = (connUrl: string, extra = '') => `  - profileName: host-a
    currency: USD
    connMessageFormat: HOSTA_8583
    connUrl: ${connUrl}
${extra}    methods: { "01": { emvs: [ visa ] } }
`;
const merchant = (mid: string, devices: string) => `  - providerReference: cafe
    mchName: Cafe
    currency: USD
    contactName: Jane
    contactEmail: jane@cafe.example
    bindings:
      - acquirer: host-a
        currency: USD
        mid: "${mid}"
        methods: { "01": { emvs: [ visa ] } }
    devices:
${devices}`;
const device = (alias: string, tid: string, admin = '') => `      - deviceAlias: ${alias}
        methods: [ "01" ]
        acquirerFields: { host-a: { tid: "${tid}" } }
${admin}`;
const manifest = (parts: { emv?: string; profiles?: string; merchants?: string }) =>
  `version: 1\nemvConfigs:\n${parts.emv ?? EMV}acquirerProfiles:\n${parts.profiles ?? profile('https://acq.example.com')}merchants:\n${parts.merchants ?? merchant('100', device('till', 'T1'))}`;

describe('compareShared', () => {
  it('finds the text fields that differ, in entries and in their bindings and devices; equal entries need nothing', async () => {
    const result = await compare(
      manifest({ profiles: profile('https://acq-test.example.com'), merchants: merchant('100', device('till', 'T1')) }),
      manifest({ profiles: profile('https://acq.example.com'), merchants: merchant('900', device('till', 'P1')) }),
    );
    expect(result.moved).toEqual([]);
    expect(result.own).toEqual([]);
    expect(result.shared.map((entry) => entry.address)).toEqual(['emv/visa', 'acquirer/host-a', 'merchant/cafe']);
    expect(result.shared.flatMap((entry) => entry.differences)).toEqual([
      { path: ['acquirerProfiles', 0, 'connUrl'], address: 'acquirer/host-a', field: ['connUrl'], fromValue: 'https://acq-test.example.com', toValue: 'https://acq.example.com' },
      { path: ['merchants', 0, 'bindings', 0, 'mid'], address: 'binding/cafe/host-a/USD', field: ['mid'], fromValue: '100', toValue: '900' },
      {
        path: ['merchants', 0, 'devices', 0, 'acquirerFields', 'host-a', 'tid'],
        address: 'device/cafe/till',
        field: ['acquirerFields', 'host-a', 'tid'],
        fromValue: 'T1',
        toValue: 'P1',
      },
    ]);
  });

  it('makes an entry each environment\'s own when a value cannot say the difference', async () => {
    const numbers = await compare(manifest({}), manifest({ emv: EMV.replace('clTransLimit: 5000', 'clTransLimit: 9000') }));
    expect(numbers.moved).toEqual([{ list: 'emvConfigs', index: 0, address: 'emv/visa', reason: 'emv/visa params.clTransLimit differs (not text)' }]);
    expect(numbers.own).toEqual([{ list: 'emvConfigs', key: 'visa', address: 'emv/visa', reason: 'emv/visa params.clTransLimit differs (not text)' }]);

    const device2 = await compare(manifest({}), manifest({ merchants: merchant('100', device('till', 'T1') + device('kiosk', 'T2')) }));
    expect(device2.moved.map((entry) => entry.reason)).toEqual(['only production has device/cafe/kiosk, and merchant/cafe lists its devices whole']);
    const lacking = await compare(manifest({ merchants: merchant('100', device('till', 'T1') + device('kiosk', 'T2')) }), manifest({}));
    expect(lacking.moved.map((entry) => entry.reason)).toEqual(['production has no device/cafe/kiosk, and merchant/cafe lists its devices whole']);

    const unset = await compare(manifest({ profiles: profile('https://a', '    notifyUrl: https://n.example.com\n') }), manifest({}));
    expect(unset.moved.map((entry) => entry.reason)).toEqual(["production's acquirer/host-a has no notifyUrl"]);

    const nowhere = await compare(manifest({ profiles: profile('https://a') }), manifest({}), {}, { canTemplate: false });
    expect(nowhere.moved.map((entry) => entry.reason)).toEqual(['acquirer/host-a connUrl differs where no value can be written']);
  });

  it('moves what B lacks, and names what only B has', async () => {
    const result = await compare(
      `version: 1\nemvConfigs:\n${EMV}${EMV.replace('visa', 'visa-lab')}acquirerProfiles: []\nmerchants: []\n`,
      `version: 1\nemvConfigs:\n${EMV}${EMV.replace('visa', 'visa-prod')}acquirerProfiles: []\nmerchants: []\n`,
    );
    expect(result.moved).toEqual([{ list: 'emvConfigs', index: 1, address: 'emv/visa-lab', reason: 'production has no emv/visa-lab' }]);
    expect(result.own).toEqual([{ list: 'emvConfigs', key: 'visa-prod', address: 'emv/visa-prod', reason: 'only production has it' }]);
  });

  it('says when B sets a field the shared entry leaves out: neither manages it', async () => {
    const result = await compare(manifest({}), manifest({ profiles: profile('https://acq.example.com', '    notifyUrl: https://n.example.com\n') }));
    expect(result.moved).toEqual([]);
    expect(result.notices).toEqual(['acquirer/host-a: notifyUrl is set in production and left out of the shared manifest, so neither environment manages it']);
  });

  it('asks B for the variables a shared entry already uses, and for a secret a source', async () => {
    const result = await compare(
      manifest({
        profiles: profile('${HOST}', '    notifyUrl: https://${DOMAIN}/notify\n'),
        merchants: merchant('100', device('till', 'T1', '        deviceAdmin: ${TILL_ADMIN}\n')),
      }),
      manifest({ profiles: profile('https://acq.example.com', '    notifyUrl: https://pbo.example.com/notify\n') }),
      { HOST: 'https://acq-test.example.com', DOMAIN: 'pbo.example.com' },
    );
    expect(result.moved).toEqual([]);
    expect(result.shared.flatMap((entry) => entry.uses)).toEqual([
      { kind: 'value', name: 'HOST', toValue: 'https://acq.example.com', address: 'acquirer/host-a', field: ['connUrl'] },
      { kind: 'same', names: ['DOMAIN'], address: 'acquirer/host-a', field: ['notifyUrl'] },
      { kind: 'secret', names: ['TILL_ADMIN'], address: 'device/cafe/till', field: ['deviceAdmin'] },
    ]);
  });

  it('makes entries own when a longer template differs, or two uses would give one name two values', async () => {
    const longer = await compare(
      manifest({ profiles: profile('https://${DOMAIN}/iso') }),
      manifest({ profiles: profile('https://acq.example.com/iso') }),
      { DOMAIN: 'acq-test.example.com' },
    );
    expect(longer.moved.map((entry) => entry.reason)).toEqual(['acquirer/host-a connUrl differs and is written as a template longer than one variable']);

    const twice = await compare(
      manifest({ profiles: profile('${HOST}', '    notifyUrl: ${HOST}\n') }),
      manifest({ profiles: profile('https://acq.example.com', '    notifyUrl: https://pbo.example.com\n') }),
      { HOST: 'https://test.example.com' },
    );
    expect(twice.moved.map((entry) => entry.reason)).toEqual(['its variable HOST would need two values in production']);
    expect(twice.own.map((entry) => entry.address)).toEqual(['acquirer/host-a']);
  });

  it('notes a secret written as it is in a shared entry: both environments get it', async () => {
    const result = await compare(manifest({ merchants: merchant('100', device('till', 'T1', '        deviceAdmin: literal-pw\n')) }), manifest({}));
    expect(result.notices).toEqual(['device/cafe/till: deviceAdmin is written in the shared manifest as it is (not from a variable): both environments get it']);
    expect(result.shared.flatMap((entry) => entry.uses)).toEqual([]);
  });
});
