import { describe, expect, it } from 'vitest';
import { canonicalMethodCode } from '../../src/model/canonical.js';

describe('canonicalMethodCode', () => {
  it('normalises a code however it is written, the same on a second call (cached)', () => {
    expect(canonicalMethodCode(1)).toBe('01');
    expect(canonicalMethodCode(' 1 ')).toBe('01');
    expect(canonicalMethodCode('c16')).toBe('C16');
    expect(canonicalMethodCode('a1')).toBe('A1');
    expect(canonicalMethodCode('01')).toBe(canonicalMethodCode(1));
    expect(canonicalMethodCode(' 1 ')).toBe('01');
    expect(canonicalMethodCode('c16')).toBe('C16');
  });
});
