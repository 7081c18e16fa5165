import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Log, Result } from 'sarif';
import { describe, expect, it } from 'vitest';
import { FINGERPRINT_KEY, findingsSarif, renderSarif, sarifLevel, sarifRuleId, SOURCE_ROOT_ID, type SarifOptions } from '../../src/findings/sarif.js';
import type { FindingsReport } from '../../src/findings/types.js';
import { AWKWARD, CLEAN_REPORT, EMPTY_REPORT, FULL_REPORT } from './reports.js';
import { sarifSchemaErrors } from './schemas.js';

const ROOT = '/work/repo';
const OPTIONS: SarifOptions = { toolVersion: '1.2.3', cwd: ROOT, manifestFiles: ['manifests/emv.yaml', 'manifests/merchants/coffee.yaml'] };

function run(log: Log) {
  expect(log.runs).toHaveLength(1);
  return log.runs[0]!;
}

/** The results of a rule, by its SARIF id. */
function resultsOf(log: Log, ruleId: string): Result[] {
  return (run(log).results ?? []).filter((result) => result.ruleId === ruleId);
}

describe('findingsSarif', () => {
  it('is valid SARIF 2.1.0 for a report with findings of every level, placed and not, overridden and switched off', () => {
    const log = findingsSarif(FULL_REPORT, OPTIONS);
    expect(sarifSchemaErrors(log)).toEqual([]);
    // As written to the file, read back.
    expect(sarifSchemaErrors(JSON.parse(renderSarif(FULL_REPORT, OPTIONS)))).toEqual([]);
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(run(log).tool.driver).toMatchObject({ name: 'paycfg', version: '1.2.3', semanticVersion: '1.2.3', informationUri: 'https://github.com/paycfg/paycfg' });
    expect(run(log).results).toHaveLength(FULL_REPORT.findings.length + FULL_REPORT.skipped.length);
  });

  it('is valid for an empty report and for rules that found nothing: the rules listed, no result', () => {
    for (const report of [EMPTY_REPORT, CLEAN_REPORT]) {
      const log = findingsSarif(report, OPTIONS);
      expect(sarifSchemaErrors(log)).toEqual([]);
      expect(run(log).results).toEqual([]);
      expect(run(log).tool.driver.rules?.map((rule) => rule.id)).toEqual(report.rules.map((rule) => rule.id));
    }
  });

  it('lists every rule with what GitHub requires of one: descriptions, help, a default level; paycfg’s own with a link to their documentation', () => {
    const rules = run(findingsSarif(FULL_REPORT, OPTIONS)).tool.driver.rules!;
    expect(rules.map((rule) => rule.id)).toEqual([
      'emv-contactless-limits',
      'emv-aid-network',
      'merchant-mcc-known',
      'device-emv-currency',
      'plan-terminal-reach',
      'plan-default-profile-change',
      'plan-delete-with-payments',
      'acme/payments/no-weekend-changes',
    ]);
    for (const rule of rules) {
      expect(rule.shortDescription?.text, rule.id).not.toBe('');
      expect(rule.fullDescription?.text, rule.id).not.toBe('');
      expect(rule.help?.text, rule.id).not.toBe('');
    }
    const byId = new Map(rules.map((rule) => [rule.id, rule]));
    expect(byId.get('emv-contactless-limits')).toMatchObject({
      shortDescription: { text: 'Contactless limits in order: floor ≤ CVM ≤ transaction limit' },
      helpUri: 'https://github.com/paycfg/paycfg/blob/main/docs/rules.md#emv-contactless-limits',
      defaultConfiguration: { level: 'error' },
      properties: { pack: 'paycfg/payment-rules', level: 'error' },
    });
    expect(byId.get('merchant-mcc-known')?.defaultConfiguration).toEqual({ level: 'warning' });
    expect(byId.get('plan-terminal-reach')).toMatchObject({ helpUri: 'https://github.com/paycfg/paycfg/blob/main/docs/policy.md#plan-terminal-reach', defaultConfiguration: { level: 'error' } });
    expect(byId.get('plan-default-profile-change')?.defaultConfiguration).toEqual({ level: 'note' });
    expect(byId.get('plan-delete-with-payments')?.defaultConfiguration).toEqual({ level: 'error' });
    const pbo = byId.get('acme/payments/no-weekend-changes')!;
    expect(pbo.helpUri).toBeUndefined();
    expect(pbo.help?.text).toMatch(/\n\nRule no-weekend-changes of the policy pack acme\/payments\.$/);
    expect(byId.get('emv-contactless-limits')?.help?.text).toBe(
      'Contactless limits in order: floor ≤ CVM ≤ transaction limit\n\nSee https://github.com/paycfg/paycfg/blob/main/docs/rules.md#emv-contactless-limits',
    );
  });

  it('maps each level: error, warning, mandatory → error, overridable → error (note once overridden), advisory → note', () => {
    expect(sarifLevel('error')).toBe('error');
    expect(sarifLevel('warning')).toBe('warning');
    expect(sarifLevel('mandatory')).toBe('error');
    expect(sarifLevel('overridable')).toBe('error');
    expect(sarifLevel('overridable', true)).toBe('note');
    expect(sarifLevel('advisory')).toBe('note');

    const log = findingsSarif(FULL_REPORT, OPTIONS);
    const levels = (ruleId: string) => resultsOf(log, ruleId).filter((r) => r.suppressions === undefined).map((r) => r.level);
    expect(levels('emv-contactless-limits')).toEqual(['error', 'error']);
    expect(levels('merchant-mcc-known')).toEqual(['warning']);
    expect(levels('plan-terminal-reach')).toEqual(['error', 'note']);
    expect(levels('plan-default-profile-change')).toEqual(['note']);
    expect(levels('plan-delete-with-payments')).toEqual(['error']);
    const overridden = resultsOf(log, 'plan-terminal-reach')[1]!;
    expect(overridden.properties).toEqual({
      pack: 'paycfg/plan-rules',
      level: 'overridable',
      blocking: false,
      address: 'profile/card-default',
      override: { reason: 'migration window agreed with the acquirer', by: 'alice', at: '2026-12-01T10:00:00.000Z' },
    });
  });

  it('points each result at its rule by id and index', () => {
    const log = findingsSarif(FULL_REPORT, OPTIONS);
    const rules = run(log).tool.driver.rules!;
    for (const result of run(log).results!) expect(rules[result.ruleIndex!]?.id).toBe(result.ruleId);
  });

  it('places a finding at its manifest line and column, relative to the repository root, with its address as a logical location', () => {
    const [first] = resultsOf(findingsSarif(FULL_REPORT, OPTIONS), 'emv-contactless-limits');
    expect(first?.message.text).toBe('emvConfigs[0].contactless.cvmLimit: the CVM limit 5000 is above the transaction limit 4000 (USD minor units)');
    expect(first?.locations).toEqual([
      {
        physicalLocation: { artifactLocation: { uri: 'manifests/emv.yaml', uriBaseId: SOURCE_ROOT_ID }, region: { startLine: 12, startColumn: 7, endLine: 12 } },
        logicalLocations: [{ fullyQualifiedName: 'emv/visa-usd', kind: 'resource' }],
      },
    ]);
    expect(run(findingsSarif(FULL_REPORT, OPTIONS)).originalUriBaseIds).toEqual({ [SOURCE_ROOT_ID]: { uri: 'file:///work/repo/' } });
  });

  it('writes paths relative to the repository root when paycfg ran in a subdirectory of it; a file outside it as an absolute file: URI', () => {
    const report: FindingsReport = {
      rules: [],
      findings: [
        { rule: 'r', pack: 'paycfg/payment-rules', level: 'error', message: 'm', location: { file: 'manifests/a b.yaml', line: 1, col: 2 }, blocking: true },
        { rule: 'r', pack: 'paycfg/payment-rules', level: 'error', message: 'm', location: { file: '/elsewhere/x.yaml', line: 3, col: 4 }, blocking: true },
        { rule: 'r', pack: 'paycfg/payment-rules', level: 'error', message: 'm', location: { file: '../shared/y.yaml', line: 5, col: 6 }, blocking: true },
      ],
      skipped: [],
    };
    const log = findingsSarif(report, { toolVersion: '1', cwd: join(ROOT, 'config'), sourceRoot: ROOT });
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(run(log).results!.map((result) => result.locations![0]!.physicalLocation!.artifactLocation)).toEqual([
      { uri: 'config/manifests/a%20b.yaml', uriBaseId: SOURCE_ROOT_ID },
      { uri: pathToFileURL('/elsewhere/x.yaml').href },
      { uri: 'shared/y.yaml', uriBaseId: SOURCE_ROOT_ID },
    ]);
  });

  it('puts a finding the run could not place on line 1 of the first manifest file, its address leading the message; without a manifest, only its address', () => {
    const placed = resultsOf(findingsSarif(FULL_REPORT, OPTIONS), 'plan-delete-with-payments')[0]!;
    expect(placed.message.text).toBe('merchant/old-shop: merchant/old-shop carried 312 payments in the last 30 days');
    expect(placed.locations).toEqual([
      {
        physicalLocation: { artifactLocation: { uri: 'manifests/emv.yaml', uriBaseId: SOURCE_ROOT_ID }, region: { startLine: 1, startColumn: 1, endLine: 1 } },
        logicalLocations: [{ fullyQualifiedName: 'merchant/old-shop', kind: 'resource' }],
      },
    ]);

    // `check` of a saved plan without its manifest, or one read from standard input: nowhere to put it but the record.
    for (const manifestFiles of [[], ['<stdin>']]) {
      const log = findingsSarif(FULL_REPORT, { ...OPTIONS, manifestFiles });
      expect(sarifSchemaErrors(log)).toEqual([]);
      expect(resultsOf(log, 'plan-delete-with-payments')[0]!.locations).toEqual([{ logicalLocations: [{ fullyQualifiedName: 'merchant/old-shop', kind: 'resource' }] }]);
      // Neither a place nor a record: no location at all.
      expect(resultsOf(log, 'acme/payments/no-weekend-changes')[0]!.locations).toEqual([]);
    }
    // A location in a place that is not a file (standard input) counts as none.
    const stdin: FindingsReport = {
      rules: [],
      findings: [{ rule: 'r', pack: 'paycfg/payment-rules', level: 'warning', message: 'm', address: 'emv/a', location: { file: '<stdin>', line: 3, col: 1 }, blocking: false }],
      skipped: [],
    };
    expect(run(findingsSarif(stdin, { ...OPTIONS, manifestFiles: ['<stdin>'] })).results![0]!.locations).toEqual([{ logicalLocations: [{ fullyQualifiedName: 'emv/a', kind: 'resource' }] }]);
  });

  it('writes a rule switched off for a record as a result with an in-source suppression justified by the manifest’s reason', () => {
    const log = findingsSarif(FULL_REPORT, OPTIONS);
    const [skip] = resultsOf(log, 'device-emv-currency');
    expect(skip).toMatchObject({
      level: 'error',
      message: { text: 'device/till-7: device-emv-currency is switched off in the manifest: a test terminal in EUR for the euro pilot' },
      suppressions: [{ kind: 'inSource', status: 'accepted', justification: 'a test terminal in EUR for the euro pilot' }],
      locations: [
        {
          physicalLocation: { artifactLocation: { uri: 'manifests/merchants/coffee.yaml', uriBaseId: SOURCE_ROOT_ID }, region: { startLine: 22, startColumn: 9, endLine: 22 } },
          logicalLocations: [{ fullyQualifiedName: 'device/till-7', kind: 'resource' }],
        },
      ],
      properties: { pack: 'paycfg/payment-rules', address: 'device/till-7' },
    });
    // GitHub shows a result only with a physical location: each has one when the run knows its manifest.
    for (const result of run(log).results!) expect(result.locations?.[0]?.physicalLocation?.region?.startLine, result.message.text).toBeGreaterThan(0);
    expect(resultsOf(log, 'acme/payments/no-weekend-changes')[0]!.locations![0]!.physicalLocation!.artifactLocation).toEqual({ uri: 'manifests/emv.yaml', uriBaseId: SOURCE_ROOT_ID });
  });

  it('fingerprints a finding by pack, rule and record, not by line: it stays when the line moves, and two findings of one rule differ', () => {
    const fingerprint = (report: FindingsReport) => run(findingsSarif(report, OPTIONS)).results!.map((result) => result.partialFingerprints![FINGERPRINT_KEY]);
    const before = fingerprint(FULL_REPORT);
    expect(new Set(before).size).toBe(before.length);
    for (const value of before) expect(value).toMatch(/^[0-9a-f]{32}:\d+$/);

    const moved: FindingsReport = {
      ...FULL_REPORT,
      findings: FULL_REPORT.findings.map((finding) => (finding.location === undefined ? finding : { ...finding, location: { ...finding.location, line: finding.location.line + 40 } })),
    };
    expect(fingerprint(moved)).toEqual(before);
    expect(findingsSarif(moved, OPTIONS).runs[0]!.results![0]!.locations![0]!.physicalLocation!.region!.startLine).toBe(52);

    // Placed on line 1 for want of a place, results would share the line hash upload-sarif computes:
    // each carries its own, and only those do.
    const results = run(findingsSarif(FULL_REPORT, OPTIONS)).results!;
    const borrowed = results.filter((result) => result.partialFingerprints!['primaryLocationLineHash'] !== undefined);
    expect(borrowed.map((result) => (result.message.text ?? '').slice(0, 60))).toEqual([
      'emv/visa-usd: the change reaches 240 terminals, more than 10',
      'profile/card-default: the change reaches 180 terminals, more',
      'profile/card-default: the default profile changes',
      'merchant/old-shop: merchant/old-shop carried 312 payments in',
      'the plan was made on a Saturday',
      'emv/pilot: emv-aid-network is switched off in the manifest: ',
    ]);
    for (const result of borrowed) expect(result.partialFingerprints!['primaryLocationLineHash']).toBe(result.partialFingerprints![FINGERPRINT_KEY]);

    // The same rule and record twice: counted apart, as GitHub's own line hashes count repeats.
    const twice: FindingsReport = { rules: [], findings: [FULL_REPORT.findings[0]!, FULL_REPORT.findings[0]!], skipped: [] };
    const [a, b] = fingerprint(twice);
    expect(a!.split(':')[0]).toBe(b!.split(':')[0]);
    expect([a!.split(':')[1], b!.split(':')[1]]).toEqual(['1', '2']);
  });

  it('escapes quotes, markup and controls as JSON does, shows controls and bidirectional overrides as escapes, keeps non-ASCII text', () => {
    const text = renderSarif(FULL_REPORT, OPTIONS);
    expect(text.endsWith('}\n')).toBe(true);
    // Raw in the file: no control character but the layout's line breaks, no bidirectional control.
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e]/);
    const log = JSON.parse(text) as Log;
    const awkward = resultsOf(log, 'acme/payments/no-weekend-changes')[1]!;
    expect(awkward.message.text).toBe(
      String.raw`"quoted" & 'single' <tag> ]]> \u001b[2K\u0007\u0000 cr\u000dend \u202etxet\u202c Zürich 東京 💳 ` + '\ufffe',
    );
    expect(awkward.properties?.['address']).toBe(`merchant/${awkward.message.text}`);
    expect(run(log).tool.driver.rules!.at(-1)!.shortDescription!.text).toBe(`No change on weekends ${awkward.message.text}`);
    expect(AWKWARD).toContain('\x1b');
  });

  it('qualifies a PBO pack’s rule id with its pack, and leaves paycfg’s own as they are', () => {
    expect(sarifRuleId('paycfg/payment-rules', 'emv-aid-network')).toBe('emv-aid-network');
    expect(sarifRuleId('paycfg/plan-rules', 'plan-terminal-reach')).toBe('plan-terminal-reach');
    expect(sarifRuleId('acme/payments', 'no-weekend-changes')).toBe('acme/payments/no-weekend-changes');
  });

  it('adds a rule a finding names but the report does not list, titled by its id', () => {
    const report: FindingsReport = {
      rules: [],
      findings: [{ rule: 'plan-default-profile-change', pack: 'paycfg/plan-rules', level: 'advisory', message: 'm', blocking: false }],
      skipped: [{ rule: 'emv-aid-network', address: 'emv/x', reason: 'why' }],
    };
    const log = findingsSarif(report, OPTIONS);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(run(log).tool.driver.rules!.map((rule) => [rule.id, rule.shortDescription?.text, rule.defaultConfiguration?.level])).toEqual([
      ['plan-default-profile-change', 'plan-default-profile-change', 'note'],
      ['emv-aid-network', 'emv-aid-network', 'warning'],
    ]);
  });

  it('the schema check catches a log GitHub would refuse', () => {
    const log = findingsSarif(FULL_REPORT, OPTIONS) as unknown as { runs: { results: { level: string }[] }[]; version: string };
    log.runs[0]!.results[0]!.level = 'fatal';
    expect(sarifSchemaErrors(log).join('\n')).toContain('/runs/0/results/0/level');
    expect(sarifSchemaErrors({ ...log, version: '2.0.0' }).length).toBeGreaterThan(0);
  });
});
