import { describe, expect, it } from 'vitest';
import { proposeReferences, slugOf } from '../../src/export/reference-proposals.js';

describe('providerReference proposals', () => {
  it('slugs the merchant name', () => {
    expect(slugOf('Café du Nord')).toBe('cafe-du-nord');
    expect(slugOf('  --Bar & Grill!! ')).toBe('bar-grill');
    expect(slugOf('日本')).toBe('');
    expect(slugOf('x'.repeat(80))).toHaveLength(40);
  });

  it('adds the end of the mchId, takes more of it on a clash, and is independent of the order given', () => {
    const merchants = [
      { mchId: 'M000000001234', mchName: 'Corner Kiosk' },
      { mchId: 'M000000991234', mchName: 'Corner Kiosk' },
      { mchId: 'M000000000007', mchName: '日本' },
    ];
    const proposals = proposeReferences(merchants, ['corner-kiosk-991234']);
    expect(Object.fromEntries(proposals)).toEqual({
      M000000000007: 'merchant-0007',
      M000000001234: 'corner-kiosk-1234',
      // -1234 is taken by the first, -991234 by a live merchant.
      M000000991234: 'corner-kiosk-00991234',
    });
    expect(proposeReferences([...merchants].reverse(), ['corner-kiosk-991234'])).toEqual(proposals);
  });

  it('falls back to a counter when even the whole mchId is taken', () => {
    const proposals = proposeReferences([{ mchId: 'M12', mchName: 'Shop' }], ['shop-m12']);
    expect(proposals.get('M12')).toBe('shop-m12-2');
  });
});
