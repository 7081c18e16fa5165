/**
 * Each built-in payment rule: a correct manifest passes it, a wrong one is caught at the file,
 * line and column of the value (in the file that writes it, with that file's path), with the
 * rule's severity, through loadManifest and checkPaymentRules on real files.
 */
import { describe, expect, it } from 'vitest';
import { PAYMENT_RULES } from '../../src/rules/index.js';
import { check, edit, GOOD, positionOf, type Files } from './helpers.js';

interface Case {
  readonly rule: string;
  readonly severity: 'error' | 'warning';
  readonly file: string;
  readonly from: string;
  readonly to: string;
  /** Where the finding points: this text in the edited file (its `nth` occurrence). */
  readonly at: string;
  readonly nth?: number;
  /** The path in the file, as the message begins. */
  readonly path: string;
  /** Words the message says. */
  readonly says: readonly string[];
}

const CONFIGS = 'configs.yaml';
const MERCHANTS = 'merchants/coffee.yaml';

const CASES: readonly Case[] = [
  {
    rule: 'emv-contactless-limits',
    severity: 'error',
    file: CONFIGS,
    from: 'clCVMLimit: 100000, clTransLimit: 500000, defaultDDOL',
    to: 'clCVMLimit: 900000, clTransLimit: 500000, defaultDDOL',
    at: '900000',
    path: 'emvConfigs[0].params.clCVMLimit',
    says: ['clCVMLimit 900000 (9000.00 USD) is above clTransLimit 500000 (5000.00 USD)'],
  },
  {
    rule: 'emv-contactless-limits',
    severity: 'error',
    file: CONFIGS,
    from: 'clFloorLimit: 0, clCVMLimit: 5000,',
    to: 'clFloorLimit: 6000, clCVMLimit: 5000,',
    at: '6000',
    path: 'emvConfigs[2].params.clFloorLimit',
    says: ['clFloorLimit 6000 (60.00 EUR) is above clCVMLimit 5000 (50.00 EUR)'],
  },
  {
    rule: 'emv-amount-params',
    severity: 'error',
    file: CONFIGS,
    from: 'params: { aid: A0000000041010, appVersion: "0002", clFloorLimit: 0,',
    to: 'params: { aid: A0000000041010, appVersion: "0002", clFloorLimit: "10.00",',
    at: '"10.00"',
    path: 'emvConfigs[1].params.clFloorLimit',
    says: ['clFloorLimit "10.00" is not a whole number of minor units'],
  },
  {
    rule: 'emv-aid-format',
    severity: 'error',
    file: CONFIGS,
    from: 'params: { aid: A0000000041010',
    to: 'params: { aid: A000000004101',
    at: 'A000000004101',
    path: 'emvConfigs[1].params.aid',
    says: ['aid A000000004101 has an odd number of hex digits'],
  },
  {
    rule: 'emv-aid-format',
    severity: 'error',
    file: CONFIGS,
    from: 'params: { aid: A0000000041010',
    to: 'params: { aid: A0000000041010A0000000041010A00000',
    at: 'A0000000041010A',
    path: 'emvConfigs[1].params.aid',
    says: ['is 17 bytes long; an AID is 5 to 16 bytes'],
  },
  {
    rule: 'emv-aid-network',
    severity: 'error',
    file: CONFIGS,
    from: 'params: { aid: A0000000041010',
    to: 'params: { aid: A0000000651010',
    at: 'A0000000651010',
    path: 'emvConfigs[1].params.aid',
    says: ["aid A0000000651010 is JCB's (RID A000000065), but paymentMethod 02 is Mastercard (A000000004, A000000005)", 'the method of JCB, 06'],
  },
  {
    rule: 'emv-aid-provider',
    severity: 'warning',
    file: CONFIGS,
    from: 'params: { aid: A0000000041010',
    to: 'params: { aid: A0000000421010',
    at: 'A0000000421010',
    path: 'emvConfigs[1].params.aid',
    says: ["has RID A000000042, which is no card network's"],
  },
  {
    rule: 'emv-hex-params',
    severity: 'error',
    file: CONFIGS,
    from: 'defaultDDOL: 9F3704',
    to: 'defaultDDOL: 9F37G4',
    at: '9F37G4',
    path: 'emvConfigs[0].params.defaultDDOL',
    says: ['defaultDDOL "9F37G4" is not hex of whole bytes'],
  },
  {
    rule: 'emv-hex-params',
    severity: 'error',
    file: CONFIGS,
    from: 'params: { aid: A0000000041010, appVersion: "0002"',
    to: 'params: { aid: A0000000041010, appVersion: 2',
    at: '2,',
    nth: 0,
    path: 'emvConfigs[1].params.appVersion',
    says: ['appVersion 2 is not 4 hex digits'],
  },
  {
    rule: 'profile-emv-currency',
    severity: 'warning',
    file: CONFIGS,
    from: 'methods: { "01": { emvs: [visa-usd] }, "02": { emvs: [mc-usd] } }',
    to: 'methods: { "01": { emvs: [visa-eur] }, "02": { emvs: [mc-usd] } }',
    at: '"01": { emvs: [visa-eur] }',
    path: 'acquirerProfiles[0].methods["01"]',
    says: ['method 01 has no EMV config in USD: it names "visa-eur" (EUR)'],
  },
  {
    rule: 'merchant-category-code',
    severity: 'warning',
    file: MERCHANTS,
    from: 'mcc: "5814"',
    to: 'mcc: "5841"',
    at: '"5841"',
    path: 'merchants[0].mcc',
    says: ['mcc "5841" is not in the ISO 18245 list'],
  },
  {
    rule: 'binding-currency-profile',
    severity: 'warning',
    file: MERCHANTS,
    from: '      - acquirer: host-b-eur\n        currency: EUR',
    to: '      - acquirer: host-b-eur\n        currency: GBP',
    at: 'GBP',
    path: 'merchants[0].bindings[1].currency',
    says: ['currency GBP is not the currency of acquirer profile "host-b-eur", EUR'],
  },
  {
    rule: 'binding-emv-currency',
    severity: 'error',
    file: MERCHANTS,
    from: 'methods: { "01": { emvs: [visa-eur] } }',
    to: 'methods: { "01": { emvs: [visa-usd] } }',
    at: '"01": { emvs: [visa-usd] } }',
    path: 'merchants[0].bindings[1].methods["01"]',
    says: ['method 01 has no EMV config in EUR: it names "visa-usd" (USD)'],
  },
  {
    rule: 'device-emv-codes',
    severity: 'error',
    file: MERCHANTS,
    from: 'terminalCountryCode: "0840"',
    to: 'terminalCountryCode: "0999"',
    at: '"0999"',
    path: 'merchants[0].devices[0].emvParams.terminalCountryCode',
    says: ['terminalCountryCode 0999 is no ISO 3166-1 numeric code'],
  },
  {
    rule: 'device-emv-codes',
    severity: 'error',
    file: MERCHANTS,
    from: 'txnCurrencyCode: "0840"',
    to: 'txnCurrencyCode: "0999"',
    at: '"0999"',
    path: 'merchants[0].devices[0].emvParams.txnCurrencyCode',
    says: ['txnCurrencyCode 0999 is no ISO 4217 numeric code'],
  },
  {
    rule: 'device-currency-merchant',
    severity: 'warning',
    file: MERCHANTS,
    from: 'txnCurrencyCode: "0840"',
    to: 'txnCurrencyCode: "0826"',
    at: '"0826"',
    path: 'merchants[0].devices[0].emvParams.txnCurrencyCode',
    says: ['txnCurrencyCode 0826 is GBP, but its merchant trades in USD, EUR'],
  },
  {
    rule: 'device-country-merchant',
    severity: 'warning',
    file: MERCHANTS,
    from: 'terminalCountryCode: "0840"',
    to: 'terminalCountryCode: "0826"',
    at: '"0826"',
    path: 'merchants[0].devices[0].emvParams.terminalCountryCode',
    says: ["terminalCountryCode 0826 is GB, but its merchant's country is US"],
  },
  {
    rule: 'device-hex-params',
    severity: 'error',
    file: MERCHANTS,
    from: 'terminalCapability: E0F8C8',
    to: 'terminalCapability: E0F8C',
    at: 'E0F8C',
    path: 'merchants[0].devices[0].emvParams.terminalCapability',
    says: ['terminalCapability "E0F8C" is not 6 hex digits'],
  },
  {
    rule: 'device-hex-params',
    severity: 'error',
    file: MERCHANTS,
    from: 'terminalType: "22"',
    to: 'terminalType: "022"',
    at: '"022"',
    path: 'merchants[0].devices[0].emvParams.terminalType',
    says: ['terminalType "022" is not 2 digits'],
  },
];

