import { describe, expect, it } from 'vitest';
import type { ChangeImpact } from '../../src/impact/types.js';
import type { BlockedChange, Change, Plan } from '../../src/plan/plan.js';
import { BATCHES_SHOWN, impactLine, utcMinute } from '../../src/render/impact-wording.js';
import { renderPlanJson } from '../../src/render/render-document.js';
import { renderPlanMarkdown } from '../../src/render/render-document.js';
import { renderPlanText } from '../../src/render/render-document.js';
import { createStyle } from '../../src/render/style.js';

const plain = createStyle(false);
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A blocked entry as the settlement guard makes it, its batches also worded as blockers. */
type Batch = { batchId: string; state: number; paymentCount: number; amount: number; currency: string };
type Blocked = Omit<BlockedChange, 'cause'> & { cause: string; batches?: Batch[] };

function planOf(changes: (Change & { impact?: ChangeImpact })[], blocked: Blocked[] = [], extra: Partial<Plan> = {}): Plan {
  const summary = { create: 0, update: 0, delete: 0, replace: 0, blocked: blocked.length };
  for (const c of changes) if (c.step !== 'replace-old') summary[c.action] += 1;
  return {
    formatVersion: 1,
    baseUrl: 'http://127.0.0.1:1',
    group: { groupId: 'G-00000001', groupName: 'Test PBO' },
    changes,
    unmanaged: [],
    blocked: blocked as unknown as BlockedChange[],
    summary,
    sensitive: [],
    ...extra,
  };
}

function change(kind: Change['kind'], key: string, action: Change['action'], impact?: ChangeImpact): Change & { impact?: ChangeImpact } {
  return {
    address: `${kind}/${key}`,
    kind,
    key,
    action,
    before: action === 'create' ? null : {},
    after: action === 'delete' ? null : {},
    patch: [],
    dependsOn: [],
    reason: `test ${key}`,
    notes: [],
    ...(impact !== undefined ? { impact } : {}),
  };
}

const busy: ChangeImpact = {
  merchants: 3,
  terminals: 12,
  payments: { count: 1204, amounts: { USD: 18220.5, JPY: 1200 }, last: '2026-11-24T18:02:31.000Z', window: '30d' },
};

function unsettled(address: string, batches: Batch[]): Blocked {
  const [kind, ...rest] = address.split('/');
  return {
    address,
    kind: kind as Change['kind'],
    key: rest.join('/'),
    action: 'delete',
    cause: 'unsettled',
    batches,
    reason: `${batches.length} unsettled settlement batches route through it: deleting it may leave that money with no way to the merchant`,
    blockers: [
      ...batches.map((b) => `batch ${b.batchId} (${b.state === 2 ? 'settlement failed' : 'open'}): ${b.paymentCount} payments, ${b.currency} ${b.amount}`),
      "settle them (POST /api/v2/settlement/settle {batchId}) or wait for the acquirer's cut-off, then plan again; or run with --allow-unsettled to go ahead and leave them unsettled",
    ],
  };
}

