/**
 * What the checks found, in every plan output: the findings grouped so that what blocks the apply
 * is read first, the overridden ones with reason, who and when, the skipped rules, the packs, and
 * the text plan's closing line on whether policy refuses the apply. Hand-made plans: no rule or
 * pack runs here.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/findings/types.js';
import type { Plan } from '../../src/plan/plan.js';
import { renderPlanJson, renderPlanMarkdown, renderPlanText } from '../../src/render/render-document.js';
import { createStyle } from '../../src/render/style.js';
import { ADVISORY, basePlan, checkedPlan, MANDATORY, OVERRIDABLE, OVERRIDDEN, PACKS, SKIPPED, WARNING } from './findings-plans.js';

const plain = createStyle(false);
/** Any control character a plan could carry raw (the newline is the layout's own). */
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The lines of the text plan from the first line starting with `from` on. */
function linesFrom(text: string, from: string): string[] {
  const lines = text.split('\n');
  return lines.slice(lines.findIndex((line) => line.startsWith(from)));
}

describe('the text plan', () => {
  it('lists what blocks the apply first, then the overridden findings, then the others, the skipped rules and the packs, and ends with the refusal', () => {
    const text = renderPlanText(checkedPlan(), plain);
    expect(linesFrom(text, 'Findings that block')).toEqual([
      'Findings that block the apply (2):',
      '  ! mandatory plan-default-profile-change (paycfg/plan-rules): acquirer/host-b-usd at paycfg.yaml:12:5: the default profile changes from host-a-usd to host-b-usd',
      '  ! overridable plan-terminal-reach (paycfg/plan-rules): emv/visa-usd: the change reaches 240 terminals, more than 100',
      '',
      'Findings overridden for this apply (1):',
      '  - overridable plan-delete-with-payments (paycfg/plan-rules): merchant/m2: merchant/m2 carried 12 payments in the impact window',
      '      overridden by alice at 2025-03-01T10:00:00.000Z: CHG-1042: the merchant closed, its payments are settled',
      '',
      'Findings that do not block the apply (2):',
      '  - warning emv-floor-limit-digits (paycfg/payment-rules): emv/visa-usd at paycfg.yaml:4:7: the floor limit 5000 has 4 digits, the terminal reads 8',
      '  - advisory acme-notify-https (acme/payments): merchant/m1: the notify URL is not https',
      '',
      'Rules switched off in the manifest (1):',
      '  - emv-aid-network switched off for emv/test-card: a test card of the acquirer, not a network AID (paycfg.yaml:20:9)',
      '',
      'Policy packs evaluated (2):',
      '  - builtin (named at --policy)',
      '  - policies/acme.ts (named at paycfg.yaml:2:5; levels: acme-notify-https=advisory, plan-terminal-reach=overridable)',
      '',
      'The apply will be refused by policy: 2 findings block it. plan-default-profile-change cannot be overridden: change the manifest (or the live group) ' +
        'so that it finds nothing, and plan again. To let the overridable ones through, apply with --override plan-terminal-reach=<reason> ' +
        '(the journal records each reason, who gave it and when).',
      '',
    ]);
    // The pack's config is the JSON's to show; the levels say what the pack was told.
    expect(text).not.toContain('maxTerminals');
  });

  it('comes after the blocked changes and before the records left alone; the closing line comes last', () => {
    const text = renderPlanText(
      checkedPlan({
        blocked: [{ address: 'merchant/m3', kind: 'merchant', key: 'm3', action: 'delete', cause: 'in-use', reason: 'still in use', blockers: [] }],
        summary: { create: 0, update: 1, delete: 0, replace: 0, blocked: 1 },
        unmanaged: [{ address: 'merchant/tea', kind: 'merchant', key: 'tea' }],
      }),
      plain,
    );
    const at = (needle: string): number => text.indexOf(needle);
    expect(at('Blocked: 1 change')).toBeGreaterThan(0);
    expect(at('Blocked: 1 change')).toBeLessThan(at('Findings that block the apply'));
    expect(at('Policy packs evaluated')).toBeLessThan(at('Not managed by the manifest'));
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^The apply will be refused by policy/);
  });

  it('says how to let overridable findings through, one flag per rule, and that nothing blocks when nothing does', () => {
    const second: Finding = { ...OVERRIDABLE, address: 'emv/mc-usd' };
    const reach: Finding = { ...OVERRIDABLE, rule: 'acme-mcc-change', pack: 'acme/payments' };
    const only = renderPlanText(basePlan({ findings: [OVERRIDABLE, second, reach] }), plain);
    expect(only.trimEnd().split('\n').at(-1)).toBe(
      'The apply will be refused by policy: 3 findings block it. To let them through, apply with --override plan-terminal-reach=<reason> --override acme-mcc-change=<reason> ' +
        '(the journal records each reason, who gave it and when).',
    );
    const one = renderPlanText(basePlan({ findings: [OVERRIDABLE] }), plain);
    expect(one).toContain('1 finding blocks it. To let it through, apply with --override plan-terminal-reach=<reason>');
    const mandatory = renderPlanText(basePlan({ findings: [MANDATORY, { ...MANDATORY, rule: 'acme-no-friday' }] }), plain);
    expect(mandatory.trimEnd().split('\n').at(-1)).toBe(
      'The apply will be refused by policy: 2 findings block it. plan-default-profile-change and acme-no-friday cannot be overridden: ' +
        'change the manifest (or the live group) so that they find nothing, and plan again.',
    );
    expect(mandatory).not.toContain('--override');
    expect(renderPlanText(basePlan({ findings: [WARNING, ADVISORY] }), plain).trimEnd().split('\n').at(-1)).toBe('No finding blocks the apply.');
    expect(renderPlanText(basePlan({ findings: [OVERRIDDEN] }), plain).trimEnd().split('\n').at(-1)).toBe('No finding blocks the apply (1 finding overridden, above).');
    // Packs evaluated that found nothing: said as plainly.
    const clean = renderPlanText(basePlan({ policyPacks: PACKS }), plain);
    expect(clean).not.toContain('Findings');
    expect(clean.trimEnd().split('\n').slice(-5)).toEqual([
      'Policy packs evaluated (2):',
      '  - builtin (named at --policy)',
      '  - policies/acme.ts (named at paycfg.yaml:2:5; levels: acme-notify-https=advisory, plan-terminal-reach=overridable)',
      '',
      'No finding blocks the apply.',
    ]);
    expect(clean.trimEnd().split('\n').at(-1)).toBe('No finding blocks the apply.');
    // Skipped rules alone: no verdict, no pack was named and nothing was found.
    const skipped = renderPlanText(basePlan({ skippedRules: [SKIPPED] }), plain);
    expect(skipped.trimEnd().split('\n').at(-1)).toBe('  - emv-aid-network switched off for emv/test-card: a test card of the acquirer, not a network AID (paycfg.yaml:20:9)');
  });

  it('in a drift report lists the findings without the apply verdict', () => {
    const text = renderPlanText(checkedPlan(), plain, 'drift');
    expect(text).toContain('Findings that block the apply (2):');
    expect(text).not.toContain('The apply will be refused');
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^Drift detected/);
  });

  it('colours what blocks red, and the rest keeps its words', () => {
    const colour = createStyle(true);
    const text = renderPlanText(checkedPlan(), colour);
    expect(text).toContain(colour.red(colour.bold('Findings that block the apply (2):')));
    expect(text).toContain(`  ${colour.red('!')} mandatory plan-default-profile-change`);
    expect(text).toContain(`${colour.red('').slice(0, -5)}${colour.bold('').slice(0, -5)}The apply will be refused by policy: 2 findings block it.`);
    expect(text.replace(/\x1b\[\d+m/g, '')).toBe(renderPlanText(checkedPlan(), plain));
  });

  it('shows a long message whole: a terminal wraps it, a reviewer approves all of it', () => {
    const long = `${'the change reaches merchants '.repeat(200)}end`;
    const text = renderPlanText(basePlan({ findings: [{ ...ADVISORY, message: long }] }), plain);
    expect(text).toContain(`merchant/m1: ${long}\n`);
  });
});

