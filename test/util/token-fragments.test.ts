import { describe, expect, it } from 'vitest';
import { MIN_FRAGMENT, tokenFragmentMask } from '../../src/util/token-fragments.js';

const TOKEN = 'SECRETTOKEN-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ';
const mask = tokenFragmentMask(TOKEN, '[x]');

describe('masking pieces of the token', () => {
  it('masks a prefix, a middle piece and a suffix of the minimum length or more', () => {
    const prefix = TOKEN.slice(0, 20);
    const middle = TOKEN.slice(25, 25 + MIN_FRAGMENT);
    const suffix = TOKEN.slice(-15);
    expect(mask(`token ${prefix}… expired; saw ${middle}, ends ${suffix}`)).toBe('token [x]… expired; saw [x], ends [x]');
  });

  it('keeps a piece one character shorter than the minimum, and text without a piece as it is', () => {
    const short = TOKEN.slice(3, 3 + MIN_FRAGMENT - 1);
    expect(mask(`near ${short} here`)).toBe(`near ${short} here`);
    const plain = 'token expired at 2024-01-01T00:00:00Z';
    expect(mask(plain)).toBe(plain);
  });

  it('masks the whole token, at the very start and end of the text, as one marker', () => {
    expect(mask(TOKEN)).toBe('[x]');
    expect(mask(`${TOKEN.slice(0, 30)}|${TOKEN.slice(30)}`)).toBe('[x]|[x]');
  });

  it('masks two pieces from different places of the token that run into each other as one', () => {
    expect(mask(`<${TOKEN.slice(40)}${TOKEN.slice(0, 14)}>`)).toBe('<[x]>');
  });

  it('leaves every text alone for a token shorter than the minimum', () => {
    const short = tokenFragmentMask('abc123', '[x]');
    expect(short('abc123 abc123')).toBe('abc123 abc123');
  });

  it('masks a token of 1,000 characters quoted in part within a long text', () => {
    const long = Array.from({ length: 1000 }, (_, i) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[(i * 7919) % 64]).join('');
    const text = `${'word '.repeat(2000)}${long.slice(500, 540)} ${'word '.repeat(2000)}`;
    const masked = tokenFragmentMask(long, '[x]')(text);
    expect(masked).toBe(`${'word '.repeat(2000)}[x] ${'word '.repeat(2000)}`);
  });
});