describe('impact in one line', () => {
  it('says the reach, the payments per currency in its minor digits, the last one in UTC and the window', () => {
    expect(impactLine({ impact: busy })).toBe('3 merchants and their 12 terminals; 1,204 payments, USD 18,220.50, JPY 1,200, last 2026-11-24 18:02 UTC over 30 days');
    expect(impactLine({ impact: { merchants: 1, terminals: 0, terminalsKnown: false } })).toBe('1 merchant and its terminals (not counted without --max-affected-terminals)');
    expect(impactLine({ impact: { merchants: 2, terminals: 1, terminalsKnown: false } })).toBe('2 merchants and at least 1 of their terminals (the rest not counted without --max-affected-terminals)');
    expect(impactLine({ impact: { merchants: 1, terminals: 1, payments: { count: 0, amounts: {}, last: null, window: '7d' } } })).toBe('1 merchant and its 1 terminal; no payments over 7 days');
    expect(impactLine({ impact: { merchants: 0, terminals: 0 } })).toBeUndefined();
    expect(impactLine({ impact: { merchants: 0, terminals: 0, payments: { count: 0, amounts: {}, last: null, window: '30d' } } })).toBeUndefined();
    expect(impactLine({})).toBeUndefined();
  });

  it('writes times as UTC to the minute', () => {
    expect(utcMinute('2026-11-24T18:02:59Z')).toBe('2026-11-24 18:02 UTC');
    expect(utcMinute('2026-11-24T20:02:00+02:00')).toBe('2026-11-24 18:02 UTC');
    expect(utcMinute('yesterday')).toBe('yesterday');
  });

  it('stands under the change block in text, and only where the change has one', () => {
    const text = renderPlanText(planOf([change('acquirer', 'host-a', 'update', busy), change('emv', 'new', 'create', { merchants: 0, terminals: 0 }), change('merchant', 'm', 'update')]), plain);
    expect(text).toContain(
      '    }\n    impact: 3 merchants and their 12 terminals; 1,204 payments, USD 18,220.50, JPY 1,200, last 2026-11-24 18:02 UTC over 30 days\n    reason: test host-a',
    );
    expect(text.match(/impact:/g)).toHaveLength(1);
  });

  it('in Markdown, puts the changes with payments first in the table, with an impact column; the details keep the plan order', () => {
    const quiet = change('acquirer', 'quiet', 'update', { merchants: 2, terminals: 5, payments: { count: 0, amounts: {}, last: null, window: '30d' } });
    const emvChange = change('emv', 'visa', 'update', { merchants: 4, terminals: 20 });
    const hot = change('merchant', 'hot', 'delete', { merchants: 1, terminals: 2, payments: { count: 7, amounts: { EUR: 70 }, last: '2026-11-25T09:00:00Z', window: '30d' } });
    const markdown = renderPlanMarkdown(planOf([emvChange, quiet, hot, change('emv', 'amex', 'create', { merchants: 0, terminals: 0 })]));
    const rows = markdown.split('\n').filter((line) => line.startsWith('| '));
    expect(rows).toEqual([
      '| | change | impact | reason |',
      '| 🗑️ | `merchant/hot` | merchant hot and its 2 terminals; 7 payments, EUR 70.00, last 2026-11-25 09:00 UTC over 30 days | test hot |',
      '| ✏️ | `emv/visa` | 4 merchants and their 20 terminals | test visa |',
      '| ✏️ | `acquirer/quiet` | 2 merchants and their 5 terminals; no payments over 30 days | test quiet |',
      '| ➕ | `emv/amex` |  | test amex |',
    ]);
    expect(markdown).toContain('Changes through which payments went in the impact window come first');
    const details = markdown.slice(markdown.indexOf('<details>'));
    expect(details.indexOf('emv "visa"')).toBeLessThan(details.indexOf('acquirer "quiet"'));
    expect(details.indexOf('acquirer "quiet"')).toBeLessThan(details.indexOf('merchant "hot"'));
    expect(details).toContain('  impact: merchant hot and its 2 terminals; 7 payments, EUR 70.00');
  });

  it('in Markdown without any impact, the table is as it was: no column, no note', () => {
    const markdown = renderPlanMarkdown(planOf([change('emv', 'visa', 'update'), change('merchant', 'm', 'update', { merchants: 0, terminals: 0 })]));
    expect(markdown).toContain('| | change | reason |\n|---|---|---|\n| ✏️ | `emv/visa` | test visa |');
    expect(markdown).not.toContain('come first');
  });

  it('goes into the JSON as it is', () => {
    const json = JSON.parse(renderPlanJson(planOf([change('acquirer', 'host-a', 'update', busy)])));
    expect(json.changes[0].impact).toEqual(busy);
  });
});

