import { describe, expect, it } from 'vitest';
import { merchantBody } from '../../src/kinds/merchant.js';
import { logoFingerprint, RECEIPT_LOGO_FINGERPRINT_KEY } from '../../src/model/receipt-logo.js';
import { comparable, diffFields, sameFields } from '../../src/plan/diff.js';
import { planChanges } from '../../src/plan/plan-changes.js';
import { context, desiredState, emv, live, liveState, merchant } from './states.js';

/** A 1×1 PNG, and another image's bytes, as base64: what a manifest's receiptLogo holds. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const OTHER_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const URL_OF_PNG = 'https://static.example.com/receipt/abc.png';
const KEY = RECEIPT_LOGO_FINGERPRINT_KEY;

const params = (values: Record<string, unknown>) => ({ paymentMethod: '02', currency: 'USD', params: values });

describe('EMV params keep their value types in the diff', () => {
  it('compares a number and its digits as text equal, as before', () => {
    expect(sameFields('emv', params({ clFloorLimit: 0, aid: 'A1' }), params({ aid: 'A1', clFloorLimit: '0' }))).toBe(true);
    expect(diffFields('emv', params({ clFloorLimit: 0 }), params({ clFloorLimit: '0' })).patch).toEqual([]);
  });

  it('shows a changed number in the patch as the number written, not as the text the comparison used', () => {
    expect(diffFields('emv', params({ clCVMLimit: 200000, appVersion: '0003' }), params({ clCVMLimit: 100000, appVersion: '0002' })).patch).toEqual([
      { op: 'replace', path: '/params/clCVMLimit', value: 200000 },
      { op: 'replace', path: '/params/appVersion', value: '0003' },
    ]);
  });

  it('compares true and "true" as different values', () => {
    expect(sameFields('emv', params({ isNewCVMRuleForMC: true }), params({ isNewCVMRuleForMC: 'true' }))).toBe(false);
    expect(diffFields('emv', params({ isNewCVMRuleForMC: true }), params({ isNewCVMRuleForMC: 'true' })).patch).toEqual([
      { op: 'replace', path: '/params/isNewCVMRuleForMC', value: true },
    ]);
    expect(sameFields('emv', params({ isNewCVMRuleForMC: true }), params({ isNewCVMRuleForMC: true }))).toBe(true);
    expect(sameFields('emv', params({ isNewCVMRuleForMC: false }), params({ isNewCVMRuleForMC: true }))).toBe(false);
  });

  it('compares null as its own value: not "null", not absent, not 0', () => {
    expect(sameFields('emv', params({ kernel: null }), params({ kernel: null }))).toBe(true);
    expect(sameFields('emv', params({ kernel: null }), params({ kernel: 'null' }))).toBe(false);
    expect(sameFields('emv', params({ kernel: null }), params({}))).toBe(false);
    expect(sameFields('emv', params({ kernel: null }), params({ kernel: 0 }))).toBe(false);
    expect(diffFields('emv', params({ kernel: null }), params({ kernel: 'null' })).patch).toEqual([{ op: 'replace', path: '/params/kernel', value: null }]);
  });

  it('shows a boolean in the patch as a boolean, a number as its text', () => {
    expect(comparable('emv', 'params', { b: true, n: 5, z: null })).toEqual({ b: true, n: '5', z: null });
  });

  it('plans no change for a config whose live params hold a boolean the manifest holds too', () => {
    const desired = desiredState([emv('mc', '02', { aid: 'A2', clFloorLimit: 0, isNewCVMRuleForMC: true } as never)]);
    const plan = planChanges(desired, liveState([live(emv('mc', '02', { isNewCVMRuleForMC: true, aid: 'A2', clFloorLimit: '0' } as never), 7)]), context);
    expect(plan.changes).toEqual([]);
  });

  it('writes the whole params with the boolean kept when another key changes', () => {
    const desired = desiredState([emv('mc', '02', { aid: 'A2-new', isNewCVMRuleForMC: true } as never)]);
    const plan = planChanges(desired, liveState([live(emv('mc', '02', { aid: 'A2', isNewCVMRuleForMC: true } as never), 7)]), context);
    expect(plan.changes).toHaveLength(1);
    expect(plan.changes[0]!.patch).toEqual([{ op: 'replace', path: '/params/aid', value: 'A2-new' }]);
    expect(JSON.parse(JSON.stringify(plan.changes[0]!.after))).toMatchObject({ params: { aid: 'A2-new', isNewCVMRuleForMC: true } });
  });
});

describe("additionalData: paycfg's reserved key is not the user's", () => {
  it('compares only the user keys', () => {
    const wanted = { additionalData: { tier: 'gold' } };
    expect(sameFields('merchant', wanted, { additionalData: { tier: 'gold', [KEY]: 'f'.repeat(64) } })).toBe(true);
    expect(sameFields('merchant', { additionalData: {} }, { additionalData: { [KEY]: 'f'.repeat(64) } })).toBe(true);
    const diff = diffFields('merchant', { additionalData: { tier: 'silver' } }, { additionalData: { tier: 'gold', [KEY]: 'f'.repeat(64) } });
    expect(diff.patch).toEqual([{ op: 'replace', path: '/additionalData/tier', value: 'silver' }]);
  });
});

describe('receiptLogo: uploaded content compares by its SHA-256 with the fingerprint in additionalData', () => {
  const fingerprinted = (content: string, extra: Record<string, unknown> = {}) => ({ receiptLogo: URL_OF_PNG, additionalData: { [KEY]: logoFingerprint(content), ...extra } });

  it('fingerprints the image bytes: a data URI prefix and line breaks do not change it', () => {
    expect(logoFingerprint(PNG)).toMatch(/^[0-9a-f]{64}$/);
    expect(logoFingerprint(`data:image/png;base64,${PNG.slice(0, 40)}\n  ${PNG.slice(40)}`)).toBe(logoFingerprint(PNG));
    expect(logoFingerprint(OTHER_PNG)).not.toBe(logoFingerprint(PNG));
  });

  it('sees the same content as no change, and keeps the service URL in an update of other fields', () => {
    expect(sameFields('merchant', { receiptLogo: PNG }, fingerprinted(PNG))).toBe(true);
    const diff = diffFields('merchant', { receiptLogo: PNG, mchName: 'New' }, { mchName: 'Old', ...fingerprinted(PNG) });
    expect(diff.patch).toEqual([{ op: 'replace', path: '/mchName', value: 'New' }]);
    expect(diff.after['receiptLogo']).toBe(URL_OF_PNG);
  });

  it('sees other content, or no fingerprint at all, as a change that uploads it', () => {
    expect(sameFields('merchant', { receiptLogo: OTHER_PNG }, fingerprinted(PNG))).toBe(false);
    expect(sameFields('merchant', { receiptLogo: PNG }, { receiptLogo: URL_OF_PNG, additionalData: {} })).toBe(false);
    const diff = diffFields('merchant', { receiptLogo: OTHER_PNG }, fingerprinted(PNG));
    expect(diff.after['receiptLogo']).toBe(OTHER_PNG);
    expect(diff.patch).toEqual([{ op: 'replace', path: '/receiptLogo', value: OTHER_PNG }]);
  });

  it('compares a URL as written', () => {
    expect(sameFields('merchant', { receiptLogo: URL_OF_PNG }, { receiptLogo: URL_OF_PNG })).toBe(true);
    expect(sameFields('merchant', { receiptLogo: 'https://cdn.example/new.png' }, fingerprinted(PNG))).toBe(false);
  });
});

describe('receiptLogo in the plan', () => {
  const withData = (ref: string, extra: Record<string, unknown>) => live(merchant(ref, { receiptLogo: URL_OF_PNG, ...extra }), `M-${ref}`);

  it('plans nothing when the fingerprint matches', () => {
    const plan = planChanges(desiredState([merchant('m1', { receiptLogo: PNG })]), liveState([withData('m1', { additionalData: { [KEY]: logoFingerprint(PNG) } })]), context);
    expect(plan.changes).toEqual([]);
  });

  it('uploads changed content, and says how the change was seen', () => {
    const plan = planChanges(desiredState([merchant('m1', { receiptLogo: OTHER_PNG })]), liveState([withData('m1', { additionalData: { [KEY]: logoFingerprint(PNG) } })]), context);
    expect(plan.changes).toHaveLength(1);
    const [change] = plan.changes;
    expect(change!.after!['receiptLogo']).toBe(OTHER_PNG);
    expect(change!.notes).toEqual([
      `receiptLogo: the manifest content's SHA-256 is ${logoFingerprint(OTHER_PNG).slice(0, 12)}… and additionalData["${KEY}"] holds ${logoFingerprint(PNG).slice(0, 12)}…: it is uploaded, and its SHA-256 kept there`,
    ]);
  });

  it('uploads once when another merchant of the group keeps a fingerprint but this one keeps none', () => {
    const plan = planChanges(
      desiredState([merchant('m1', { receiptLogo: PNG })]),
      liveState([withData('m1', {}), withData('other', { additionalData: { tier: 'gold', [KEY]: logoFingerprint(OTHER_PNG) } })]),
      context,
    );
    expect(plan.changes.map((c) => c.address)).toEqual(['merchant/m1']);
    expect(plan.changes[0]!.after!['receiptLogo']).toBe(PNG);
    expect(plan.changes[0]!.notes[0]).toContain('holds none (not uploaded by paycfg)');
  });

  describe('when no merchant record of the group shows a fingerprint', () => {
    it('treats the logo as write-only: no change for the logo alone', () => {
      const plan = planChanges(desiredState([merchant('m1', { receiptLogo: PNG })]), liveState([withData('m1', {})]), context);
      expect(plan.changes).toEqual([]);
    });

    it('stays write-only when the service returns additionalData but not paycfg\'s key (it may drop keys it does not know)', () => {
      const plan = planChanges(
        desiredState([merchant('m1', { receiptLogo: PNG })]),
        liveState([withData('m1', { additionalData: {} }), withData('other', { additionalData: { tier: 'gold' } })]),
        context,
      );
      expect(plan.changes).toEqual([]);
    });

    it('sends it with an update of another field, says so, and the write carries its fingerprint', () => {
      const plan = planChanges(desiredState([merchant('m1', { receiptLogo: PNG, mchName: 'New' })]), liveState([withData('m1', {})]), context);
      expect(plan.changes).toHaveLength(1);
      const [change] = plan.changes;
      expect(change!.patch).toEqual([{ op: 'replace', path: '/mchName', value: 'New' }]);
      expect(change!.after!['receiptLogo']).toBe(PNG);
      expect(change!.notes).toEqual([
        'receiptLogo is uploaded content, and no merchant record of the group shows the SHA-256 paycfg keeps in additionalData: ' +
          'a change of the logo alone cannot be seen. It is sent again with this update',
      ]);
      const body = merchantBody('m1', change!.after as never, { mchId: 'M-m1', mchName: 'm1', currency: 'USD', contactName: 'Jane', contactEmail: 'j@x.example', receiptLogo: URL_OF_PNG });
      expect(body.receiptLogo).toBe(PNG);
      expect(body.additionalData).toEqual({ [KEY]: logoFingerprint(PNG) });
    });
  });

  it('says on a create where the fingerprint is kept', () => {
    const plan = planChanges(desiredState([merchant('m1', { receiptLogo: PNG })]), liveState([]), context);
    expect(plan.changes[0]!.notes).toEqual([
      `receiptLogo is uploaded content, which the service cannot return: its SHA-256 (${logoFingerprint(PNG).slice(0, 12)}…) is kept in additionalData["${KEY}"], which later plans compare with the manifest`,
    ]);
  });
});

describe('merchant bodies keep the fingerprint right', () => {
  const record = { mchId: 'M1', mchName: 'Shop', currency: 'USD', contactName: 'A', contactEmail: 'a@x.example', receiptLogo: URL_OF_PNG };

  it('writes the SHA-256 of uploaded content on create, beside the user keys', () => {
    expect(merchantBody('m1', { mchName: 'Shop', receiptLogo: PNG, additionalData: { tier: 'gold' } }).additionalData).toEqual({ tier: 'gold', [KEY]: logoFingerprint(PNG) });
  });

  it("keeps the live fingerprint when the manifest's additionalData replaces the user keys", () => {
    const live = { ...record, additionalData: { tier: 'gold', [KEY]: logoFingerprint(PNG) } };
    const body = merchantBody('m1', { receiptLogo: URL_OF_PNG, additionalData: { tier: 'silver' } }, live);
    expect(body.receiptLogo).toBe(URL_OF_PNG);
    expect(body.additionalData).toEqual({ tier: 'silver', [KEY]: logoFingerprint(PNG) });
    expect(merchantBody('m1', { mchName: 'Renamed' }, live).additionalData).toEqual(live.additionalData);
  });

  it('drops the fingerprint when a URL replaces the uploaded logo', () => {
    const live = { ...record, additionalData: { tier: 'gold', [KEY]: logoFingerprint(PNG) } };
    expect(merchantBody('m1', { receiptLogo: 'https://cdn.example/new.png' }, live).additionalData).toEqual({ tier: 'gold' });
  });
});
