/**
 * The settlement guard's pure pieces: which changes it guards, which plans read settlement data,
 * the planner blocking (or warning of) a change with unsettled batches, a blocked replacement making
 * no detach step (unsettled or in use), the terminal budget, and the impact window's forms.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { renderPlanJson } from '../../src/render/render-document.js';
import { UsageError } from '../../src/errors.js';
import { parseImpactWindow, settlementReadStart } from '../../src/payments/impact-window.js';
import type { SettlementBatchFacts } from '../../src/payments/settlement-batch.js';
import { planChanges } from '../../src/plan/plan-changes.js';
import type { Change, Plan } from '../../src/plan/plan.js';
import { guardedAddress, isMoneyRelevant, refuseUnsettledSince, SavedPlanUnsettledError, unsettledByAddress, unsettledChanges } from '../../src/plan/settlement-guard.js';
import { AffectedTerminalsError, checkTerminalBudget, terminalBudgetOf } from '../../src/plan/terminal-budget.js';
import { binding, context, desiredState, device, emv, live, liveState, merchant, profile } from './states.js';

const actions = (plan: Plan) => plan.changes.map((c) => `${c.action} ${c.address}`);
const blocked = (plan: Plan) => plan.blocked.map((b) => `${b.cause} ${b.action} ${b.address}`);

function batch(batchId: string, state: number, extra: Partial<SettlementBatchFacts> = {}): SettlementBatchFacts {
  return {
    batchId,
    profileName: 'p',
    acquirerMid: '',
    acquirerTid: '',
    mchName: 'm1',
    currency: 'USD',
    state,
    paymentCount: 2,
    paymentAmt: 10.1 + 0.2,
    refundCount: 0,
    refundAmt: 0,
    createdAt: `2026-11-0${batchId.slice(-1)}T10:00:00Z`,
    updatedAt: `2026-11-0${batchId.slice(-1)}T11:00:00Z`,
    ...extra,
  };
}

const change = (c: Partial<Change> & Pick<Change, 'address' | 'kind' | 'key' | 'action'>): Change => ({
  before: null,
  after: null,
  patch: [],
  dependsOn: [],
  reason: '',
  notes: [],
  ...c,
});

describe('guardedAddress and isMoneyRelevant', () => {
  it('guards profile, binding and merchant deletes, replacements, and terminals leaving; nothing else', () => {
    expect(guardedAddress(change({ address: 'acquirer/p', kind: 'acquirer', key: 'p', action: 'delete' }))).toBe('acquirer/p');
    expect(guardedAddress(change({ address: 'acquirer/p#old', kind: 'acquirer', key: 'p', action: 'delete', step: 'replace-old' }))).toBe('acquirer/p');
    expect(guardedAddress(change({ address: 'binding/m/p/USD', kind: 'binding', key: 'm/p/USD', action: 'delete' }))).toBe('binding/m/p/USD');
    expect(guardedAddress(change({ address: 'merchant/m', kind: 'merchant', key: 'm', action: 'delete' }))).toBe('merchant/m');
    expect(guardedAddress(change({ address: 'device/m/t', kind: 'device', key: 'm/t', action: 'delete', disposal: 'decommission' }))).toBe('device/m/t');
    expect(guardedAddress(change({ address: 'device/m/t', kind: 'device', key: 'm/t', action: 'delete', disposal: 'logout' }))).toBe('device/m/t');
    // A pending code never took a payment; an EMV config carries none; the service's own binding is not live.
    expect(guardedAddress(change({ address: 'device/m/t', kind: 'device', key: 'm/t', action: 'delete', disposal: 'delete' }))).toBeUndefined();
    expect(guardedAddress(change({ address: 'emv/e', kind: 'emv', key: 'e', action: 'delete' }))).toBeUndefined();
    expect(guardedAddress(change({ address: 'binding/m/p/USD', kind: 'binding', key: 'm/p/USD', action: 'delete', predicted: true }))).toBeUndefined();
    expect(guardedAddress(change({ address: 'binding/m/p/USD#detach', kind: 'binding', key: 'm/p/USD', action: 'delete', step: 'detach' }))).toBeUndefined();
    expect(guardedAddress(change({ address: 'merchant/m', kind: 'merchant', key: 'm', action: 'update' }))).toBeUndefined();
  });

  it('reads settlement data for a guarded change, a replacement, a binding methods change, a profile connUrl or connMessageFormat change', () => {
    const relevant = (c: Change) => isMoneyRelevant([c]);
    expect(relevant(change({ address: 'acquirer/p', kind: 'acquirer', key: 'p', action: 'delete' }))).toBe(true);
    expect(relevant(change({ address: 'acquirer/p', kind: 'acquirer', key: 'p', action: 'replace' }))).toBe(true);
    expect(relevant(change({ address: 'binding/m/p/USD', kind: 'binding', key: 'm/p/USD', action: 'update', patch: [{ op: 'remove', path: '/methods/02' }] }))).toBe(true);
    expect(relevant(change({ address: 'acquirer/p', kind: 'acquirer', key: 'p', action: 'update', patch: [{ op: 'replace', path: '/connUrl', value: 'x' }] }))).toBe(true);
    expect(relevant(change({ address: 'acquirer/p', kind: 'acquirer', key: 'p', action: 'update', patch: [{ op: 'replace', path: '/connMessageFormat', value: 'x' }] }))).toBe(true);
    expect(relevant(change({ address: 'acquirer/p', kind: 'acquirer', key: 'p', action: 'update', patch: [{ op: 'replace', path: '/notifyUrl', value: 'x' }] }))).toBe(false);
    expect(relevant(change({ address: 'binding/m/p/USD', kind: 'binding', key: 'm/p/USD', action: 'update', patch: [{ op: 'replace', path: '/mid', value: 'x' }] }))).toBe(false);
    expect(relevant(change({ address: 'merchant/m', kind: 'merchant', key: 'm', action: 'update', patch: [{ op: 'replace', path: '/contactName', value: 'x' }] }))).toBe(false);
    expect(relevant(change({ address: 'emv/e', kind: 'emv', key: 'e', action: 'replace' }))).toBe(false);
    expect(relevant(change({ address: 'merchant/m', kind: 'merchant', key: 'm', action: 'create' }))).toBe(false);
    expect(isMoneyRelevant([])).toBe(false);
  });

  it('keeps only unsettled batches, oldest first', () => {
    const routes = new Map([
      ['acquirer/p', [batch('100003', 0), batch('100001', 1), batch('100002', 2)]],
      ['acquirer/q', [batch('100004', 1)]],
    ]);
    const unsettled = unsettledByAddress(routes);
    expect([...unsettled.keys()]).toEqual(['acquirer/p']);
    expect(unsettled.get('acquirer/p')!.map((b) => b.batchId)).toEqual(['100002', '100003']);
  });
});

describe('planChanges with unsettled batches', () => {
  const group = [
    live(emv('e'), 1),
    live(profile('p', { '01': ['e'] }), 10),
    live(merchant('m1'), 'M1'),
    live(binding('m1', 'p', { '01': ['e'] }), 'b1'),
    live(device('m1', 't1'), 'T1', { lifecycle: 'active' as const }),
  ];
  const unsettled = new Map([['acquirer/p', [batch('100001', 0)]], ['merchant/m1', [batch('100001', 0)]], ['binding/m1/p/USD', [batch('100001', 0)]], ['device/m1/t1', [batch('100001', 0)]]]);

  it('blocks a merchant delete, its binding and its terminal, with the batches (amounts in minor digits) and the way out', () => {
    const desired = desiredState([emv('e'), profile('p', { '01': ['e'] })], { prune: { merchants: true, activatedDevices: 'decommission' } });
    const free = planChanges(desired, liveState(group), context);
    expect(actions(free)).toEqual(['delete device/m1/t1', 'delete binding/m1/p/USD', 'delete merchant/m1']);
    const plan = planChanges(desired, liveState(group), { ...context, settlement: { unsettled } });
    expect(actions(plan)).toEqual([]);
    expect(blocked(plan)).toEqual(['unsettled delete binding/m1/p/USD', 'unsettled delete device/m1/t1', 'unsettled delete merchant/m1']);
    expect(plan.blocked[1]!.batches).toEqual([{ batchId: '100001', state: 0, paymentCount: 2, amount: 10.3, currency: 'USD' }]);
    expect(plan.blocked[1]!.reason).toBe('1 unsettled settlement batch routes through it: decommissioning it may leave that money with no way to the merchant');
    expect(plan.blocked[1]!.blockers).toEqual([
      'batch 100001 (open): 2 payments, USD 10.30',
      "settle it (POST /api/v2/settlement/settle {batchId}) or wait for the acquirer's cut-off, then plan again; or run with --allow-unsettled to go ahead and leave it unsettled",
    ]);
    expect(plan.warnings).toBeUndefined();
  });

  it('with allowUnsettled, makes the changes and warns of each, with its batches', () => {
    const desired = desiredState([emv('e'), profile('p', { '01': ['e'] })], { prune: { merchants: true, activatedDevices: 'decommission' } });
    const plan = planChanges(desired, liveState(group), { ...context, settlement: { unsettled, allowUnsettled: true } });
    expect(actions(plan)).toEqual(['delete device/m1/t1', 'delete binding/m1/p/USD', 'delete merchant/m1']);
    expect(plan.blocked).toEqual([]);
    expect(plan.warnings!.map((w) => w.address)).toEqual(['device/m1/t1', 'binding/m1/p/USD', 'merchant/m1']);
    expect(plan.warnings![0]!.message).toBe(
      '--allow-unsettled: 1 unsettled settlement batch routes through device/m1/t1, and the change goes ahead: batch 100001 (open): 2 payments, USD 10.30',
    );
  });

  it('blocks a profile replacement before any binding is detached (deleted), and the new binding waits', () => {
    const desired = desiredState([emv('e'), profile('p', { '01': ['e'] }, { acqType: 'card', currency: 'EUR' }), merchant('m1'), binding('m1', 'p', { '01': ['e'] })], {
      managedBindings: ['m1'],
    });
    const liveNow = liveState(group.slice(0, 4));
    expect(actions(planChanges(desired, liveNow, context))).toContain('delete binding/m1/p/USD#detach');
    const plan = planChanges(desired, liveNow, { ...context, settlement: { unsettled: new Map([['acquirer/p', [batch('100002', 2)]]]) } });
    expect(actions(plan)).toEqual([]);
    expect(blocked(plan)).toEqual(['unsettled replace acquirer/p']);
    expect(plan.blocked[0]!.reason).toContain('replacing (deleting) it may leave that money');
    expect(plan.blocked[0]!.blockers[0]).toBe('batch 100002 (settlement failed): 2 payments, USD 10.30');
  });

  it('blocks an in-use profile replacement before any managed binding is detached (deleted and never bound again)', () => {
    const liveNow = liveState([
      live(emv('e'), 1),
      live(profile('p', { '01': ['e'] }), 10),
      live(merchant('m1'), 'M1'),
      live(merchant('m2'), 'M2'),
      live(binding('m1', 'p', { '01': ['e'] }), 'b1'),
      live(binding('m2', 'p', { '01': ['e'] }), 'b2'),
    ]);
    // m2's bindings are not managed: it cannot let go of p, so p's replacement is refused, and m1 must keep its binding.
    const desired = desiredState([emv('e'), profile('p', { '01': ['e'] }, { acqType: 'card', currency: 'EUR' }), merchant('m1'), binding('m1', 'p', { '01': ['e'] })], {
      managedBindings: ['m1'],
    });
    const plan = planChanges(desired, liveNow, context);
    expect(actions(plan)).toEqual([]);
    expect(blocked(plan)).toEqual(['in-use replace acquirer/p']);
    expect(plan.blocked[0]!.blockers).toEqual(['binding/m2/p/USD binds it and is not managed by the manifest']);
  });

  it('blocks an in-use EMV replacement before any managed user lets go of it', () => {
    const liveNow = liveState([live(emv('e'), 1), live(profile('p', { '01': ['e'] }), 10), live(profile('q', { '01': ['e'] }), 11)]);
    // q is not in the manifest (no prune): it keeps using e, so e cannot be replaced; p must not detach.
    const desired = desiredState([emv('e', '02'), profile('p', { '02': ['e'] })]);
    const plan = planChanges(desired, liveNow, context);
    expect(actions(plan).filter((a) => a.includes('#detach'))).toEqual([]);
    expect(blocked(plan)).toContain('in-use replace emv/e');
  });
});

describe('apply PLANFILE and unsettled batches', () => {
  it('names each guarded change and its batches, and says how to go on', () => {
    const changes = [
      change({ address: 'device/m1/t1', kind: 'device', key: 'm1/t1', action: 'delete', disposal: 'logout' }),
      change({ address: 'merchant/m2', kind: 'merchant', key: 'm2', action: 'update' }),
    ];
    const found = unsettledChanges(changes, new Map([['device/m1/t1', [batch('100001', 0)]], ['merchant/m2', [batch('100002', 0)]]]));
    expect(found.map((f) => f.address)).toEqual(['device/m1/t1']);
    expect(() => refuseUnsettledSince(found)).toThrow(SavedPlanUnsettledError);
    expect(() => refuseUnsettledSince(found)).toThrow('  - device/m1/t1 (logout): batch 100001 (open): 2 payments, USD 10.30');
    expect(() => refuseUnsettledSince([])).not.toThrow();
  });
});

describe('the terminal budget', () => {
  const withImpact = (address: string, terminals: number) =>
    change({ address, kind: 'emv', key: address.slice(4), action: 'update', impact: { merchants: 1, terminals } });

  it('refuses a plan with a change over the limit, naming each such change with its count, most first', () => {
    const plan = { changes: [withImpact('emv/a', 3), withImpact('emv/b', 12), withImpact('emv/c', 40), change({ address: 'emv/d', kind: 'emv', key: 'd', action: 'create' })] };
    expect(() => checkTerminalBudget(plan, terminalBudgetOf(40, undefined, 'manifest'))).not.toThrow();
    expect(() => checkTerminalBudget(plan, undefined)).not.toThrow();
    let error: unknown;
    try {
      checkTerminalBudget(plan, terminalBudgetOf(undefined, 10, 'manifest'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AffectedTerminalsError);
    expect((error as Error).message).toBe(
      '2 changes reach more terminals than safety.maxAffectedTerminals: 10 in the manifest allows; nothing was changed:\n' +
        '  - emv/c (update): 40 terminals\n  - emv/b (update): 12 terminals\n' +
        'Split the change (--target, or a smaller manifest change) so that each run reaches fewer terminals. ' +
        'If that is meant, run again with --max-affected-terminals 40 (it overrides safety.maxAffectedTerminals for one run), or raise safety.maxAffectedTerminals in a reviewed change.',
    );
    expect((error as AffectedTerminalsError).details).toEqual({ limit: 10, source: 'manifest', changes: { 'emv/c': 40, 'emv/b': 12 } });
    expect(terminalBudgetOf(5, 10, 'saved plan')).toEqual({ limit: 5, source: 'flag' });
  });

  it('never passes on terminals it did not count: a change within the limit whose terminals are not all known is refused, naming it; one over the limit says at least', () => {
    const unknown = (address: string, terminals: number) =>
      change({ address, kind: 'emv', key: address.slice(4), action: 'update', impact: { merchants: 2, terminals, terminalsKnown: false } });
    const plan = { changes: [withImpact('emv/a', 3), unknown('emv/b', 0), unknown('emv/c', 1)] };
    expect(() => checkTerminalBudget(plan, undefined)).not.toThrow();
    let error: unknown;
    try {
      checkTerminalBudget(plan, terminalBudgetOf(undefined, 5, 'saved plan'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AffectedTerminalsError);
    expect((error as Error).message).toBe(
      "the saved plan's safety.maxAffectedTerminals: 5 (from its manifest) cannot be checked: the plan did not count every terminal 2 changes reach " +
        '(it was made without a terminal budget, so the devices of merchants the manifest does not manage were not read); nothing was changed:\n' +
        '  - emv/b (update): at least 0 terminals, the rest unknown\n  - emv/c (update): at least 1 terminal, the rest unknown\n' +
        'Make the plan again with the budget (plan --max-affected-terminals 5 --out PLANFILE, or safety.maxAffectedTerminals in the manifest): it reads those devices and counts them.',
    );
    expect((error as AffectedTerminalsError).details).toEqual({ limit: 5, source: 'saved plan', unknown: ['emv/b', 'emv/c'] });
    expect(() => checkTerminalBudget({ changes: [unknown('emv/b', 2)] }, terminalBudgetOf(1, undefined, 'manifest'))).toThrow('  - emv/b (update): at least 2 terminals\n');
  });
});

describe('the impact window', () => {
  it('takes <N>d and <N>h from 1 day to 366 days, and refuses anything else naming the flag', () => {
    expect(parseImpactWindow(undefined)).toEqual({ text: '30d', ms: 30 * 86_400_000 });
    expect(parseImpactWindow('7d')).toEqual({ text: '7d', ms: 7 * 86_400_000 });
    expect(parseImpactWindow('36h')).toEqual({ text: '36h', ms: 36 * 3_600_000 });
    expect(parseImpactWindow('366d').ms).toBe(366 * 86_400_000);
    for (const bad of ['0d', '23h', '367d', '7', '7w', '-1d', '1.5d', 'd', '']) {
      expect(() => parseImpactWindow(bad)).toThrow(UsageError);
      expect(() => parseImpactWindow(bad)).toThrow('--impact-window must be a number of days (7d) or hours (36h)');
    }
    expect(() => parseImpactWindow('2w', 'impactWindow')).toThrow('impactWindow must be');
  });

  it('reads at least 90 days back, so that the guard sees older unsettled batches', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(settlementReadStart(now, parseImpactWindow('7d')).toISOString()).toBe('2026-08-27T12:00:00.000Z');
    expect(settlementReadStart(now, parseImpactWindow('120d')).toISOString()).toBe('2026-07-28T12:00:00.000Z');
  });
});

describe('the plan JSON format', () => {
  const schema = JSON.parse(readFileSync(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8'));
  const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);
  const group = [live(emv('e'), 1), live(profile('p', { '01': ['e'] }), 10), live(merchant('m1'), 'M1'), live(binding('m1', 'p', { '01': ['e'] }), 'b1')];
  const desired = desiredState([emv('e')], { prune: { merchants: true, acquirerProfiles: true } });
  const unsettled = new Map([['merchant/m1', [batch('100001', 0)]], ['acquirer/p', [batch('100002', 2)]]]);

  it('holds a blocked entry with cause unsettled and its batches, a warning with batches, and a change with its impact', () => {
    const blockedPlan = planChanges(desired, liveState(group), { ...context, settlement: { unsettled } });
    expect(blockedPlan.blocked.map((b) => b.cause)).toContain('unsettled');
    const json = JSON.parse(renderPlanJson(blockedPlan));
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);

    const allowed = planChanges(desired, liveState(group), { ...context, settlement: { unsettled, allowUnsettled: true } });
    const withImpact = {
      ...allowed,
      changes: allowed.changes.map((c, i) => ({
        ...c,
        impact: i === 0 ? { merchants: 1, terminals: 0, terminalsKnown: false as const } : { merchants: 1, terminals: 2, payments: { count: 2, amounts: { USD: 10.3 }, last: '2026-11-01T11:00:00.000Z', window: '30d' } },
      })),
    };
    const text = renderPlanJson(withImpact);
    const parsed = JSON.parse(text);
    expect(parsed.warnings.map((w: { batches: unknown[] }) => w.batches.length)).toEqual([1, 1]);
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
    // A batch state other than open or failed is not an unsettled batch.
    parsed.warnings[0].batches[0].state = 1;
    expect(validate(parsed)).toBe(false);
  });
});
