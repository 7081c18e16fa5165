/**
 * What the legacy API cannot express (issue 30's contract, "What validate --api legacy refuses"):
 * each refusal at its file:line:col, over manifests that load, so valid for the current API.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { device } from '../../src/kinds/device.js';
import { merchant as merchantKind } from '../../src/kinds/merchant.js';
import { ExitCode } from '../../src/errors.js';
import { ManifestError, checkLegacyLimits, formatDiagnostic, legacyLimits, loadManifest, type LoadedManifest } from '../../src/manifest/index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paycfg-legacy-limits-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function load(files: Record<string, string>, env: Record<string, string> = {}, allowMissingEnv = false): Promise<LoadedManifest> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return loadManifest(Object.keys(files), { env, cwd: dir, allowMissingEnv });
}

async function refusals(files: Record<string, string>, env: Record<string, string> = {}, allowMissingEnv = false): Promise<string[]> {
  return legacyLimits(await load(files, env, allowMissingEnv)).map(formatDiagnostic);
}

const USE_CURRENT = 'or use the current API (api: current)';

/** A group the legacy API can hold: every field it carries, set. */
const LEGACY_OK = `version: 1
api: legacy
emvConfigs:
  - emvName: visa-a
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010 }
  - emvName: visa-b
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010 }
  - emvName: mc-a
    paymentMethod: "02"
    currency: USD
    params: { aid: A0000000041010 }
acquirerProfiles:
  - profileName: host-a
    currency: USD
    connMessageFormat: HOSTA_8583
    connUrl: https://host-a.example/pay
    notifyUrl: https://host-a.example/notify
    connExtraParams: { timeout: 30 }
    methods:
      "01": { emvs: [visa-a, visa-b], allows: [SALE, REFUND] }
      "02": { emvs: [mc-a] }
  - profileName: host-b
    currency: EUR
    connMessageFormat: HOSTB_8583
    methods:
      "02": { emvs: [mc-a] }
merchants:
  - providerReference: shop-1
    mchName: Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@shop.example
    contactPhone: "+1 555 0100"
    contactAddress: 1 Main St
    mcc: "5814"
    timeZone: America/New_York
    state: 1
    receiptLogo: https://shop.example/logo.png
    bindings:
      - acquirer: host-a
        currency: USD
        methods:
          "1": { emvs: [visa-b, visa-a], allows: [SALE, REFUND] }
      - acquirer: host-b
        currency: EUR
        methods:
          "02": { emvs: [mc-a] }
    devices:
      - deviceAlias: till-1
        deviceName: Till 1
        deviceType: COTS
        operatingMode: standard
        methods: ["01", "02"]
        deviceAdmin: \${TILL_ADMIN}
        emvParams: { netDFloorLimit: "00000100", terminalCountryCode: "0840" }
`;

