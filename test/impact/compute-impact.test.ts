import { describe, expect, it } from 'vitest';
import { computeImpact } from '../../src/impact/compute-impact.js';
import type { LiveState } from '../../src/model/state.js';
import { routeBatches } from '../../src/payments/batch-routes.js';
import type { SettlementBatchFacts } from '../../src/payments/settlement-batch.js';
import type { Change } from '../../src/plan/plan.js';
import { binding, device, emv, live, liveState, merchant, profile } from '../plan/states.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const DEFAULT_IMPACT_WINDOW = { text: '30d', ms: 30 * 86_400_000 };

function change(kind: Change['kind'], key: string, action: Change['action'], extra: Partial<Change> = {}): Change {
  return { address: `${kind}/${key}`, kind, key, action, before: null, after: null, patch: [], dependsOn: [], reason: 'test', notes: [], ...extra };
}

function batch(batchId: string, extra: Partial<SettlementBatchFacts> = {}): SettlementBatchFacts {
  return {
    batchId,
    profileName: 'host-a',
    acquirerMid: '',
    acquirerTid: 'T1',
    mchName: 'coffee',
    currency: 'USD',
    state: 1,
    paymentCount: 2,
    paymentAmt: 10.1,
    refundCount: 0,
    refundAmt: 0,
    createdAt: '2026-11-20T08:00:00Z',
    updatedAt: '2026-11-20T18:02:00Z',
    ...extra,
  };
}

/** coffee (2 live terminals and a decommissioned one, devices read) and tea (devices not read) on host-a; bakery on host-b. */
function group(): LiveState {
  const state = liveState([
    live(emv('visa'), 1),
    live(emv('mc', '02'), 2),
    live(profile('host-a', { '01': ['visa'] }), 10),
    live(profile('host-b', { '02': ['mc'] }), 11),
    live(merchant('coffee'), 'm1'),
    live(merchant('tea'), 'm2'),
    live(merchant('bakery'), 'm3'),
    live(binding('coffee', 'host-a', { '01': ['visa'] }), 'b1'),
    live(binding('tea', 'host-a', { '01': ['visa'] }), 'b2'),
    live(binding('bakery', 'host-b', { '02': ['mc', 'visa'] }), 'b3'),
    live(device('coffee', 'till-1', { acquirerFields: { 'host-a': { tid: 'T1' } } }), 'd1', { lifecycle: 'active' }),
    live(device('coffee', 'till-2', { acquirerFields: { 'host-a': { tid: 'T2' } } }), 'd2', { lifecycle: 'pending' }),
    live(device('coffee', 'old'), 'd3', { lifecycle: 'decommissioned' }),
    live(device('bakery', 'pos'), 'd4', { lifecycle: 'active' }),
  ]);
  return { ...state, devicesRead: new Set(['coffee', 'bakery']), bindingsRead: new Set(['coffee', 'tea', 'bakery']) };
}

describe('computeImpact: reach', () => {
  it('follows an EMV config through the profiles and bindings that name it to their merchants and terminals', () => {
    const impact = computeImpact([change('emv', 'visa', 'update'), change('emv', 'mc', 'delete')], group(), undefined, DEFAULT_IMPACT_WINDOW, NOW);
    // visa: host-a (coffee, tea) and bakery's binding naming it; tea's devices were not read.
    expect(impact.get('emv/visa')).toEqual({ merchants: 3, terminals: 3, terminalsKnown: false });
    expect(impact.get('emv/mc')).toEqual({ merchants: 1, terminals: 1 });
  });

  it('a profile reaches the merchants bound to it; a merchant or binding its merchant and terminals; a device itself', () => {
    const live = group();
    const impact = computeImpact(
      [
        change('acquirer', 'host-b', 'update'),
        change('merchant', 'coffee', 'update'),
        change('binding', 'coffee/host-a/USD', 'delete', { merchant: 'coffee' }),
        change('device', 'coffee/till-1', 'delete', { merchant: 'coffee', disposal: 'decommission' }),
        change('device', 'coffee/old', 'update', { merchant: 'coffee' }),
        change('merchant', 'tea', 'update'),
      ],
      live,
      undefined,
      DEFAULT_IMPACT_WINDOW,
      NOW,
    );
    expect(impact.get('acquirer/host-b')).toEqual({ merchants: 1, terminals: 1 });
    expect(impact.get('merchant/coffee')).toEqual({ merchants: 1, terminals: 2 });
    expect(impact.get('binding/coffee/host-a/USD')).toEqual({ merchants: 1, terminals: 2 });
    expect(impact.get('device/coffee/till-1')).toEqual({ merchants: 1, terminals: 1 });
    expect(impact.get('device/coffee/old')).toEqual({ merchants: 1, terminals: 0 });
    expect(impact.get('merchant/tea')).toEqual({ merchants: 1, terminals: 0, terminalsKnown: false });
  });

  it('a create reaches only the live records it attaches to', () => {
    const impact = computeImpact(
      [
        change('emv', 'amex', 'create'),
        change('merchant', 'new-shop', 'create'),
        change('binding', 'new-shop/host-a/USD', 'create', { merchant: 'new-shop' }),
        change('binding', 'coffee/host-b/USD', 'create', { merchant: 'coffee' }),
        change('device', 'coffee/till-9', 'create', { merchant: 'coffee' }),
      ],
      group(),
      undefined,
      DEFAULT_IMPACT_WINDOW,
      NOW,
    );
    expect(impact.get('emv/amex')).toEqual({ merchants: 0, terminals: 0 });
    expect(impact.get('merchant/new-shop')).toEqual({ merchants: 0, terminals: 0 });
    expect(impact.get('binding/new-shop/host-a/USD')).toEqual({ merchants: 0, terminals: 0 });
    expect(impact.get('binding/coffee/host-b/USD')).toEqual({ merchants: 1, terminals: 2 });
    expect(impact.get('device/coffee/till-9')).toEqual({ merchants: 1, terminals: 0 });
  });

  it('merchants paycfg cannot key count, and leave the terminals unknown', () => {
    const base = group();
    const state: LiveState = { ...base, unkeyedMerchants: [{ mchId: 'M-9', mchName: 'x', profiles: ['host-b'], emvs: ['mc'] }] };
    const impact = computeImpact([change('acquirer', 'host-b', 'delete'), change('emv', 'mc', 'update')], state, undefined, DEFAULT_IMPACT_WINDOW, NOW);
    expect(impact.get('acquirer/host-b')).toEqual({ merchants: 2, terminals: 1, terminalsKnown: false });
    expect(impact.get('emv/mc')).toEqual({ merchants: 2, terminals: 1, terminalsKnown: false });
  });

  it('the delete half of a replacement and a duplicate code carry none; the replacement does', () => {
    const impact = computeImpact(
      [
        change('acquirer', 'host-b', 'delete', { address: 'acquirer/host-b#old', step: 'replace-old' }),
        change('acquirer', 'host-b', 'replace'),
        change('device', 'coffee/till-1', 'delete', { address: 'device/coffee/till-1#duplicate-d9', merchant: 'coffee' }),
      ],
      group(),
      undefined,
      DEFAULT_IMPACT_WINDOW,
      NOW,
    );
    expect([...impact.keys()]).toEqual(['acquirer/host-b']);
  });
});

