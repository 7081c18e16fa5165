/**
 * The policy engine over hand-made plans: levels and blocking, the built-in pack's rules, a PBO's
 * JavaScript and TypeScript modules in the worker, and every way a broken module fails closed.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyOverrides, blocksApply, evaluatePolicies, overrideGrants, PolicyModuleError, PolicyOverrideError, type PackSource } from '../../src/policy/index.js';
import { change, planOf } from './plan-fixtures.js';

const fixtures = fileURLToPath(new URL('../fixtures/policy/', import.meta.url));
const pack = (name: string, more: Partial<PackSource> = {}): PackSource => ({ pack: name, baseDir: fixtures, namedAt: '--policy', ...more });
const builtin = (more: Partial<PackSource> = {}): PackSource => ({ pack: 'builtin', baseDir: fixtures, namedAt: '--policy', ...more });

const wide = change({ kind: 'emv', key: 'visa-usd', action: 'update', impact: { merchants: 40, terminals: 250 } });
const narrow = change({ kind: 'emv', key: 'mc-usd', action: 'update', impact: { merchants: 1, terminals: 3 } });

describe('the built-in plan pack', () => {
  it('plan-terminal-reach: a change over maxTerminals is overridable, under it nothing; the manifest sets the threshold', async () => {
    const report = await evaluatePolicies(planOf([wide, narrow]), [builtin()]);
    expect(report.findings).toEqual([
      { rule: 'plan-terminal-reach', pack: 'paycfg/plan-rules', level: 'overridable', address: 'emv/visa-usd', message: 'updating it reaches 250 live terminals, more than 100', blocking: true },
    ]);
    expect(report.packs[0]!.rules.map((rule) => [rule.id, rule.level])).toEqual([
      ['plan-terminal-reach', 'overridable'],
      ['plan-default-profile-change', 'advisory'],
      ['plan-delete-with-payments', 'overridable'],
      ['plan-environment-value-leak', 'mandatory'],
    ]);
    expect((await evaluatePolicies(planOf([wide]), [builtin({ config: { maxTerminals: 300 } })])).findings).toEqual([]);
    expect((await evaluatePolicies(planOf([narrow]), [builtin({ config: { maxTerminals: 2 } })])).findings.map((f) => f.address)).toEqual(['emv/mc-usd']);
  });

  it('a bad config fails closed, naming the pack and the rule', async () => {
    await expect(evaluatePolicies(planOf([wide]), [builtin({ config: { maxTerminals: 'many' } })])).rejects.toThrow(
      /policy pack builtin \(--policy\): rule plan-terminal-reach threw: config.maxTerminals must be a whole number/,
    );
  });

  it('plan-default-profile-change: is, becomes or stops being the default; another profile is not', async () => {
    const becomes = change({ kind: 'acquirer', key: 'host-a', action: 'update', before: { asDefault: false }, after: { asDefault: true }, patch: [{ op: 'replace', path: '/asDefault', value: true }] });
    const stops = change({ kind: 'acquirer', key: 'host-b', action: 'update', before: { asDefault: true }, after: {}, patch: [{ op: 'remove', path: '/asDefault' }] });
    const is = change({ kind: 'acquirer', key: 'host-c', action: 'update', before: { asDefault: true, acquirerHost: 'a' }, after: { asDefault: true, acquirerHost: 'b' }, patch: [{ op: 'replace', path: '/acquirerHost', value: 'b' }] });
    const other = change({ kind: 'acquirer', key: 'host-d', action: 'update', before: { acquirerHost: 'a' }, after: { acquirerHost: 'b' } });
    const created = change({ kind: 'acquirer', key: 'host-e', action: 'create', after: { asDefault: true } });
    const report = await evaluatePolicies(planOf([becomes, stops, is, other, created]), [builtin()]);
    expect(report.findings.map((f) => [f.address, f.level, f.blocking, f.message])).toEqual([
      ['acquirer/host-a', 'advisory', false, expect.stringContaining('makes this profile the default')],
      ['acquirer/host-b', 'advisory', false, expect.stringContaining('stops being the default')],
      ['acquirer/host-c', 'advisory', false, 'updating the default profile (acquirerHost): new merchants route through it'],
      ['acquirer/host-e', 'advisory', false, expect.stringContaining('creates a profile as the default')],
    ]);
    expect(blocksApply(report)).toBe(false);
  });

  it('plan-delete-with-payments: a delete or replacement of a profile or merchant that took payments; none without payments, or of another kind', async () => {
    const traffic = { count: 12, amounts: { USD: 340.5 }, last: '2026-11-20T10:00:00Z', window: '30d' };
    const merchant = change({ kind: 'merchant', key: 'coffee-001', action: 'delete', impact: { merchants: 1, terminals: 2, payments: traffic } });
    const profile = change({ kind: 'acquirer', key: 'host-a', action: 'replace', impact: { merchants: 3, terminals: 4, payments: traffic } });
    const quiet = change({ kind: 'merchant', key: 'tea-001', action: 'delete', impact: { merchants: 1, terminals: 0, payments: { count: 0, amounts: {}, last: null, window: '30d' } } });
    const unread = change({ kind: 'merchant', key: 'tea-002', action: 'delete', impact: { merchants: 1, terminals: 0 } });
    const binding = change({ kind: 'binding', key: 'coffee-001/host-a/USD', action: 'delete', impact: { merchants: 1, terminals: 2, payments: traffic } });
    const updated = change({ kind: 'merchant', key: 'coffee-002', action: 'update', impact: { merchants: 1, terminals: 2, payments: traffic } });
    const report = await evaluatePolicies(planOf([merchant, profile, quiet, unread, binding, updated]), [builtin()]);
    expect(report.findings.map((f) => [f.rule, f.address, f.message])).toEqual([
      ['plan-delete-with-payments', 'merchant/coffee-001', 'deleting a merchant that took 12 payments in the last 30d (340.5 USD), the latest at 2026-11-20T10:00:00Z'],
      ['plan-delete-with-payments', 'acquirer/host-a', 'replacing a profile that took 12 payments in the last 30d (340.5 USD), the latest at 2026-11-20T10:00:00Z'],
    ]);
    expect(report.findings.every((f) => f.blocking && f.level === 'overridable')).toBe(true);
  });

  it("plan-environment-value-leak: another environment's literal value in an after-value, with environments only; a shared or short value is not a leak", async () => {
    const leaky = change({ kind: 'acquirer', key: 'host-a', action: 'update', after: { acquirerHost: 'acq.test.example', extra: { notifyUrl: 'https://notify.test.example/cb' }, passcode: '(sensitive)' } });
    const clean = change({ kind: 'acquirer', key: 'host-b', action: 'update', after: { acquirerHost: 'acq.example', currency: 'USD' } });
    const environment = {
      name: 'production',
      values: { ACQ_HOST: 'acq.example', CURRENCY: 'USD' },
      others: [{ name: 'test', values: { ACQ_HOST: 'acq.test.example', NOTIFY: 'notify.test.example', CURRENCY: 'USD', SHORT: 'USD1' } }],
    };
    const plan = planOf([leaky, clean], { sensitive: ['acquirer/host-a#/passcode'] });
    const report = await evaluatePolicies(plan, [builtin()], { environment });
    expect(report.findings.map((f) => [f.address, f.level, f.blocking, f.message])).toEqual([
      ['acquirer/host-a', 'mandatory', true, 'acquirerHost holds acq.test.example, the value of ${ACQ_HOST} in environment test, not production'],
      ['acquirer/host-a', 'mandatory', true, 'extra.notifyUrl holds notify.test.example, the value of ${NOTIFY} in environment test, not production'],
    ]);
    expect((await evaluatePolicies(plan, [builtin()])).findings).toEqual([]);
  });

  it('levels: the manifest raises, lowers or turns off a rule; a level naming no rule fails', async () => {
    const plan = planOf([wide]);
    expect((await evaluatePolicies(plan, [builtin({ levels: { 'plan-terminal-reach': 'mandatory' } })])).findings[0]).toMatchObject({ level: 'mandatory', blocking: true });
    expect((await evaluatePolicies(plan, [builtin({ levels: { 'plan-terminal-reach': 'advisory' } })])).findings[0]).toMatchObject({ level: 'advisory', blocking: false });
    const off = await evaluatePolicies(plan, [builtin({ levels: { 'plan-terminal-reach': 'off' } })]);
    expect(off.findings).toEqual([]);
    expect(off.packs[0]!.rules.map((rule) => rule.id)).not.toContain('plan-terminal-reach');
    await expect(evaluatePolicies(plan, [builtin({ levels: { 'plan-terminal-rech': 'off' } })])).rejects.toThrow(/levels names rule plan-terminal-rech, which pack paycfg\/plan-rules does not have/);
  });
});

describe('overrides', () => {
  it('let an overridable finding through with its reason, who and when; refuse what lets nothing through', async () => {
    const report = await evaluatePolicies(planOf([wide]), [builtin()]);
    expect(blocksApply(report)).toBe(true);
    const overridden = applyOverrides(report, [{ rule: 'plan-terminal-reach', reason: ' new contactless limit, CHG-1 ' }], 'octo', '2026-11-28T00:00:00.000Z');
    expect(blocksApply(overridden)).toBe(false);
    expect(overridden.findings[0]!.override).toEqual({ reason: 'new contactless limit, CHG-1', by: 'octo', at: '2026-11-28T00:00:00.000Z' });
    expect(overrideGrants(overridden.findings)).toEqual([
      { rule: 'plan-terminal-reach', pack: 'paycfg/plan-rules', reason: 'new contactless limit, CHG-1', by: 'octo', at: '2026-11-28T00:00:00.000Z', addresses: ['emv/visa-usd'] },
    ]);
    const refuse = (rule: string, reason = 'because') => () => applyOverrides(report, [{ rule, reason }], 'octo', 'now');
    expect(refuse('plan-terminal-rech')).toThrow(PolicyOverrideError);
    expect(refuse('plan-terminal-rech')).toThrow(/no policy pack of this run has rule plan-terminal-rech \(did you mean "plan-terminal-reach"\?\)/);
    expect(refuse('plan-environment-value-leak')).toThrow(/is mandatory, not overridable/);
    expect(refuse('plan-delete-with-payments')).toThrow(/found nothing in this plan/);
    expect(refuse('plan-terminal-reach', '  ')).toThrow(/has no reason/);
  });
});

describe("a PBO's modules, in the worker", () => {
  const deleted = change({ kind: 'merchant', key: 'coffee-001', action: 'delete' });
  const shortName = change({ kind: 'acquirer', key: 'ab', action: 'create', after: { profileName: 'ab' } });

  it('a JavaScript pack, with its config; its levels are its own', async () => {
    const report = await evaluatePolicies(planOf([deleted, narrow]), [pack('acme-pack.js', { config: { maxChanges: 1 } })]);
    expect(report.packs).toEqual([
      {
        name: 'acme/payments',
        source: 'acme-pack.js',
        rules: [
          { id: 'acme-no-merchant-delete', pack: 'acme/payments', title: 'Merchants are closed by the back office, never deleted by a plan', level: 'mandatory' },
          { id: 'acme-review-large-plans', pack: 'acme/payments', title: 'A plan of more than config.maxChanges changes is reviewed by two people', level: 'advisory' },
        ],
      },
    ]);
    expect(report.findings).toEqual([
      { rule: 'acme-no-merchant-delete', pack: 'acme/payments', level: 'mandatory', address: 'merchant/coffee-001', message: 'delete of a merchant: close it in the back office instead', blocking: true },
      { rule: 'acme-review-large-plans', pack: 'acme/payments', level: 'advisory', message: '2 changes, more than 1', blocking: false },
    ]);
  });

  it('a TypeScript pack, beside the built-in one and a JavaScript one, in the order named', async () => {
    const report = await evaluatePolicies(planOf([shortName, wide]), [pack('acme-typed.ts'), builtin(), pack('acme-pack.js')]);
    expect(report.packs.map((p) => p.name)).toEqual(['acme/typescript', 'paycfg/plan-rules', 'acme/payments']);
    expect(report.findings.map((f) => [f.pack, f.rule, f.address])).toEqual([
      ['acme/typescript', 'acme-profile-name-length', 'acquirer/ab'],
      ['paycfg/plan-rules', 'plan-terminal-reach', 'emv/visa-usd'],
    ]);
  });

  it('a pack named twice is evaluated once; two packs of one name fail', async () => {
    const twice = await evaluatePolicies(planOf([wide]), [builtin(), builtin({ namedAt: 'paycfg.yaml:3:5' }), pack('acme-pack.js'), pack('./acme-pack.js')]);
    expect(twice.packs.map((p) => p.name)).toEqual(['paycfg/plan-rules', 'acme/payments']);
    await expect(evaluatePolicies(planOf([wide]), [builtin(), pack('same-name.js')])).rejects.toThrow(
      /policy pack same-name.js \(--policy\): its pack is named paycfg\/plan-rules, as the pack of builtin \(--policy\) is/,
    );
  });

  const broken: [string, string, RegExp][] = [
    ['throws', 'throws.js', /policy pack throws.js \(--policy\): rule always-throws threw: cannot read the change list\. Nothing was saved or applied/],
    ['rejects', 'rejects.js', /policy pack rejects.js \(--policy\): rule always-rejects rejected: TypeError: lookup service unreachable/],
    ['loops forever', 'loops.js', /policy pack loops.js \(--policy\): did not finish within 500 ms \(a loop that never ends\?\); it was stopped/],
    ['returns garbage', 'garbage.js', /policy pack garbage.js \(--policy\): rule returns-garbage returned a list of 1, not a list of violations \(\{ message, address\? \}\): at \[0\]/],
    ['has no default export', 'no-default.js', /policy pack no-default.js \(--policy\): it has no default export/],
    ['exports what is not a pack', 'not-a-pack.js', /policy pack not-a-pack.js \(--policy\): its default export is not a policy pack \(at rules\[0\]\.check: check must be a function/],
    ['names a rule twice', 'duplicate-rules.js', /rule id twice is used twice in pack broken\/duplicate-rules/],
    ['cannot be found', 'missing.js', /policy pack missing.js \(--policy\): cannot be found: there is no file .*missing\.js/],
    ['does not parse', 'syntax-error.js', /policy pack syntax-error.js \(--policy\): cannot be loaded: SyntaxError/],
    ['ends the worker', 'exits.js', /policy pack exits.js \(--policy\): ended the policy worker \(exit code 3\)/],
    ['is not a module file', 'README.md', /a policy module is a JavaScript or TypeScript file/],
  ];
  for (const [what, file, message] of broken) {
    it(`a module that ${what} fails closed, naming the module`, async () => {
      const run = evaluatePolicies(planOf([wide]), [builtin(), pack(file)], { timeoutMs: 500 });
      await expect(run).rejects.toBeInstanceOf(PolicyModuleError);
      await expect(run).rejects.toThrow(message);
    });
  }

  it('a module sees the plan frozen: a rule that writes to it fails', async () => {
    const dir = path.join(fixtures, 'writes-plan.mjs');
    await expect(evaluatePolicies(planOf([wide]), [pack(dir)])).rejects.toThrow(/rule writes-plan threw: TypeError: Cannot assign to read only property/);
  });
});

describe('the examples to copy (examples/policy)', () => {
  const examples = fileURLToPath(new URL('../../examples/policy/', import.meta.url));

  it("the TypeScript copy of the built-in pack finds what the built-in pack finds, under its own name", async () => {
    const plan = planOf([wide, narrow, change({ kind: 'acquirer', key: 'host-a', action: 'update', before: { asDefault: true }, after: {} })]);
    const own = await evaluatePolicies(plan, [builtin()]);
    const copy = await evaluatePolicies(plan, [{ pack: 'plan-rules.ts', baseDir: examples, namedAt: '--policy' }]);
    expect(copy.findings).toEqual(own.findings.map((finding) => ({ ...finding, pack: 'example/plan-rules' })));
    expect(copy.findings.length).toBeGreaterThan(0);
  });

  it('the JavaScript example pack', async () => {
    const plan = planOf([
      change({ kind: 'merchant', key: 'coffee-001', action: 'delete' }),
      change({ kind: 'acquirer', key: 'host-a', action: 'update', before: { notifyUrl: 'https://a' }, after: { notifyUrl: 'http://a' } }),
    ]);
    const report = await evaluatePolicies(plan, [{ pack: 'payments-pack.js', baseDir: examples, namedAt: '--policy', config: { maxChanges: 1 } }]);
    expect(report.findings.map((f) => [f.rule, f.level, f.address])).toEqual([
      ['merchant-delete', 'mandatory', 'merchant/coffee-001'],
      ['notify-url-https', 'mandatory', 'acquirer/host-a'],
      ['large-plan', 'advisory', undefined],
    ]);
  });

  it("the example manifest's packs evaluate together, each once", async () => {
    const report = await evaluatePolicies(planOf([wide]), [
      builtin({ config: { maxTerminals: 250 } }),
      { pack: './payments-pack.js', baseDir: examples, namedAt: 'paycfg.yaml' },
      { pack: './plan-rules.ts', baseDir: examples, namedAt: 'paycfg.yaml', levels: { 'plan-terminal-reach': 'advisory' } },
    ]);
    expect(report.packs.map((p) => p.name)).toEqual(['paycfg/plan-rules', 'example/payments', 'example/plan-rules']);
    expect(report.findings.map((f) => [f.pack, f.rule, f.level])).toEqual([['example/plan-rules', 'plan-terminal-reach', 'advisory']]);
  });
});
