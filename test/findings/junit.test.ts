import { describe, expect, it } from 'vitest';
import { findingsJunit } from '../../src/findings/junit.js';
import type { FindingsReport } from '../../src/findings/types.js';
import { CLEAN_REPORT, EMPTY_REPORT, FULL_REPORT } from './reports.js';
import { junitSchemaErrors } from './schemas.js';
import { unescapeXml } from './xml-reading.js';

/** The `<testcase>` element of a rule, whole. */
function testCase(xml: string, name: string): string {
  const match = new RegExp(`<testcase classname="[^"]*" name="${name}"(/>|>[\\s\\S]*?</testcase>)`).exec(xml);
  if (match === null) throw new Error(`no test case ${name} in\n${xml}`);
  return match[0];
}

describe('findingsJunit', () => {
  it('is valid against junit-10.xsd for a report with findings of every level, placed and not, overridden and switched off', async () => {
    const xml = findingsJunit(FULL_REPORT);
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="paycfg" tests="8" failures="4" errors="0">\n')).toBe(true);
    expect(xml.endsWith('</testsuites>\n')).toBe(true);
  });

  it('is valid for an empty report, and for rules that found nothing: every rule a passing case', async () => {
    const empty = findingsJunit(EMPTY_REPORT);
    expect(empty).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="paycfg" tests="0" failures="0" errors="0"/>\n');
    expect(await junitSchemaErrors(empty)).toEqual([]);
    const clean = findingsJunit(CLEAN_REPORT);
    expect(await junitSchemaErrors(clean)).toEqual([]);
    expect(clean).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="paycfg" tests="3" failures="0" errors="0">',
        '  <testsuite name="paycfg/payment-rules" tests="3" failures="0" errors="0">',
        '    <testcase classname="paycfg/payment-rules" name="emv-contactless-limits"/>',
        '    <testcase classname="paycfg/payment-rules" name="emv-aid-network"/>',
        '    <testcase classname="paycfg/payment-rules" name="merchant-mcc-known"/>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('has one suite per pack and one case per rule, classname the pack and name the rule id', () => {
    const xml = findingsJunit(FULL_REPORT);
    const suites = [...xml.matchAll(/<testsuite name="([^"]*)" tests="(\d+)" failures="(\d+)" errors="0">/g)].map((m) => [m[1], Number(m[2]), Number(m[3])]);
    expect(suites).toEqual([
      ['paycfg/payment-rules', 4, 1],
      ['paycfg/plan-rules', 3, 2],
      ['acme/payments', 1, 1],
    ]);
    const cases = [...xml.matchAll(/<testcase classname="([^"]*)" name="([^"]*)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(cases).toEqual([
      'paycfg/payment-rules emv-contactless-limits',
      'paycfg/payment-rules emv-aid-network',
      'paycfg/payment-rules merchant-mcc-known',
      'paycfg/payment-rules device-emv-currency',
      'paycfg/plan-rules plan-terminal-reach',
      'paycfg/plan-rules plan-default-profile-change',
      'paycfg/plan-rules plan-delete-with-payments',
      'acme/payments no-weekend-changes',
    ]);
    expect(xml).not.toContain('<skipped');
  });

  it('fails a rule with a blocking finding: type the level, the first finding as message, every blocking finding a line of the text', () => {
    const xml = findingsJunit(FULL_REPORT);
    expect(testCase(xml, 'emv-contactless-limits')).toBe(
      [
        '<testcase classname="paycfg/payment-rules" name="emv-contactless-limits">',
        '      <failure type="error" message="manifests/emv.yaml:12:7: emv/visa-usd: emvConfigs[0].contactless.cvmLimit: the CVM limit 5000 is above the transaction limit 4000 (USD minor units) [error] (and 1 more)">' +
          'manifests/emv.yaml:12:7: emv/visa-usd: emvConfigs[0].contactless.cvmLimit: the CVM limit 5000 is above the transaction limit 4000 (USD minor units) [error]\n' +
          'manifests/emv.yaml:31:7: emv/mc-eur: emvConfigs[1].contactless.floorLimit: the floor limit 9000 is above the CVM limit 5000 [error]</failure>',
        '    </testcase>',
      ].join('\n'),
    );
    expect(testCase(xml, 'plan-delete-with-payments')).toContain(
      '<failure type="mandatory" message="merchant/old-shop: merchant/old-shop carried 312 payments in the last 30 days [mandatory]">',
    );
  });

  it('lets a rule pass with what does not block in its system-out: a warning, an advisory finding, an override with who, when and why', () => {
    const xml = findingsJunit(FULL_REPORT);
    expect(testCase(xml, 'merchant-mcc-known')).toBe(
      [
        '<testcase classname="paycfg/payment-rules" name="merchant-mcc-known">',
        '      <system-out>manifests/merchants/coffee.yaml:4:10: merchant/coffee-001: merchants[0].mcc: 9999 is not a code of ISO 18245 [warning]</system-out>',
        '    </testcase>',
      ].join('\n'),
    );
    expect(testCase(xml, 'plan-default-profile-change')).toContain('<system-out>profile/card-default: the default profile changes [advisory]</system-out>');
    // One overridden and one not: the case fails for the one, and says the other was let through.
    const reach = testCase(xml, 'plan-terminal-reach');
    expect(reach).toContain('<failure type="overridable" message="emv/visa-usd: the change reaches 240 terminals, more than 100 [overridable]">');
    expect(reach).toContain(
      '<system-out>profile/card-default: the change reaches 180 terminals, more than 100 [overridable, overridden by alice at 2026-12-01T10:00:00.000Z: migration window agreed with the acquirer]</system-out>',
    );
  });

  it('lists the records a rule was switched off for, with the reason, in its system-out, and does not skip the case', () => {
    const xml = findingsJunit(FULL_REPORT);
    expect(testCase(xml, 'device-emv-currency')).toBe(
      [
        '<testcase classname="paycfg/payment-rules" name="device-emv-currency">',
        '      <system-out>manifests/merchants/coffee.yaml:22:9: device/till-7: switched off in the manifest: a test terminal in EUR for the euro pilot</system-out>',
        '    </testcase>',
      ].join('\n'),
    );
  });

  it('escapes quotes, markup and ampersands, shows controls and bidirectional overrides as escapes, keeps non-ASCII text, drops what XML cannot hold', async () => {
    const xml = findingsJunit(FULL_REPORT);
    expect(xml).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\ufffe\uffff]/);
    const pbo = testCase(xml, 'no-weekend-changes');
    const shown = String.raw`"quoted" & 'single' <tag> ]]> \u001b[2K\u0007\u0000 cr\u000dend \u202etxet\u202c Zürich 東京 💳 `;
    const failure = /<failure type="overridable" message="([^"]*)">([^<]*)<\/failure>/.exec(pbo);
    expect(failure).not.toBeNull();
    expect(unescapeXml(failure![1]!)).toBe('the plan was made on a Saturday [overridable] (and 1 more)');
    expect(unescapeXml(failure![2]!)).toBe(`the plan was made on a Saturday [overridable]\nmanifests/merchants/coffee.yaml:9:3: merchant/${shown}: ${shown} [overridable]`);
    expect(failure![2]).toContain(`"quoted" &amp; 'single' &lt;tag&gt; ]]&gt;`);
    expect(xml).toContain('Zürich 東京 💳');
    const skipped = /<testcase classname="paycfg\/payment-rules" name="emv-aid-network">\s*<system-out>([^<]*)<\/system-out>/.exec(xml);
    expect(unescapeXml(skipped![1]!)).toBe(`emv/pilot: switched off in the manifest: vendor "pilot" AID <until 2027> & ${shown}`);
    expect(await junitSchemaErrors(xml)).toEqual([]);
  });

  it('names a pack and a rule that hold markup as attribute values that stay valid', async () => {
    const report: FindingsReport = {
      rules: [{ id: 'a"b<c>&d', pack: `x'y"\nz`, title: 't', level: 'mandatory' }],
      findings: [{ rule: 'a"b<c>&d', pack: `x'y"\nz`, level: 'mandatory', message: 'm', blocking: true }],
      skipped: [],
    };
    const xml = findingsJunit(report);
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<testsuite name="x&apos;y&quot;\\u000az"');
    expect(xml).toContain('<testcase classname="x&apos;y&quot;\\u000az" name="a&quot;b&lt;c&gt;&amp;d">');
  });

  it('the schema check catches a report Jenkins would refuse', async () => {
    const xml = findingsJunit(FULL_REPORT);
    expect((await junitSchemaErrors(xml.replace(' tests="4"', ''))).join('\n')).toMatch(/tests.*required/);
    expect((await junitSchemaErrors(xml.replace('<system-out>', '<stdout>').replace('</system-out>', '</stdout>'))).length).toBeGreaterThan(0);
    expect((await junitSchemaErrors(xml.replace('&amp;', '&'))).length).toBeGreaterThan(0);
  });
});
