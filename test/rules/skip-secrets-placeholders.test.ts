/**
 * `skipRules` switches a rule off for one record, with a reason, and the report says so; without a
 * reason, with an unknown id or with another kind's rule it is a manifest error. Messages never show
 * a value from a variable; a value waiting for a missing variable is not checked.
 */
import { describe, expect, it } from 'vitest';
import { ManifestError } from '../../src/manifest/index.js';
import { check, edit, GOOD, load, positionOf } from './helpers.js';

const CONFIGS = 'configs.yaml';
const MERCHANTS = 'merchants/coffee.yaml';
/** mc-usd with a UK Maestro-less, unknown provider: an emv-aid-provider warning. */
const UNKNOWN_AID = edit(GOOD, CONFIGS, 'params: { aid: A0000000041010', 'params: { aid: A0000000421010');

async function manifestErrors(files: Parameters<typeof load>[0]): Promise<string[]> {
  try {
    await load(files);
  } catch (error) {
    if (error instanceof ManifestError) return error.diagnostics.map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`);
    throw error;
  }
  return [];
}

describe('skipRules', () => {
  it('with a reason, silences the rule for its record, and the report names it, its record, reason and place', async () => {
    const files = edit(UNKNOWN_AID, CONFIGS, '  - emvName: visa-eur', '    skipRules: [{ rule: emv-aid-provider, reason: "CB, co-badged on our cards" }]\n  - emvName: visa-eur');
    const report = await check(files);
    expect(report.warnings).toEqual([]);
    expect(report.findings).toEqual([]);
    const { line, col } = positionOf(files[CONFIGS]!, 'emv-aid-provider');
    expect(report.skipped).toEqual([{ rule: 'emv-aid-provider', address: 'emv/mc-usd', reason: 'CB, co-badged on our cards', location: { file: CONFIGS, line, col } }]);
  });

  it('is reported with the address of a binding and of a device, and switches off only the rule it names', async () => {
    let files = edit(GOOD, MERCHANTS, '        currency: EUR\n', '        currency: GBP\n        skipRules: [{ rule: binding-currency-profile, reason: the host converts }]\n');
    files = edit(files, MERCHANTS, 'terminalCountryCode: "0840"', 'terminalCountryCode: "0826"');
    files = edit(files, MERCHANTS, '        methods: ["01", "02"]', '        methods: ["01", "02"]\n        skipRules: [{ rule: device-country-merchant, reason: a stand at a fair in London }]');
    const report = await check(files);
    expect(report.skipped.map(({ rule, address }) => [rule, address])).toEqual([
      ['binding-currency-profile', 'binding/coffee-001/host-b-eur/GBP'],
      ['device-country-merchant', 'device/coffee-001/till-1'],
    ]);
    // The binding's other rule still runs: a GBP binding naming EUR configs.
    expect(report.errors.map((d) => d.rule)).toEqual(['binding-emv-currency']);
    expect(report.warnings).toEqual([]);
  });

  it('without a reason, or with an empty one, is a manifest error at the item', async () => {
    const files = edit(UNKNOWN_AID, CONFIGS, '  - emvName: visa-eur', '    skipRules: [{ rule: emv-aid-provider }, { rule: emv-aid-network, reason: "  " }]\n  - emvName: visa-eur');
    const errors = await manifestErrors(files);
    expect(errors).toHaveLength(2);
    // A missing field reads as every missing required field of a manifest does.
    expect(errors[0]).toMatch(/^configs\.yaml:\d+:\d+: emvConfigs\[1\]\.skipRules\[0\]\.reason: required field is missing$/);
    expect(errors[1]).toMatch(/^configs\.yaml:\d+:\d+: emvConfigs\[1\]\.skipRules\[1\]\.reason: a reason is required/);
  });

  it('with an unknown id is a manifest error with the closest id; with another kind\'s rule, one naming the kind it checks', async () => {
    const files = edit(
      GOOD,
      CONFIGS,
      '  - emvName: visa-eur',
      '    skipRules: [{ rule: emv-aid-provder, reason: x }, { rule: device-hex-params, reason: y }]\n  - emvName: visa-eur',
    );
    const { line, col } = positionOf(files[CONFIGS]!, 'emv-aid-provder');
    const second = positionOf(files[CONFIGS]!, 'device-hex-params');
    expect(await manifestErrors(files)).toEqual([
      `configs.yaml:${line}:${col}: emvConfigs[1].skipRules[0].rule: "emv-aid-provder" is no built-in payment rule (did you mean "emv-aid-provider"?); ` +
        'the rules of EMV configs: emv-contactless-limits, emv-amount-params, emv-aid-format, emv-aid-network, emv-aid-provider, emv-hex-params (docs/rules.md)',
      `configs.yaml:${second.line}:${second.col}: emvConfigs[1].skipRules[1].rule: rule device-hex-params checks devices, not EMV configs: skip it on the entry it reports on`,
    ]);
  });

  it('is listed once per rule', async () => {
    const files = edit(GOOD, MERCHANTS, '    mcc: "5814"', '    mcc: "5814"\n    skipRules: [{ rule: merchant-category-code, reason: a }, { rule: merchant-category-code, reason: b }]');
    expect(await manifestErrors(files)).toEqual([expect.stringMatching(/merchants\[0\]\.skipRules\[1\]\.rule: "merchant-category-code" is listed twice$/)]);
  });
});

describe('secrets', () => {
  it('a value from a variable is never shown, nor anything the message would work out from it', async () => {
    let files = edit(GOOD, CONFIGS, 'clCVMLimit: 100000, clTransLimit: 500000, defaultDDOL', 'clCVMLimit: "${CVM}", clTransLimit: 500000, defaultDDOL');
    files = edit(files, CONFIGS, 'params: { aid: A0000000041010', 'params: { aid: "${MC_AID}"');
    files = edit(files, MERCHANTS, 'txnCurrencyCode: "0840"', 'txnCurrencyCode: "${TXN}"');
    files = edit(files, MERCHANTS, '    mcc: "5814"', '    mcc: "${MCC}"');
    const env = { CVM: '987654', MC_AID: 'A0000000651010', TXN: '0826', MCC: '5841' };
    const report = await check(files, env);
    const messages = [...report.errors, ...report.warnings].map((d) => d.message);
    expect(messages.map((m) => m.slice(m.lastIndexOf('['))).sort()).toEqual(['[device-currency-merchant]', '[emv-aid-network]', '[emv-contactless-limits]', '[merchant-category-code]']);
    for (const message of messages) {
      expect(message).toContain('<secret value>');
      for (const value of [...Object.values(env), '9876.54', 'JCB', 'A000000065', 'GBP']) expect(message).not.toContain(value);
    }
    for (const finding of report.findings) for (const value of Object.values(env)) expect(finding.message).not.toContain(value);
  });
});

describe('missing variables (--allow-missing-env)', () => {
  it('a value holding a placeholder is not checked', async () => {
    let files = edit(GOOD, CONFIGS, 'clCVMLimit: 100000, clTransLimit: 500000, defaultDDOL', 'clCVMLimit: "${CVM}", clTransLimit: 500000, defaultDDOL');
    files = edit(files, CONFIGS, 'params: { aid: A0000000041010', 'params: { aid: "${MC_AID}"');
    files = edit(files, MERCHANTS, '    mcc: "5814"', '    mcc: "${MCC}"');
    const loaded = await load(files, {}, true);
    expect(loaded.missingVariables).toEqual(['CVM', 'MCC', 'MC_AID']);
    const report = await check(files, {}, true);
    expect([...report.errors, ...report.warnings]).toEqual([]);
  });
});