describe('the Markdown plan', () => {
  it('puts what blocks the apply in a caution under the heading, with the way on, and the rest after the blocked changes', () => {
    const markdown = renderPlanMarkdown(checkedPlan());
    const lines = markdown.split('\n');
    expect(lines.slice(4, 11)).toEqual([
      '> [!CAUTION]',
      '> **Findings that block the apply (2)**',
      '>',
      '> - mandatory `plan-default-profile-change` (paycfg/plan-rules): `acquirer/host-b-usd` at `paycfg.yaml:12:5`: the default profile changes from host-a-usd to host-b-usd',
      '> - overridable `plan-terminal-reach` (paycfg/plan-rules): `emv/visa-usd`: the change reaches 240 terminals, more than 100',
      '>',
      '> The apply will be refused by policy: 2 findings block it. `plan-default-profile-change` cannot be overridden: change the manifest (or the live group) ' +
        'so that it finds nothing, and plan again. To let the overridable ones through, apply with `--override plan-terminal-reach=<reason>` ' +
        '(the journal records each reason, who gave it and when).',
    ]);
    expect(markdown.indexOf('> [!CAUTION]')).toBeLessThan(markdown.indexOf('| | change | reason |'));
    expect(markdown).toContain(
      [
        '**Findings overridden for this apply (1)**',
        '',
        '- overridable `plan-delete-with-payments` (paycfg/plan-rules): `merchant/m2`: merchant/m2 carried 12 payments in the impact window',
        '  - overridden by alice at 2025-03-01T10:00:00.000Z: CHG-1042: the merchant closed, its payments are settled',
        '',
        '**Findings that do not block the apply (2)**',
        '',
        '- warning `emv-floor-limit-digits` (paycfg/payment-rules): `emv/visa-usd` at `paycfg.yaml:4:7`: the floor limit 5000 has 4 digits, the terminal reads 8',
        '- advisory `acme-notify-https` (acme/payments): `merchant/m1`: the notify URL is not https',
        '',
        '<details><summary>Rules switched off in the manifest (1)</summary>',
        '',
        '- `emv-aid-network` switched off for `emv/test-card`: a test card of the acquirer, not a network AID (`paycfg.yaml:20:9`)',
        '',
        '</details>',
        '',
        'Policy packs evaluated (2): `builtin` (named at `--policy`), `policies/acme.ts` (named at `paycfg.yaml:2:5`; levels: `acme-notify-https=advisory`, `plan-terminal-reach=overridable`).',
        '',
      ].join('\n'),
    );
    expect(markdown.indexOf('</details>')).toBeLessThan(markdown.indexOf('**Findings overridden'));
  });

  it('says once that nothing blocks, after the findings', () => {
    const markdown = renderPlanMarkdown(basePlan({ findings: [WARNING], policyPacks: [PACKS[0]!] }));
    expect(markdown).not.toContain('[!CAUTION]');
    expect(markdown.trimEnd().split('\n').slice(-3)).toEqual(['Policy packs evaluated (1): `builtin` (named at `--policy`).', '', 'No finding blocks the apply.']);
  });

  it("reads a module's words as words: no link, mention, emphasis or HTML", () => {
    const message = 'see [the runbook](https://evil.example) and ping @acme/payments **now** <img src=x> | #12';
    const markdown = renderPlanMarkdown(basePlan({ findings: [{ ...MANDATORY, message, rule: 'acme`rule' }] }));
    const item = markdown.split('\n').find((line) => line.startsWith('> - mandatory'))!;
    expect(item).toContain('see \\[the runbook\\](https:\u2060//evil.example) and ping @\u2060acme/payments \\*\\*now\\*\\* \\<img src=x\\> \\| #\u206012');
    expect(item).toContain('``acme`rule``');
  });

  it('keeps within its length: the blocking findings before the others, what is left out counted', () => {
    const many: Finding[] = Array.from({ length: 400 }, (_, i) => ({ ...ADVISORY, address: `merchant/m${i}`, message: `advisory number ${i} ${'x'.repeat(80)}` }));
    const blocking: Finding[] = Array.from({ length: 30 }, (_, i) => ({ ...MANDATORY, address: `acquirer/p${i}` }));
    const markdown = renderPlanMarkdown(basePlan({ findings: [...many, ...blocking] }), 'plan', { maxLength: 12_000 });
    expect(markdown.length).toBeLessThanOrEqual(12_000);
    expect(markdown.match(/^> - mandatory/gm)).toHaveLength(30);
    expect(markdown).toMatch(/^- … \d+ more findings not shown, to keep this comment under GitHub's size limit/m);
    expect(markdown).toContain('The apply will be refused by policy: 30 findings block it.');
  });
});

describe('the JSON plan', () => {
  it('carries the findings in the order they are read, each with its keys in one order, and the skipped rules and packs as they are', () => {
    const json = JSON.parse(renderPlanJson(checkedPlan()));
    expect(json.findings.map((f: Finding) => f.rule)).toEqual([
      'plan-default-profile-change',
      'plan-terminal-reach',
      'plan-delete-with-payments',
      'emv-floor-limit-digits',
      'acme-notify-https',
    ]);
    expect(Object.keys(json.findings[0])).toEqual(['rule', 'pack', 'level', 'blocking', 'address', 'location', 'message']);
    expect(json.findings[2]).toEqual(OVERRIDDEN);
    expect(json.skippedRules).toEqual([SKIPPED]);
    expect(json.policyPacks).toEqual(PACKS);
    expect(Object.keys(json).slice(-3)).toEqual(['findings', 'skippedRules', 'policyPacks']);
  });

  it('leaves out an empty list: a plan that found nothing is the plan it was before', () => {
    const empty = basePlan({ findings: [], skippedRules: [], policyPacks: [] });
    expect(renderPlanJson(empty)).toBe(renderPlanJson(basePlan()));
    expect(renderPlanText(empty, plain)).toBe(renderPlanText(basePlan(), plain));
    expect(renderPlanMarkdown(empty)).toBe(renderPlanMarkdown(basePlan()));
  });
});

describe('text from a module or the manifest, and secrets', () => {
  const HOSTILE = 'bad\x1b[2K\x1b[1A\u202e\x9b\x7f\nforged line\r';
  const hostile = (text: string): Plan =>
    basePlan({
      findings: [
        { ...MANDATORY, message: text, rule: `rule${text}`, pack: `pack${text}`, address: `emv/${text}`, location: { file: `f${text}.yaml`, line: 1, col: 2 } },
        { ...OVERRIDDEN, override: { reason: text, by: text, at: text } },
      ],
      skippedRules: [{ ...SKIPPED, reason: text, rule: text, address: `emv/${text}`, location: { file: text, line: 3, col: 4 } }],
      policyPacks: [{ pack: text, namedAt: text, levels: { [text]: 'off' } }],
    });

  it('shows control and bidi characters as escapes: no line can be forged, no terminal driven', () => {
    const text = renderPlanText(hostile(HOSTILE), createStyle(true));
    // paycfg's own colours aside, nothing raw.
    expect(text.replace(/\x1b\[\d+m/g, '')).not.toMatch(RAW);
    expect(text).toContain('bad\\e[2K\\e[1A\\u202e\\u009b\\u007f\\nforged line\\r');
    expect(text.split('\n').filter((line) => line.startsWith('forged line'))).toEqual([]);
    const markdown = renderPlanMarkdown(hostile(HOSTILE));
    expect(markdown).not.toMatch(RAW);
    expect(markdown.split('\n').filter((line) => line.startsWith('forged line'))).toEqual([]);
    const json = renderPlanJson(hostile(HOSTILE));
    expect(json).not.toMatch(RAW);
    // The JSON keeps the value: escaped, not changed.
    expect(JSON.parse(json).findings[0].message).toBe(HOSTILE);
  });

  it("masks a secret value of the plan quoted in a finding's message, an override's reason or a skipped rule's reason, in every output", () => {
    const quoting = `the admin password ${'till-admin-Secret-77'} is weak (base64 ${Buffer.from('till-admin-Secret-77').toString('base64')})`;
    const plan = basePlan({
      findings: [{ ...ADVISORY, message: quoting }, { ...OVERRIDDEN, override: { ...OVERRIDDEN.override!, reason: quoting } }],
      skippedRules: [{ ...SKIPPED, reason: quoting }],
    });
    for (const output of [renderPlanText(plan, plain), renderPlanMarkdown(plan), renderPlanJson(plan)]) {
      expect(output).not.toContain('till-admin-Secret-77');
      expect(output).not.toContain(Buffer.from('till-admin-Secret-77').toString('base64'));
    }
    const json = JSON.parse(renderPlanJson(plan));
    expect(json.findings.map((f: Finding) => f.message)).toContain('the admin password (sensitive) is weak (base64 (sensitive))');
    expect(json.skippedRules[0].reason).toBe('the admin password (sensitive) is weak (base64 (sensitive))');
    // The live value, secret too, is masked as well.
    const live = renderPlanText(basePlan({ findings: [{ ...ADVISORY, message: 'was old-admin-pw' }] }), plain);
    expect(live).toContain('advisory acme-notify-https (acme/payments): merchant/m1: was (sensitive)');
  });
});
