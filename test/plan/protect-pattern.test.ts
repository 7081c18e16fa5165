import { describe, expect, it } from 'vitest';
import { protectMatcher, protectPatternProblem } from '../../src/manifest/protect-pattern.js';

describe('protect patterns', () => {
  it('matches an address exactly, * within one part of the key, ** across parts', () => {
    expect(protectMatcher('merchant/coffee-001')('merchant/coffee-001')).toBe(true);
    expect(protectMatcher('merchant/coffee-001')('merchant/coffee-0011')).toBe(false);
    expect(protectMatcher('acquirer/*')('acquirer/host-a')).toBe(true);
    expect(protectMatcher('acquirer/*')('emv/host-a')).toBe(false);
    expect(protectMatcher('device/coffee-001/*')('device/coffee-001/till-1')).toBe(true);
    expect(protectMatcher('device/coffee-001/*')('device/coffee-002/till-1')).toBe(false);
    expect(protectMatcher('device/*/till-*')('device/tea/till-9')).toBe(true);
    expect(protectMatcher('device/*/till-*')('device/tea/kiosk')).toBe(false);
    expect(protectMatcher('binding/*/host-a/*')('binding/coffee-001/host-a/USD')).toBe(true);
    expect(protectMatcher('binding/*/host-a/*')('binding/coffee-001/host-b/USD')).toBe(false);
    expect(protectMatcher('binding/**')('binding/coffee-001/host-a/USD')).toBe(true);
    expect(protectMatcher('emv/**')('emv/visa')).toBe(true);
  });

  it('reads every other character as itself, regular-expression signs included', () => {
    expect(protectMatcher('merchant/a.b*')('merchant/a.bc')).toBe(true);
    expect(protectMatcher('merchant/a.b*')('merchant/aXbc')).toBe(false);
    expect(protectMatcher('merchant/(x)+*')('merchant/(x)+1')).toBe(true);
  });

  it('accepts addresses and globs of every kind', () => {
    for (const pattern of ['emv/visa-usd', 'acquirer/*', 'merchant/coffee-001', 'binding/*/*/*', 'binding/**', 'device/coffee-001/*', 'device/**']) {
      expect(protectPatternProblem(pattern), pattern).toBeUndefined();
    }
  });

  it('refuses what would protect nothing, saying what to write', () => {
    expect(protectPatternProblem('coffee-001')).toMatch(/does not start with a kind: write <kind>\/<key or glob> with kind emv, acquirer, merchant, binding or device/);
    expect(protectPatternProblem('terminal/x')).toMatch(/does not start with a kind/);
    expect(protectPatternProblem('acquirer/')).toBe('names no acquirer: write acquirer/<profileName>, a glob such as acquirer/*, e.g. acquirer/host-a');
    expect(protectPatternProblem('device/*')).toBe(
      "can match no device: a device's key is <providerReference>/<deviceAlias> (2 parts); write device/*/* for every device, or e.g. device/coffee-001/*",
    );
    expect(protectPatternProblem('binding/coffee-001/*')).toMatch(/can match no binding: a binding's key is <providerReference>\/<profileName>\/<currency>/);
    expect(protectPatternProblem('device/coffee-001//x')).toMatch(/empty part/);
    expect(protectPatternProblem('acquirer/***')).toMatch(/\*\*\* is not a glob/);
    expect(protectPatternProblem(' acquirer/*')).toMatch(/spaces/);
  });
});
