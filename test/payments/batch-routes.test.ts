import { describe, expect, it } from 'vitest';
import { batchesThrough, routeBatches } from '../../src/payments/batch-routes.js';
import type { SettlementBatchFacts } from '../../src/payments/settlement-batch.js';
import { binding, device, live, liveState, merchant, profile } from '../plan/states.js';

function batch(batchId: string, extra: Partial<SettlementBatchFacts> = {}): SettlementBatchFacts {
  return {
    batchId,
    profileName: 'host-a',
    acquirerMid: '',
    acquirerTid: '',
    mchName: 'coffee-001',
    currency: 'USD',
    state: 0,
    paymentCount: 3,
    paymentAmt: 30,
    refundCount: 0,
    refundAmt: 0,
    createdAt: '2026-11-24T10:00:00Z',
    updatedAt: '2026-11-24T18:02:00Z',
    ...extra,
  };
}

const ids = (list: readonly SettlementBatchFacts[]) => list.map((b) => b.batchId);

const state = liveState([
  live(profile('host-a', { '01': [] }), 1),
  live(profile('host-b', { '01': [] }), 2),
  live(merchant('coffee-001'), 'm1'),
  live(merchant('tea-002', { mchName: 'Tea House' }), 'm2'),
  live(binding('coffee-001', 'host-a', { '01': [] }), 'b1'),
  live(binding('coffee-001', 'host-b', { '01': [] }, { mid: 'MID-COFFEE-B' }), 'b2'),
  live(binding('tea-002', 'host-a', { '01': [] }, { mid: 'MID-TEA-A' }), 'b3'),
  live(device('coffee-001', 'till-1', { acquirerFields: { 'host-a': { tid: 'T1' }, 'host-b': { tid: 'TB1' } } }), 'd1', { lifecycle: 'active' }),
  live(device('coffee-001', 'till-2', { acquirerFields: { 'host-a': { tid: 'T2' } } }), 'd2', { lifecycle: 'active' }),
  live(device('coffee-001', 'till-3'), 'd3', { lifecycle: 'active' }),
  live(device('tea-002', 'pos', { acquirerFields: { 'host-a': { tid: 'T1' } } }), 'd4', { lifecycle: 'active' }),
]);

