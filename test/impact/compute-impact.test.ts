import { describe, expect, it } from 'vitest';
import { computeImpact, merchantsToCount } from './document-changes.js';
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

  it('terminals counted apart (by mchId) make the reach known: a keyed merchant whose devices were not read, an unkeyed one', () => {
    const base = group();
    const state: LiveState = { ...base, unkeyedMerchants: [{ mchId: 'M-9', mchName: 'x', profiles: ['host-a'], emvs: [] }] };
    const changes = [change('emv', 'visa', 'update'), change('acquirer', 'host-a', 'update'), change('merchant', 'tea', 'update'), change('acquirer', 'host-b', 'update')];
    // host-a reaches coffee (read), tea (m2, not read) and M-9 (unkeyed); host-b only bakery (read); an over-budget change asks for nothing.
    expect(merchantsToCount(changes, state, 10)).toEqual(['M-9', 'm2']);
    expect(merchantsToCount([change('merchant', 'tea', 'update')], state, 10)).toEqual(['m2']);
    expect(merchantsToCount(changes, state, 1)).toEqual(['m2']);
    expect(merchantsToCount([change('acquirer', 'host-b', 'update'), change('device', 'coffee/till-1', 'update', { merchant: 'coffee' })], state, 0)).toEqual([]);
    const counted = new Map([['m2', 4], ['M-9', 2]]);
    const impact = computeImpact(changes, state, undefined, DEFAULT_IMPACT_WINDOW, NOW, counted);
    expect(impact.get('emv/visa')).toEqual({ merchants: 4, terminals: 3 + 4 + 2 });
    expect(impact.get('acquirer/host-a')).toEqual({ merchants: 3, terminals: 2 + 4 + 2 });
    expect(impact.get('merchant/tea')).toEqual({ merchants: 1, terminals: 4 });
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
  // Settled (state 1) unless said: a closed batch is dated by its opening, an open one by its latest activity.
  const batches = [
    batch('1'),
    batch('2', { acquirerTid: 'T2', paymentCount: 1, paymentAmt: 0.2, updatedAt: '2026-11-24T18:02:00Z', state: 0 }),
    // Opened before the 30-day window (2026-10-26 11:59), settled in it: its payments are not known to be in the window.
    batch('3', { paymentCount: 50, paymentAmt: 500, createdAt: '2026-10-26T11:59:59Z', updatedAt: '2026-11-24T20:00:00Z' }),
    batch('4', { currency: 'JPY', paymentCount: 3, paymentAmt: 1200.4, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z' }),
    // Refunds only: no payment, no `last`.
    batch('5', { paymentCount: 0, paymentAmt: 0, refundCount: 1, refundAmt: 5, createdAt: '2026-11-25T10:00:00Z', updatedAt: '2026-11-25T11:00:00Z' }),
    // Settled at 11:45: its last payment is known at its opening, 09:30.
    batch('6', { profileName: 'host-b', mchName: 'bakery', acquirerTid: '', paymentCount: 7, paymentAmt: 0.7, createdAt: '2026-11-25T09:30:00Z', updatedAt: '2026-11-25T11:45:00Z' }),
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

  it('a closed batch is in the window when it opened in it, dated by its opening; an open one when it has activity in it, dated by that', () => {
    const state = group();
    const dated = [
      // Open for 60 days, a payment yesterday: counted whole, last = its latest activity.
      batch('7', { state: 0, paymentCount: 4, paymentAmt: 40, createdAt: '2026-09-26T10:00:00Z', updatedAt: '2026-11-24T09:00:00Z' }),
      // Opened 60 days ago and settled today: not in a 7-day window.
      batch('8', { state: 1, paymentCount: 1, paymentAmt: 99, createdAt: '2026-09-26T10:00:00Z', updatedAt: '2026-11-25T11:00:00Z' }),
      // Its settlement failed today, opened 20 days ago: closed, not in the 7-day window either.
      batch('9', { state: 2, paymentCount: 2, paymentAmt: 3, createdAt: '2026-11-05T10:00:00Z', updatedAt: '2026-11-25T11:30:00Z' }),
      // Opened 3 days ago and settled an hour ago: counted, last = its opening.
      batch('10', { state: 1, paymentCount: 1, paymentAmt: 5, createdAt: '2026-11-22T10:00:00Z', updatedAt: '2026-11-25T11:00:00Z' }),
    ];
    const routes = routeBatches(dated, state);
    const week = computeImpact([change('acquirer', 'host-a', 'update')], state, routes, { text: '7d', ms: 7 * 86_400_000 }, NOW);
    expect(week.get('acquirer/host-a')?.payments).toEqual({ count: 5, amounts: { USD: 45 }, last: '2026-11-24T09:00:00.000Z', window: '7d' });
    const closed = computeImpact([change('acquirer', 'host-a', 'update')], state, routeBatches(dated.slice(1), state), { text: '7d', ms: 7 * 86_400_000 }, NOW);
    expect(closed.get('acquirer/host-a')?.payments).toEqual({ count: 1, amounts: { USD: 5 }, last: '2026-11-22T10:00:00.000Z', window: '7d' });
    const ninety = computeImpact([change('acquirer', 'host-a', 'update')], state, routes, { text: '90d', ms: 90 * 86_400_000 }, NOW);
    expect(ninety.get('acquirer/host-a')?.payments).toEqual({ count: 8, amounts: { USD: 147 }, last: '2026-11-24T09:00:00.000Z', window: '90d' });
  });

  it('without settlement data there is no payments entry at all', () => {
    const impact = computeImpact([change('merchant', 'coffee', 'update')], group(), undefined, DEFAULT_IMPACT_WINDOW, NOW);
    expect(impact.get('merchant/coffee')).not.toHaveProperty('payments');
  });
});