describe('the correct manifest', () => {
  it('passes every rule, with no warning', async () => {
    const report = await check(GOOD);
    expect([...report.errors, ...report.warnings].map((d) => d.message)).toEqual([]);
    expect(report.findings).toEqual([]);
    expect(report.rules.map((rule) => rule.id)).toEqual(PAYMENT_RULES.map((rule) => rule.id));
  });
});

describe('each rule', () => {
  it('has a case here that breaks it', () => {
    expect(new Set(CASES.map((c) => c.rule))).toEqual(new Set(PAYMENT_RULES.map((rule) => rule.id)));
  });

  for (const c of CASES) {
    it(`${c.rule}: ${c.to.slice(0, 60)} is caught at its line and column`, async () => {
      const files = edit(GOOD, c.file, c.from, c.to);
      const report = await check(files);
      const found = [...report.errors, ...report.warnings].filter((d) => d.rule === c.rule);
      expect(found, JSON.stringify([...report.errors, ...report.warnings].map((d) => d.message))).toHaveLength(1);
      const d = found[0]!;
      const { line, col } = positionOf(files[c.file]!, c.at, c.nth);
      expect({ file: d.file, line: d.line, col: d.col, severity: d.severity }).toEqual({ file: c.file, line, col, severity: c.severity });
      expect(d.message.startsWith(`${c.path}: `), d.message).toBe(true);
      expect(d.message.endsWith(` [${c.rule}]`), d.message).toBe(true);
      for (const words of c.says) expect(d.message).toContain(words);
      (c.severity === 'error' ? expect(report.errors).toContain(d) : expect(report.warnings).toContain(d));
      const finding = report.findings.find((f) => f.rule === c.rule)!;
      expect(finding).toMatchObject({ pack: 'paycfg/payment-rules', level: c.severity, blocking: c.severity === 'error', location: { file: c.file, line, col } });
      expect(finding.message).toBe(d.message.slice(0, -` [${c.rule}]`.length));
    });
  }
});

