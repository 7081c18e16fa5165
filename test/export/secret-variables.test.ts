import { describe, expect, it } from 'vitest';
import { assignVariableNames, variablePart } from '../../src/export/secret-variables.js';

describe('secret variable names', () => {
  it('upper-cases and turns every other character into _', () => {
    expect(variablePart('coffee-001')).toBe('COFFEE_001');
    expect(variablePart('Till 1/ä')).toBe('TILL_1__');
  });

  it('names each owner PAYCFG_DEVICE_ADMIN_<REF>_<ALIAS>', () => {
    const names = assignVariableNames([
      { identity: 'a', merchant: 'coffee-001', device: 'till-1' },
      { identity: 'b', merchant: 'coffee-001', device: 'till-2' },
    ]);
    expect([...names]).toEqual([
      ['a', 'PAYCFG_DEVICE_ADMIN_COFFEE_001_TILL_1'],
      ['b', 'PAYCFG_DEVICE_ADMIN_COFFEE_001_TILL_2'],
    ]);
  });

  it('gives colliding owners a suffix from their own identity, whatever the order', () => {
    const owners = [
      { identity: 'keyed\u0000a-b\u0000c', merchant: 'a-b', device: 'c' },
      { identity: 'keyed\u0000a\u0000b-c', merchant: 'a', device: 'b-c' },
      { identity: 'keyed\u0000x\u0000y', merchant: 'x', device: 'y' },
    ];
    const names = assignVariableNames(owners);
    const reversed = assignVariableNames([...owners].reverse());
    expect(new Set(names.values()).size).toBe(3);
    expect([...reversed].sort()).toEqual([...names].sort());
    expect(names.get('keyed\u0000x\u0000y')).toBe('PAYCFG_DEVICE_ADMIN_X_Y');
    for (const identity of ['keyed\u0000a-b\u0000c', 'keyed\u0000a\u0000b-c']) {
      expect(names.get(identity)).toMatch(/^PAYCFG_DEVICE_ADMIN_A_B_C_[0-9A-F]{6}$/);
    }
  });

  it('never hands out a name twice, even when a suffixed name equals a plain one', () => {
    const first = assignVariableNames([
      { identity: '1', merchant: 'm', device: 'd' },
      { identity: '2', merchant: 'M', device: 'D' },
    ]);
    const suffixed = first.get('1')!.slice('PAYCFG_DEVICE_ADMIN_'.length);
    // An owner whose plain name is exactly the suffixed name of another.
    const names = assignVariableNames([
      { identity: '1', merchant: 'm', device: 'd' },
      { identity: '2', merchant: 'M', device: 'D' },
      { identity: '3', merchant: suffixed.split('_')[0]!, device: suffixed.split('_').slice(1).join('_') },
    ]);
    expect(new Set(names.values()).size).toBe(3);
  });
});