describe('computeImpact: traffic', () => {
  const batches = [
    batch('1'),
    batch('2', { acquirerTid: 'T2', paymentCount: 1, paymentAmt: 0.2, updatedAt: '2026-11-24T18:02:00Z', state: 0 }),
    // Before the 30-day window (updated 2026-10-26 11:59).
    batch('3', { paymentCount: 50, paymentAmt: 500, updatedAt: '2026-10-26T11:59:59Z' }),
    batch('4', { currency: 'JPY', paymentCount: 3, paymentAmt: 1200.4, updatedAt: '2026-11-01T00:00:00Z' }),
    // Refunds only: no payment, no `last`.
    batch('5', { paymentCount: 0, paymentAmt: 0, refundCount: 1, refundAmt: 5, updatedAt: '2026-11-25T11:00:00Z' }),
    batch('6', { profileName: 'host-b', mchName: 'bakery', acquirerTid: '', paymentCount: 7, paymentAmt: 0.7, updatedAt: '2026-11-25T09:30:00Z' }),
  ];

  it('sums the window\'s batches through each resource, per currency in its minor digits, with the latest activity', () => {
    const state = group();
    const changes = [
      change('acquirer', 'host-a', 'update'),
      change('merchant', 'coffee', 'update'),
      change('binding', 'coffee/host-a/USD', 'delete', { merchant: 'coffee' }),
      change('device', 'coffee/till-2', 'delete', { merchant: 'coffee', disposal: 'logout' }),
      change('device', 'bakery/pos', 'delete', { merchant: 'bakery', disposal: 'decommission' }),
      change('merchant', 'tea', 'update'),
      change('emv', 'visa', 'update'),
      change('binding', 'coffee/host-b/USD', 'create', { merchant: 'coffee' }),
    ];
    const impact = computeImpact(changes, state, routeBatches(batches, state), DEFAULT_IMPACT_WINDOW, NOW);
    const all = { count: 5 + 1, amounts: { JPY: 1200, USD: 10.3 }, last: '2026-11-24T18:02:00.000Z', window: '30d' };
    expect(impact.get('acquirer/host-a')).toEqual({ merchants: 2, terminals: 2, terminalsKnown: false, payments: all });
    expect(impact.get('merchant/coffee')?.payments).toEqual(all);
    expect(impact.get('binding/coffee/host-a/USD')?.payments).toEqual({ count: 3, amounts: { USD: 10.3 }, last: '2026-11-24T18:02:00.000Z', window: '30d' });
    expect(impact.get('device/coffee/till-2')?.payments).toEqual({ count: 1, amounts: { USD: 0.2 }, last: '2026-11-24T18:02:00.000Z', window: '30d' });
    expect(impact.get('device/bakery/pos')?.payments).toEqual({ count: 7, amounts: { USD: 0.7 }, last: '2026-11-25T09:30:00.000Z', window: '30d' });
    expect(impact.get('merchant/tea')?.payments).toEqual({ count: 0, amounts: {}, last: null, window: '30d' });
    // EMV configs carry no traffic; a create has none.
    expect(impact.get('emv/visa')?.payments).toBeUndefined();
    expect(impact.get('binding/coffee/host-b/USD')?.payments).toEqual({ count: 0, amounts: {}, last: null, window: '30d' });
  });

  it('a shorter window counts fewer batches', () => {
    const state = group();
    const impact = computeImpact([change('acquirer', 'host-a', 'update')], state, routeBatches(batches, state), { text: '1d', ms: 86_400_000 }, NOW);
    expect(impact.get('acquirer/host-a')?.payments).toEqual({ count: 1, amounts: { USD: 0.2 }, last: '2026-11-24T18:02:00.000Z', window: '1d' });
  });

  it('without settlement data there is no payments entry at all', () => {
    const impact = computeImpact([change('merchant', 'coffee', 'update')], group(), undefined, DEFAULT_IMPACT_WINDOW, NOW);
    expect(impact.get('merchant/coffee')).not.toHaveProperty('payments');
  });
});
