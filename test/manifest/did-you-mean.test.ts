import { describe, expect, it } from 'vitest';
import { closestMatch, didYouMean } from '../../src/manifest/did-you-mean.js';

describe('closestMatch', () => {
  it('finds typos, transpositions and case slips', () => {
    expect(closestMatch('contactMail', ['contactName', 'contactEmail', 'contactPhone'])).toBe('contactEmail');
    expect(closestMatch('mchname', ['mchName', 'mcc'])).toBe('mchName');
    expect(closestMatch('paymnetMethod', ['paymentMethod', 'params'])).toBe('paymentMethod');
    expect(closestMatch('merchant', ['version', 'merchants', 'group'])).toBe('merchants');
  });

  it('suggests nothing when no candidate is close', () => {
    expect(closestMatch('colour', ['emvName', 'paymentMethod', 'currency', 'params'])).toBeUndefined();
    expect(closestMatch('x', [])).toBeUndefined();
    expect(didYouMean('zzz', ['abc'])).toBe('');
    expect(didYouMean('visa-usdd', ['visa-usd'])).toBe(' (did you mean "visa-usd"?)');
  });
});