describe('legacyLimits', () => {
  it('passes a manifest the legacy API can hold: no acqType written, USD, bindings that are their profiles', async () => {
    const loaded = await load({ 'm.yaml': LEGACY_OK }, { TILL_ADMIN: 'till-secret' });
    expect(legacyLimits(loaded)).toEqual([]);
    expect(() => checkLegacyLimits(loaded)).not.toThrow();
    // The loader defaults acqType: the files do not write it, so it is not refused.
    expect(loaded.manifest.acquirerProfiles[0]?.acqType).toBe('card');
  });

  it('refuses every field the legacy API has no counterpart for, at its key, and only where the files write it', async () => {
    const text = `version: 1
emvConfigs:
  - { emvName: visa-a, paymentMethod: "01", currency: USD, params: {} }
acquirerProfiles:
  - profileName: host-a
    acqType: card
    currency: USD
    connMessageFormat: HOSTA_8583
    enablerMsgFormat: HOSTA_PROV
    enablerParams: [tid]
    asDefault: true
    asSettleBlock: true
    methods: { "01": { emvs: [visa-a] } }
merchants:
  - providerReference: shop-1
    mchName: Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@shop.example
    region: US-NY
    country: US
    transType: SALE
    receiptInfo: Thank you
    passcode: "4321"
    mdr: "1.5"
    merchantType: retail
    additionalData: { tier: gold }
    bindings:
      - acquirer: host-a
        currency: USD
        mid: "000123"
        methods: { "01": { emvs: [visa-a] } }
`;
    expect(await refusals({ 'm.yaml': text })).toEqual([
      `m.yaml:9:5: acquirerProfiles[0].enablerMsgFormat: the legacy API has no provisioning message format per profile (the group's applies); remove it, ${USE_CURRENT}`,
      `m.yaml:10:5: acquirerProfiles[0].enablerParams: the legacy API has no list of device fields per profile (the group's applies); remove it, ${USE_CURRENT}`,
      `m.yaml:11:16: acquirerProfiles[0].asDefault: true cannot be set through the legacy API, which has no default profile; write false, ${USE_CURRENT}`,
      `m.yaml:12:20: acquirerProfiles[0].asSettleBlock: true cannot be set through the legacy API, which has no settlement block per profile; write false, ${USE_CURRENT}`,
      `m.yaml:20:5: merchants[0].region: the legacy API has no merchant region; remove it, ${USE_CURRENT}`,
      `m.yaml:21:5: merchants[0].country: the legacy API has no merchant country; remove it, ${USE_CURRENT}`,
      `m.yaml:22:5: merchants[0].transType: the legacy API has no transaction type restriction for a merchant; remove it, ${USE_CURRENT}`,
      `m.yaml:23:5: merchants[0].receiptInfo: the legacy API has no receipt text for a merchant; remove it, ${USE_CURRENT}`,
      `m.yaml:24:5: merchants[0].passcode: the legacy API has no operator passcode for a merchant; remove it, ${USE_CURRENT}`,
      `m.yaml:25:5: merchants[0].mdr: the legacy API has no discount rate for a merchant; remove it, ${USE_CURRENT}`,
      `m.yaml:26:5: merchants[0].merchantType: the legacy API has no merchant classification; remove it, ${USE_CURRENT}`,
      `m.yaml:27:5: merchants[0].additionalData: the legacy API has no merchant metadata; remove it, ${USE_CURRENT}`,
      `m.yaml:31:9: merchants[0].bindings[0].mid: the legacy API has no merchant ID per binding (a legacy binding is a merchant's method bound to a profile); remove it, ${USE_CURRENT}`,
    ]);
  });

  it("refuses an EMV config's or a merchant's currency other than USD, at the value", async () => {
    const text = `version: 1
emvConfigs:
  - { emvName: visa-eur, paymentMethod: "01", currency: EUR, params: {} }
acquirerProfiles:
  - { profileName: host-a, currency: EUR, connMessageFormat: HOSTA_8583, methods: { "01": { emvs: [visa-eur] } } }
merchants:
  - providerReference: shop-1
    mchName: Shop
    currency: GBP
    contactName: Jane Doe
    contactEmail: jane@shop.example
`;
    expect(await refusals({ 'm.yaml': text })).toEqual([
      `m.yaml:3:57: emvConfigs[0].currency: "EUR" cannot be set through the legacy API, which sets no currency on an EMV config (its EMV configs are USD); write USD, ${USE_CURRENT}`,
      `m.yaml:9:15: merchants[0].currency: "GBP" cannot be set through the legacy API, which sets no currency on a merchant (its merchants are USD); write USD, ${USE_CURRENT}`,
    ]);
  });

  it("refuses a binding whose currency is not its profile's, naming the profile's", async () => {
    const text = `version: 1
emvConfigs:
  - { emvName: visa-a, paymentMethod: "01", currency: USD, params: {} }
acquirerProfiles:
  - profileName: host-eur
    currency: EUR
    connMessageFormat: HOSTA_8583
    methods: { "01": { emvs: [visa-a] } }
merchants:
  - providerReference: shop-1
    mchName: Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@shop.example
    bindings:
      - acquirer: host-eur
        currency: USD
        methods: { "01": { emvs: [visa-a] } }
`;
    expect(await refusals({ 'm.yaml': text })).toEqual([
      `m.yaml:17:19: merchants[0].bindings[0].currency: "USD" is not the currency of acquirer profile "host-eur" (EUR, at m.yaml:6:15): ` +
        `the legacy API binds a merchant's methods to a whole profile, in the profile's currency; write EUR, ${USE_CURRENT}`,
    ]);
  });

  it("refuses a binding method whose EMV configs or allows are not its profile's for that method; EMV configs in any order are the same", async () => {
    const text = `version: 1
emvConfigs:
  - { emvName: visa-a, paymentMethod: "01", currency: USD, params: {} }
  - { emvName: visa-b, paymentMethod: "01", currency: USD, params: {} }
  - { emvName: mc-a, paymentMethod: "02", currency: USD, params: {} }
acquirerProfiles:
  - profileName: host-a
    currency: USD
    connMessageFormat: HOSTA_8583
    methods:
      "01": { emvs: [visa-a, visa-b], allows: [SALE, REFUND] }
      "02": { emvs: [mc-a], allows: [SALE] }
merchants:
  - providerReference: shop-1
    mchName: Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@shop.example
    bindings:
      - acquirer: host-a
        currency: USD
        methods:
          "01": { emvs: [visa-b, visa-a], allows: [REFUND, SALE] }
          "02": {}
`;
    expect(await refusals({ 'm.yaml': text })).toEqual([
      `m.yaml:23:51: merchants[0].bindings[0].methods["01"].allows: the allows of method 01 here (REFUND, SALE) are not acquirer profile "host-a"'s for it ` +
        `(SALE, REFUND, at m.yaml:11:47): the legacy API binds a method to a whole profile, with its allows; write the profile's, ${USE_CURRENT}`,
      `m.yaml:24:11: merchants[0].bindings[0].methods["02"]: the EMV configs of method 02 here (none) are not acquirer profile "host-a"'s for it ` +
        `(mc-a, at m.yaml:12:21): the legacy API binds a method to a whole profile, with its EMV configs; write the profile's, ${USE_CURRENT}`,
      `m.yaml:24:11: merchants[0].bindings[0].methods["02"]: the allows of method 02 here (none) are not acquirer profile "host-a"'s for it ` +
        `(SALE, at m.yaml:12:37): the legacy API binds a method to a whole profile, with its allows; write the profile's, ${USE_CURRENT}`,
    ]);
  });

  it('refuses two profiles for one method of a merchant, at the second binding that names it', async () => {
    const text = `version: 1
emvConfigs:
  - { emvName: visa-usd, paymentMethod: "01", currency: USD, params: {} }
acquirerProfiles:
  - { profileName: host-usd, currency: USD, connMessageFormat: HOSTA_8583, methods: { "01": { emvs: [visa-usd] } } }
  - { profileName: host-eur, currency: EUR, connMessageFormat: HOSTB_8583, methods: { "01": { emvs: [visa-usd] } } }
merchants:
  - providerReference: shop-1
    mchName: Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@shop.example
    bindings:
      - acquirer: host-usd
        currency: USD
        methods: { "01": { emvs: [visa-usd] } }
      - acquirer: host-eur
        currency: EUR
        methods: { "1": { emvs: [visa-usd] } }
`;
    expect(await refusals({ 'm.yaml': text })).toEqual([
      `m.yaml:19:20: merchants[0].bindings[1].methods["01"]: method 01 is also bound through acquirer profile "host-usd" by bindings[0] (m.yaml:16:20): ` +
        `the legacy API binds each method of a merchant to one profile; bind it in one binding only, ${USE_CURRENT}`,
    ]);
  });

  it('points into the file each entry came from, with the indices of that file', async () => {
    const profiles = `version: 1
emvConfigs:
  - { emvName: visa-usd, paymentMethod: "01", currency: USD, params: {} }
acquirerProfiles:
  - profileName: host-a
    currency: USD
    connMessageFormat: HOSTA_8583
    methods: { "01": { emvs: [visa-usd] } }
`;
    const shop = (ref: string, extra: string) => `
  - providerReference: ${ref}
    mchName: Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@shop.example${extra}`;
    const loaded = await load({
      'profiles.yaml': profiles,
      'merchants/a.yaml': `version: 1\nmerchants:${shop('a', '')}\n`,
      'merchants/b.yaml': `version: 1\nmerchants:${shop('b', '')}${shop('c', '\n    mdr: "2"\n    bindings:\n      - { acquirer: host-a, currency: EUR, methods: { "01": { emvs: [visa-usd] } } }')}\n`,
    });
    const found = legacyLimits(loaded);
    expect(found.map(formatDiagnostic)).toEqual([
      `merchants/b.yaml:13:5: merchants[1].mdr: the legacy API has no discount rate for a merchant; remove it, ${USE_CURRENT}`,
      `merchants/b.yaml:15:39: merchants[1].bindings[0].currency: "EUR" is not the currency of acquirer profile "host-a" (USD, at profiles.yaml:6:15): ` +
        `the legacy API binds a merchant's methods to a whole profile, in the profile's currency; write USD, ${USE_CURRENT}`,
    ]);
    expect(found.map((d) => d.path)).toEqual([
      ['merchants', 1, 'mdr'],
      ['merchants', 1, 'bindings', 0, 'currency'],
    ]);
  });

  it('never shows a secret: a value from a variable is named, not quoted, and a passcode is only named', async () => {
    const text = `version: 1
emvConfigs:
  - { emvName: visa-a, paymentMethod: "01", currency: "\${EMV_CURRENCY}", params: {} }
acquirerProfiles:
  - { profileName: host-a, currency: "\${PROFILE_CURRENCY}", connMessageFormat: HOSTA_8583, methods: { "01": { emvs: [visa-a], allows: ["\${ALLOWED}"] } } }
merchants:
  - providerReference: shop-1
    mchName: Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@shop.example
    passcode: "\${SHOP_PASSCODE}"
    bindings:
      - acquirer: host-a
        currency: USD
        methods: { "01": { emvs: [visa-a], allows: [SALE] } }
`;
    const env = { EMV_CURRENCY: 'EUR', PROFILE_CURRENCY: 'CHF', ALLOWED: 'PREAUTH', SHOP_PASSCODE: 'pass-9931' };
    const loaded = await load({ 'm.yaml': text }, env);
    const messages = legacyLimits(loaded).map(formatDiagnostic);
    expect(messages).toEqual([
      `m.yaml:3:55: emvConfigs[0].currency: <secret value> cannot be set through the legacy API, which sets no currency on an EMV config (its EMV configs are USD); write USD, ${USE_CURRENT}`,
      `m.yaml:12:5: merchants[0].passcode: the legacy API has no operator passcode for a merchant; remove it, ${USE_CURRENT}`,
      `m.yaml:15:19: merchants[0].bindings[0].currency: "USD" is not the currency of acquirer profile "host-a" (<secret value>, at m.yaml:5:38): ` +
        `the legacy API binds a merchant's methods to a whole profile, in the profile's currency; write <secret value>, ${USE_CURRENT}`,
      `m.yaml:16:52: merchants[0].bindings[0].methods["01"].allows: the allows of method 01 here (SALE) are not acquirer profile "host-a"'s for it ` +
        `(<secret value>, at m.yaml:5:135): the legacy API binds a method to a whole profile, with its allows; write the profile's, ${USE_CURRENT}`,
    ]);
    for (const secret of [...Object.values(env), ...loaded.secretValues]) expect(messages.join('\n')).not.toContain(secret);
  });

  it('does not compare a value that waits for a variable validate --allow-missing-env left unset', async () => {
    const text = `version: 1
emvConfigs:
  - { emvName: visa-a, paymentMethod: "01", currency: USD, params: {} }
acquirerProfiles:
  - { profileName: host-a, currency: USD, connMessageFormat: HOSTA_8583, methods: { "01": { emvs: [visa-a], allows: ["\${ALLOWED}"] } } }
merchants:
  - providerReference: shop-1
    mchName: Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@shop.example
    bindings:
      - acquirer: host-a
        currency: USD
        methods: { "01": { emvs: [visa-a], allows: [SALE] } }
`;
    expect(await refusals({ 'm.yaml': text }, {}, true)).toEqual([]);
  });

  it('passes the values the legacy API holds by nature, as an export writes them: a card profile, not the default, settled', async () => {
    const text = `version: 1
emvConfigs:
  - { emvName: visa-a, paymentMethod: "01", currency: USD, params: {} }
acquirerProfiles:
  - { profileName: host-a, acqType: card, asDefault: false, asSettleBlock: false, currency: USD, connMessageFormat: HOSTA_8583, methods: { "01": { emvs: [visa-a] } } }
`;
    expect(await refusals({ 'm.yaml': text })).toEqual([]);
  });

  it('refuses a device whose acquirer fields name a second profile, at that profile\'s key: a legacy terminal holds one', async () => {
    const text = `version: 1
emvConfigs:
  - { emvName: visa-a, paymentMethod: "01", currency: USD, params: {} }
acquirerProfiles:
  - { profileName: host-a, currency: USD, connMessageFormat: HOSTA_8583, methods: { "01": { emvs: [visa-a] } } }
  - { profileName: host-b, currency: USD, connMessageFormat: HOSTA_8583, methods: { "01": { emvs: [visa-a] } } }
merchants:
  - providerReference: shop-1
    mchName: Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@shop.example
    devices:
      - deviceAlias: till-1
        acquirerFields:
          host-a: { tid: "1" }
          host-b: { tid: "2" }
`;
    expect(await refusals({ 'm.yaml': text })).toEqual([
      `m.yaml:17:11: merchants[0].devices[0].acquirerFields["host-b"]: acquirer profile "host-b" is this device's second: a legacy terminal holds the fields of one profile ("host-a" here); keep one, ${USE_CURRENT}`,
    ]);
  });

  it('throws them from checkLegacyLimits as a ManifestError, as every manifest error is reported', async () => {
    const loaded = await load({
      'm.yaml': `version: 1
emvConfigs:
  - { emvName: visa-a, paymentMethod: "01", currency: USD, params: {} }
acquirerProfiles:
  - { profileName: host-q, acqType: qr, currency: USD, connMessageFormat: HOSTA_8583, methods: { "A1": {} } }
`,
    });
    const error = (() => {
      try {
        checkLegacyLimits(loaded);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ManifestError);
    const manifestError = error as ManifestError;
    expect(manifestError.exitCode).toBe(ExitCode.Error);
    expect(manifestError.files).toEqual(['m.yaml']);
    expect(manifestError.message).toBe(
      `the manifest is invalid (1 error):\nm.yaml:5:37: acquirerProfiles[0].acqType: "qr" cannot be set through the legacy API, which has no acquirer type (a legacy profile is a card profile); write card, ${USE_CURRENT}`,
    );
  });
});

describe("the fields the legacy API lacks, in the kinds' field facts", () => {
  type Facts = Readonly<Record<string, { readonly manifest?: unknown; readonly legacy?: unknown; readonly legacyLacks?: unknown }>>;
  /** The manifest fields of a kind whose facts give no legacy wire field, and those that say the legacy API lacks them. */
  const withoutLegacyFact = (facts: Facts): string[] =>
    Object.entries(facts)
      .filter(([, fact]) => fact.manifest !== undefined && fact.legacy === undefined)
      .map(([name]) => name)
      .sort();
  const lacking = (facts: Facts): string[] =>
    Object.entries(facts)
      .filter(([, fact]) => fact.legacyLacks !== undefined)
      .map(([name]) => name)
      .sort();

  it("agree for the kinds with a legacy record: a merchant's or device's field without a legacy wire fact is one the legacy API lacks, and only those", () => {
    expect(lacking(merchantKind.facts)).toEqual(withoutLegacyFact(merchantKind.facts));
    expect(lacking(device.facts)).toEqual(withoutLegacyFact(device.facts));
  });
});