describe('routeBatches', () => {
  it('routes a batch through its profile, merchant, binding and the terminal of its tid (and the terminals with no tid for the profile)', () => {
    const routes = routeBatches([batch('100001', { acquirerTid: 'T1' })], state);
    expect(ids(batchesThrough(routes, 'acquirer/host-a'))).toEqual(['100001']);
    expect(ids(batchesThrough(routes, 'merchant/coffee-001'))).toEqual(['100001']);
    expect(ids(batchesThrough(routes, 'binding/coffee-001/host-a/USD'))).toEqual(['100001']);
    expect(ids(batchesThrough(routes, 'device/coffee-001/till-1'))).toEqual(['100001']);
    expect(ids(batchesThrough(routes, 'device/coffee-001/till-3'))).toEqual(['100001']);
    expect(batchesThrough(routes, 'device/coffee-001/till-2')).toEqual([]);
    // Same tid at another merchant: not its batch.
    expect(batchesThrough(routes, 'device/tea-002/pos')).toEqual([]);
    expect(batchesThrough(routes, 'merchant/tea-002')).toEqual([]);
    expect(batchesThrough(routes, 'acquirer/host-b')).toEqual([]);
    expect(batchesThrough(routes, 'binding/coffee-001/host-b/USD')).toEqual([]);
    expect(routes.warnings).toEqual([]);
  });

  it('a batch with no tid counts for every terminal of its merchant', () => {
    const routes = routeBatches([batch('100002')], state);
    for (const alias of ['till-1', 'till-2', 'till-3']) expect(ids(batchesThrough(routes, `device/coffee-001/${alias}`))).toEqual(['100002']);
  });

  it('matches the merchant by its binding mid when the name differs (a renamed merchant)', () => {
    const routes = routeBatches([batch('100003', { profileName: 'host-a', acquirerMid: 'MID-TEA-A', mchName: 'Old Tea', acquirerTid: 'T1' })], state);
    expect(ids(batchesThrough(routes, 'merchant/tea-002'))).toEqual(['100003']);
    expect(ids(batchesThrough(routes, 'binding/tea-002/host-a/USD'))).toEqual(['100003']);
    expect(ids(batchesThrough(routes, 'device/tea-002/pos'))).toEqual(['100003']);
    expect(batchesThrough(routes, 'merchant/coffee-001')).toEqual([]);
    expect(batchesThrough(routes, 'device/coffee-001/till-1')).toEqual([]);
  });

  it('a mid of another profile does not match, and a binding needs the batch currency', () => {
    const routes = routeBatches(
      [batch('100004', { acquirerMid: 'MID-COFFEE-B', mchName: 'someone else' }), batch('100005', { currency: 'EUR', acquirerTid: 'T2' })],
      state,
    );
    expect(ids(batchesThrough(routes, 'acquirer/host-a'))).toEqual(['100004', '100005']);
    expect(ids(batchesThrough(routes, 'merchant/coffee-001'))).toEqual(['100005']);
    expect(batchesThrough(routes, 'binding/coffee-001/host-a/USD')).toEqual([]);
    expect(ids(batchesThrough(routes, 'device/coffee-001/till-2'))).toEqual(['100005']);
  });

  it('a batch opened under a profile\'s former name routes to the profile a moved: entry renamed', () => {
    const opened = batch('100007', { profileName: 'host-old', acquirerTid: 'T1' });
    // Without the move, the old name names no live profile: the profile, its binding and the terminal would go unguarded.
    expect(batchesThrough(routeBatches([opened], state), 'acquirer/host-a')).toEqual([]);
    const routes = routeBatches([opened], state, [{ kind: 'acquirer', from: 'acquirer/host-old', to: 'acquirer/host-a' }]);
    for (const address of ['acquirer/host-a', 'binding/coffee-001/host-a/USD', 'device/coffee-001/till-1']) {
      expect(ids(batchesThrough(routes, address)), address).toEqual(['100007']);
    }
    // The live record a move re-keys in this very plan says its former name itself.
    const renamed = liveState([live(profile('host-a', { '01': [] }), 1, { movedFrom: 'acquirer/host-old' })]);
    expect(ids(batchesThrough(routeBatches([opened], renamed), 'acquirer/host-a'))).toEqual(['100007']);
  });

  it('a batch naming a profile no live profile has counts for every binding and terminal of its merchant it may belong to, with a warning', () => {
    // The profile was renamed outside paycfg (or its moved: entry left the manifest): its batch keeps the old name.
    const routes = routeBatches([batch('100008', { profileName: 'host-renamed-away', acquirerTid: 'T1' })], state);
    expect(ids(batchesThrough(routes, 'merchant/coffee-001'))).toEqual(['100008']);
    expect(ids(batchesThrough(routes, 'binding/coffee-001/host-a/USD'))).toEqual(['100008']);
    expect(ids(batchesThrough(routes, 'binding/coffee-001/host-b/USD'))).toEqual(['100008']);
    expect(ids(batchesThrough(routes, 'device/coffee-001/till-1'))).toEqual(['100008']);
    expect(ids(batchesThrough(routes, 'device/coffee-001/till-3'))).toEqual(['100008']);
    expect(batchesThrough(routes, 'device/coffee-001/till-2')).toEqual([]);
    expect(batchesThrough(routes, 'merchant/tea-002')).toEqual([]);
    expect(routes.warnings).toEqual([{ message: expect.stringContaining('settlement batch 100008 names acquirer profile "host-renamed-away", which no live profile has') }]);
    // By mid alone, whatever the profile: the batch of a merchant renamed too.
    const byMid = routeBatches([batch('100009', { profileName: 'host-renamed-away', mchName: 'Old Coffee', acquirerMid: 'MID-COFFEE-B' })], state);
    expect(ids(batchesThrough(byMid, 'binding/coffee-001/host-b/USD'))).toEqual(['100009']);
    expect(batchesThrough(byMid, 'binding/coffee-001/host-a/USD')).toEqual([]);
  });

  it('a merchant matched by name keeps a batch of a profile it has no binding for any more', () => {
    const routes = routeBatches([batch('100006', { profileName: 'host-gone' })], state);
    expect(ids(batchesThrough(routes, 'merchant/coffee-001'))).toEqual(['100006']);
    expect(batchesThrough(routes, 'acquirer/host-gone')).toEqual([]);
  });

  it('two merchants of one name without a telling mid: the batch counts for both, with one warning naming both', () => {
    const twins = liveState(
      [
        live(profile('host-a', { '01': [] }), 1),
        live(merchant('north', { mchName: 'Coffee' }), 'm1'),
        live(merchant('south', { mchName: 'Coffee' }), 'm2'),
        live(binding('north', 'host-a', { '01': [] }), 'b1'),
        live(binding('south', 'host-a', { '01': [] }, { mid: 'MID-S' }), 'b2'),
      ],
      [{ mchId: 'M-77', mchName: 'Coffee', profiles: ['host-a'], emvs: [] }],
    );
    const routes = routeBatches([batch('1', { mchName: 'Coffee' }), batch('2', { mchName: 'Coffee' }), batch('3', { mchName: 'Coffee', acquirerMid: 'MID-S' })], twins);
    expect(ids(batchesThrough(routes, 'merchant/north'))).toEqual(['1', '2', '3']);
    expect(ids(batchesThrough(routes, 'merchant/south'))).toEqual(['1', '2', '3']);
    expect(ids(batchesThrough(routes, 'acquirer/host-a'))).toEqual(['1', '2', '3']);
    expect(routes.warnings).toEqual([
      {
        address: 'merchant/north',
        message:
          'settlement batches 1, 2 of merchant name "Coffee" may belong to merchant/north or merchant/south or the merchant M-77 (no providerReference paycfg can key) (they share the name and the batch carries no mid that tells them apart): counted for each',
      },
    ]);
  });

  it('an unkeyed merchant\'s batch still routes through its profile', () => {
    const routes = routeBatches([batch('9', { mchName: 'Nameless' })], liveState([live(profile('host-a', { '01': [] }), 1)], [{ mchId: 'M-1', mchName: 'Nameless', profiles: ['host-a'], emvs: [] }]));
    expect(ids(batchesThrough(routes, 'acquirer/host-a'))).toEqual(['9']);
    expect([...routes.byAddress.keys()]).toEqual(['acquirer/host-a']);
  });
});
