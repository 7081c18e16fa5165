import { describe, expect, it } from 'vitest';
import type { ChangeImpact, Traffic } from '../../src/impact/types.js';
import { impactLine, type WithImpact } from '../../src/render/impact-wording.js';

const quiet: Traffic = { count: 0, amounts: {}, last: null, window: '30d' };
const busy: Traffic = { count: 7, amounts: { EUR: 70 }, last: '2026-11-25T09:00:00Z', window: '30d' };
const line = (kind: WithImpact['kind'], action: WithImpact['action'], impact: ChangeImpact, rest: Partial<WithImpact> = {}) => impactLine({ kind, action, impact, ...rest });

describe('impact wording for each form a change takes', () => {
  it('terminals: a new one, a changed one, a decommissioned one, each of its merchant', () => {
    expect(line('device', 'create', { merchants: 1, terminals: 0, payments: quiet }, { merchant: 'coffee-001' })).toBe('a new terminal of merchant coffee-001');
    expect(line('device', 'update', { merchants: 1, terminals: 1, payments: busy }, { merchant: 'coffee-001' })).toBe(
      'this terminal of merchant coffee-001; 7 payments, EUR 70.00, last 2026-11-25 09:00 UTC over 30 days',
    );
    expect(line('device', 'delete', { merchants: 1, terminals: 0 }, { merchant: 'coffee-001' })).toBe('this terminal of merchant coffee-001 (decommissioned)');
    // A terminal of a merchant that is new too reaches nothing live.
    expect(line('device', 'create', { merchants: 0, terminals: 0 }, { merchant: 'new-001' })).toBeUndefined();
  });

  it('merchants and bindings: the merchant by name, its terminals counted, or said to be not counted', () => {
    expect(line('merchant', 'update', { merchants: 1, terminals: 2, payments: quiet }, { key: 'coffee-001' })).toBe('merchant coffee-001 and its 2 terminals; no payments over 30 days');
    expect(line('merchant', 'update', { merchants: 1, terminals: 0 }, { key: 'coffee-001' })).toBe('merchant coffee-001 (no terminals)');
    expect(line('merchant', 'update', { merchants: 1, terminals: 0, terminalsKnown: false }, { key: 'coffee-001' })).toBe(
      'merchant coffee-001 and its terminals (not counted without --max-affected-terminals)',
    );
    expect(line('merchant', 'delete', { merchants: 1, terminals: 1, payments: busy }, { key: 'coffee-001' })).toBe(
      'merchant coffee-001 and its 1 terminal; 7 payments, EUR 70.00, last 2026-11-25 09:00 UTC over 30 days',
    );
    // A create has no traffic of its own: "no payments" would say nothing.
    expect(line('binding', 'create', { merchants: 1, terminals: 3, payments: quiet }, { merchant: 'coffee-001' })).toBe('merchant coffee-001 and its 3 terminals');
    expect(line('merchant', 'create', { merchants: 0, terminals: 0 }, { key: 'new-001' })).toBeUndefined();
  });

  it('EMV configs and profiles: merchants and their terminals counted, with their nouns', () => {
    expect(line('emv', 'update', { merchants: 3, terminals: 1204 })).toBe('3 merchants and their 1,204 terminals');
    expect(line('acquirer', 'update', { merchants: 1, terminals: 1 })).toBe('1 merchant and its 1 terminal');
    expect(line('emv', 'replace', { merchants: 2, terminals: 0 })).toBe('2 merchants (no terminals)');
    expect(line('emv', 'update', { merchants: 3, terminals: 4, terminalsKnown: false })).toBe(
      '3 merchants and at least 4 of their terminals (the rest not counted without --max-affected-terminals)',
    );
    expect(line('acquirer', 'update', { merchants: 2, terminals: 0, terminalsKnown: false })).toBe('2 merchants and their terminals (not counted without --max-affected-terminals)');
    expect(line('acquirer', 'delete', { merchants: 0, terminals: 0, payments: busy })).toBe('no live merchant; 7 payments, EUR 70.00, last 2026-11-25 09:00 UTC over 30 days');
    expect(line('emv', 'update', { merchants: 0, terminals: 0 })).toBeUndefined();
  });

  it('shows a merchant key\'s control characters as escapes', () => {
    expect(line('merchant', 'update', { merchants: 1, terminals: 1 }, { key: 'evil\x1b[2J' })).toBe('merchant evil\\e[2J and its 1 terminal');
  });
});
