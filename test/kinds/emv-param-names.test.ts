import { describe, expect, it } from 'vitest';
import { device, deviceEmvParamsSchema, emvParamName } from '../../src/kinds/device.js';
import { canonicalMethodCode } from '../../src/model/canonical.js';
import { diffFields, sameFields } from '../../src/plan/diff.js';

/**
 * A terminal's EMV parameters under the reference's names (netD…) and the real documentation's
 * (amex…) are one key. And payment methods as the legacy API names them.
 */

describe('netD… and amex… EMV parameters', () => {
  const read = (emvParams: Record<string, unknown>) =>
    device.liveFields({ deviceId: 'CD-1', deviceAlias: 'till', emvParams: JSON.stringify(emvParams) }, { where: 'device CD-1', emvName: String, profileNames: new Map() }).emvParams;

  it('name one parameter: the manifest may write either name, not both, and the state holds the reference name', () => {
    expect(emvParamName('amexFloorLimit')).toBe('netDFloorLimit');
    expect(emvParamName('amexExReaderCapability')).toBe('netDExReaderCapability');
    expect(emvParamName('netDReaderCapability')).toBe('netDReaderCapability');
    expect(emvParamName('terminalType')).toBe('terminalType');
    expect(emvParamName('amex')).toBe('amex');
    expect(Object.keys(deviceEmvParamsSchema.shape)).toContain('amexFloorLimit');
    expect(deviceEmvParamsSchema.safeParse({ amexFloorLimit: '00000100' }).success).toBe(true);
    const both = deviceEmvParamsSchema.safeParse({ amexFloorLimit: '00000100', netDFloorLimit: '00000100' });
    expect(both.success).toBe(false);
    expect(both.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[['amexFloorLimit'], 'names the same parameter as netDFloorLimit: write one of the two']]);
    expect(device.desiredFields({ deviceAlias: 'till', emvParams: { amexFloorLimit: '00000100', terminalType: '21' } }).emvParams).toEqual({
      netDFloorLimit: '00000100',
      terminalType: '21',
    });
  });

  it('are read under the manifest name, with the value the service answered', () => {
    expect(read({ amexFloorLimit: '00000100', amexExReaderCapability: 18000, terminalType: '21' })).toEqual({
      netDFloorLimit: '00000100',
      netDExReaderCapability: 18000,
      terminalType: '21',
    });
    expect(read({ netDFloorLimit: '00000100' })).toEqual({ netDFloorLimit: '00000100' });
    // Both names answered: the reference one is compared, the other kept as it is.
    expect(read({ amexFloorLimit: '00000300', netDFloorLimit: '00000100' })).toEqual({ amexFloorLimit: '00000300', netDFloorLimit: '00000100' });
  });

  it('compare as one key: a manifest netDFloorLimit equals a live amexFloorLimit of the same value, and not another', () => {
    const live = { deviceAlias: 'till', emvParams: read({ amexFloorLimit: '00000100', amexReaderCapability: 'C3', terminalType: '21' }) };
    expect(sameFields('device', { deviceAlias: 'till', emvParams: { netDFloorLimit: '00000100', netDReaderCapability: 'C3' } }, live)).toBe(true);
    const diff = diffFields('device', { deviceAlias: 'till', emvParams: { netDFloorLimit: '00000200' } }, live);
    expect(diff.patch).toEqual([{ op: 'replace', path: '/emvParams/netDFloorLimit', value: '00000200' }]);
    // The update sends the manifest name, and the other live parameters under theirs.
    expect(diff.after['emvParams']).toEqual({ netDFloorLimit: '00000200', netDReaderCapability: 'C3', terminalType: '21' });
  });

  it('are exported under the manifest name, with the value the service answered', () => {
    const fields = { deviceAlias: 'till', emvParams: read({ amexFloorLimit: '00000100' }) };
    expect(device.exportFields('till', fields)).toMatchObject({ emvParams: { netDFloorLimit: '00000100' } });
    expect(deviceEmvParamsSchema.safeParse(fields.emvParams).success).toBe(true);
  });
});

describe('payment methods as the legacy API names them', () => {
  it('reads the table network names as their codes, any case; other codes and unknown names as written', () => {
    expect(['VISA', 'MASTERCARD', 'UNIONPAY', 'amex', 'Jcb', 'DISCOVER'].map(canonicalMethodCode)).toEqual(['01', '02', '03', '04', '05', '06']);
    expect(['07', '7', '12', 'A1', 'c16', 'ZZ9', ' 100 '].map(canonicalMethodCode)).toEqual(['07', '07', '12', 'A1', 'C16', 'ZZ9', '100']);
    expect(canonicalMethodCode('WeChatPay')).toBe('WeChatPay');
    expect(canonicalMethodCode('NETWORK_A')).toBe('NETWORK_A');
  });
});