describe('a change blocked by unsettled batches', () => {
  const batches: Batch[] = [
    { batchId: '100001', state: 0, paymentCount: 3, amount: 42.5, currency: 'USD' },
    { batchId: '100007', state: 2, paymentCount: 1204, amount: 18220.5, currency: 'USD' },
  ];
  const waiting: Blocked = {
    address: 'emv/visa',
    kind: 'emv',
    key: 'visa',
    action: 'delete',
    cause: 'dependency',
    reason: 'it waits for a blocked change',
    blockers: ['acquirer/host-a is blocked'],
  };

  it('lists its batches in text, with the way out, once each', () => {
    const text = renderPlanText(planOf([], [unsettled('acquirer/host-a', batches), waiting]), plain);
    expect(text).toContain(
      [
        'Blocked: 2 changes apply will not try (unsettled settlement batches route through them):',
        '  ! acquirer/host-a (delete): 2 unsettled settlement batches route through it: deleting it may leave that money with no way to the merchant',
        '      - batch 100001 (open): 3 payments, USD 42.50',
        '      - batch 100007 (settlement failed): 1,204 payments, USD 18,220.50',
        "      - settle them (POST /api/v2/settlement/settle {batchId}) or wait for the acquirer's cut-off, then plan again; or run with --allow-unsettled to go ahead and leave them unsettled",
        '  ! emv/visa (delete): it waits for a blocked change',
        '      - acquirer/host-a is blocked',
      ].join('\n'),
    );
    expect(text).not.toContain('USD 42.5\n');
  });

  it('lists them as a nested list in Markdown', () => {
    const markdown = renderPlanMarkdown(planOf([], [unsettled('binding/m/host-a/USD', batches)]));
    expect(markdown).toContain('**Blocked (1)**: apply will not try it (unsettled settlement batches route through it).');
    expect(markdown).toContain(
      [
        "- `binding/m/host-a/USD` (delete): 2 unsettled settlement batches route through it: deleting it may leave that money with no way to the merchant; settle them (POST /api/v2/settlement/settle {batchId}) or wait for the acquirer's cut-off, then plan again; or run with --allow-unsettled to go ahead and leave them unsettled",
        '  - batch 100001 (open): 3 payments, USD 42.50',
        '  - batch 100007 (settlement failed): 1,204 payments, USD 18,220.50',
      ].join('\n'),
    );
  });

  it('says one blocked change in the singular, and a blocked logout or decommission by its word, in text and Markdown', () => {
    const till: Blocked = { ...unsettled('device/m/till-1', batches.slice(0, 1)), kind: 'device', key: 'm/till-1', disposal: 'decommission' };
    const text = renderPlanText(planOf([], [till]), plain);
    expect(text).toContain('Blocked: 1 change apply will not try (unsettled settlement batches route through it):\n  ! device/m/till-1 (decommission): ');
    const markdown = renderPlanMarkdown(planOf([], [till]));
    expect(markdown).toContain('**Blocked (1)**: apply will not try it (unsettled settlement batches route through it).');
    expect(markdown).toContain('- `device/m/till-1` (decommission): ');
    const loggedOut = renderPlanText(planOf([], [{ ...till, disposal: 'logout', cause: 'protected', pattern: 'device/*/*' }]), plain);
    expect(loggedOut).toContain("Blocked: 1 change apply will not try (the manifest's protect: list keeps it):\n  ! device/m/till-1 (logout): ");
    const refused = renderPlanText(planOf([], [{ ...waiting, cause: 'in-use' }]), plain);
    expect(refused).toContain('Blocked: 1 change apply will not try (the service would refuse it):\n  ! emv/visa (delete): ');
  });

  it(`shows ${BATCHES_SHOWN} batches and counts the rest with their totals`, () => {
    const many: Batch[] = Array.from({ length: BATCHES_SHOWN + 3 }, (_, i) => ({ batchId: String(200000 + i), state: 0, paymentCount: 2, amount: 0.1, currency: i % 2 === 0 ? 'USD' : 'JPY' }));
    many[BATCHES_SHOWN + 2] = { ...many[BATCHES_SHOWN + 2]!, amount: 0.2, currency: 'USD' };
    const text = renderPlanText(planOf([], [unsettled('merchant/m', many)]), plain);
    expect(text).toContain('      - batch 200009 (open): 2 payments, JPY 0\n      - … and 3 more batches: 6 payments, JPY 0, USD 0.30 (see --json)\n');
    expect(text).not.toContain('batch 200010');
  });

  it('names every cause in the heading when causes mix', () => {
    const refused: Blocked = { ...waiting, address: 'emv/mc', key: 'mc', cause: 'in-use', reason: 'in use', blockers: ['merchant/x binds it'] };
    const text = renderPlanText(planOf([], [unsettled('acquirer/host-a', batches), refused]), plain);
    expect(text).toContain('Blocked: 2 changes apply will not try (the service would refuse some, and unsettled settlement batches route through the others):');
  });

  it('shows control characters from the service as escapes, and Markdown syntax in them as text', () => {
    const odd: Batch[] = [{ batchId: '1\u202e|*x*', state: 0, paymentCount: 1, amount: 1, currency: 'US\x1bD' }];
    const impact: ChangeImpact = { merchants: 1, terminals: 1, payments: { count: 1, amounts: { 'E\u2066UR': 5 }, last: '2026-11-24T18:02:00Z', window: '30d' } };
    const plan = planOf([change('device', 'm/t', 'update', impact)], [unsettled('merchant/m', odd)]);
    const text = renderPlanText(plan, plain);
    const markdown = renderPlanMarkdown(plan);
    for (const out of [text, markdown]) expect(out).not.toMatch(RAW);
    expect(text).toContain('batch 1\\u202e|*x* (open): 1 payment, US\\eD 1.00');
    expect(text).toContain('1 payment, E\\u2066UR 5.00');
    expect(markdown).toContain('  - batch 1\\\\u202e\\|\\*x\\* (open)');
  });
});
