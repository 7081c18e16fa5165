/**
 * The verdict from what was read of the scratch merchant, and the choice of the part to bind, as
 * pure functions: the cases the simulator cannot be made to answer (a summary that is neither the
 * part nor the whole, a binding not kept as sent) and the profiles passed over.
 */
import { describe, expect, it } from 'vitest';
import type { AcquirerProfile, EmvConfig } from '../../src/api/wire-types.js';
import { choosePart, type ProbeGroup } from '../../src/probe/read-group.js';
import { verdictOf } from '../../src/probe/verdict.js';
import { ProbeError } from '../../src/service-record/errors.js';

const profile = (profileId: number, profileName: string, emvList: Record<string, number[]>, extra: Partial<AcquirerProfile> = {}): AcquirerProfile =>
  ({
    profileId,
    profileName,
    currency: 'USD',
    acqType: 'card',
    connMessageFormat: 'HOSTA_8583',
    methodList: JSON.stringify(Object.fromEntries(Object.keys(emvList).map((code) => [code, []]))),
    emvList: JSON.stringify(emvList),
    ...extra,
  }) as AcquirerProfile;
const emv = (id: number, paymentMethod: string): EmvConfig => ({ id, emvName: `emv-${id}`, paymentMethod, currency: 'USD', params: '{}' }) as EmvConfig;

function groupOf(profiles: AcquirerProfile[], emvConfigs: EmvConfig[]): ProbeGroup {
  return {
    baseUrl: 'https://test.example.com',
    owner: { groupId: 'G-00000001' },
    profiles,
    emvConfigs,
    merchants: [],
    leftovers: [],
    defaultCardProfile: profiles.find((p) => p.acqType === 'card' && p.asDefault === true),
  };
}

describe('choosePart', () => {
  const emvs = [emv(11, '01'), emv(12, '02'), emv(13, '01')];

  it('prefers a profile of two methods (the first alone) over one method of two EMV configs (the first)', () => {
    const part = choosePart(groupOf([profile(1, 'one-method', { '01': [11, 13] }), profile(2, 'two-methods', { '01': [11], '02': [12] })], emvs));
    expect([part.profile.profileName, part.by, part.bound, part.narrowsAutomaticBinding]).toEqual(['two-methods', 'one-method', { '01': [11] }, false]);
    const single = choosePart(groupOf([profile(1, 'one-method', { '01': [0, 13, 11] })], emvs));
    expect([single.by, single.bound, single.whole]).toEqual(['one-emv', { '01': [11] }, { '01': [11, 13] }]);
  });

  it('prefers the default card profile when it offers a part: its automatic binding is narrowed', () => {
    const part = choosePart(groupOf([profile(2, 'two-methods', { '01': [11], '02': [12] }), profile(3, 'default', { '01': [11, 13] }, { asDefault: true })], emvs));
    expect([part.profile.profileName, part.narrowsAutomaticBinding]).toEqual(['default', true]);
  });

  it('passes over a profile whose lists name an EMV config the group does not hold for that method', () => {
    const refused = (): unknown => choosePart(groupOf([profile(1, 'stale', { '01': [11], '02': [99] }), profile(2, 'crossed', { '01': [11, 12] })], emvs));
    expect(refused).toThrow(ProbeError);
  });
});

describe('verdictOf', () => {
  const part = choosePart(groupOf([profile(2, 'host-a', { '01': [11], '02': [12] })], [emv(11, '01'), emv(12, '02')]));

  it('the bound part: binding; the whole profile: profile', () => {
    expect(verdictOf(part, { summaryLists: { '01': [11] }, bindingLists: { '01': [11] } }, 'M1')).toBe('binding');
    expect(verdictOf(part, { summaryLists: { '01': [11], '02': [12] }, bindingLists: { '01': [11] } }, 'M1')).toBe('profile');
  });

  it('neither, or a binding not kept as sent: inconclusive, saying what was read', () => {
    expect(() => verdictOf(part, { summaryLists: { '02': [12] }, bindingLists: { '01': [11] } }, 'M1')).toThrow(
      'inconclusive: the summary of scratch merchant M1 is neither the part bound nor the whole profile: its summary item for host-a USD lists 02 [12], its binding record holds 01 [11], the part bound was 01 [11] and the profile lists 01 [11], 02 [12]. A profile edited while the probe ran reads so too: run `paycfg probe` again.',
    );
    expect(() => verdictOf(part, { summaryLists: undefined, bindingLists: { '01': [11], '02': [12] } }, 'M1')).toThrow(/^inconclusive: the service did not keep the binding of scratch merchant M1 as sent/);
  });
});