describe('what the rules read', () => {
  it('a binding that names no EMV config for a method is read with its profile\'s', async () => {
    const files: Files = edit(
      edit(GOOD, MERCHANTS, 'methods: { "01": { emvs: [visa-eur] } }', 'methods: { "01": {} }'),
      CONFIGS,
      'methods: { "01": { emvs: [visa-eur] } }',
      'methods: { "01": { emvs: [visa-usd] } }',
    );
    const report = await check(files);
    expect(report.errors.filter((d) => d.rule === 'binding-emv-currency').map((d) => d.message)).toEqual([
      'merchants[0].bindings[1].methods["01"]: method 01 has no EMV config in EUR: its profile\'s are "visa-usd" (USD); name one in the binding\'s currency [binding-emv-currency]',
    ]);
  });

  it('amounts in the minor units of the currency: none for JPY, three for BHD', async () => {
    const jpy = edit(GOOD, CONFIGS, 'currency: EUR\n    params: { aid: A0000000031010, appVersion: "0002", clFloorLimit: 0, clCVMLimit: 5000', 'currency: JPY\n    params: { aid: A0000000031010, appVersion: "0002", clFloorLimit: 0, clCVMLimit: 90000');
    expect((await check(jpy)).errors.map((d) => d.message)).toContainEqual(expect.stringContaining('clCVMLimit 90000 (90000 JPY) is above clTransLimit 50000 (50000 JPY)'));
    const bhd = edit(GOOD, CONFIGS, 'currency: EUR\n    params: { aid: A0000000031010, appVersion: "0002", clFloorLimit: 0, clCVMLimit: 5000', 'currency: BHD\n    params: { aid: A0000000031010, appVersion: "0002", clFloorLimit: 0, clCVMLimit: 90000');
    expect((await check(bhd)).errors.map((d) => d.message)).toContainEqual(expect.stringContaining('clCVMLimit 90000 (90.000 BHD) is above clTransLimit 50000 (50.000 BHD)'));
  });

  it('a floor limit that is not 8 digits is the manifest format\'s to refuse, once, not a rule\'s', async () => {
    const files = edit(GOOD, MERCHANTS, 'netDFloorLimit: "00000000"', 'netDFloorLimit: "0000"');
    await expect(check(files)).rejects.toThrow(/netDFloorLimit: "0000" must be 8 digits/);
  });
});
