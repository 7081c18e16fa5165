import { describe, expect, it } from 'vitest';
import { deviceLifecycle, holdsAlias, isActivated } from '../../src/model/twins.js';

describe('deviceLifecycle, as plan and apply both read it', () => {
  it('is a pending code until the record is activated, whatever its deviceStatus says', () => {
    expect(deviceLifecycle({})).toBe('pending');
    expect(deviceLifecycle({ deviceStatus: 3 })).toBe('pending');
    expect(deviceLifecycle({ isDevice: false, deviceStatus: 1 })).toBe('pending');
  });

  it('is what deviceStatus says once activated, numbers in text included; a missing or unknown status is active', () => {
    expect(deviceLifecycle({ isDevice: true, deviceStatus: 0 })).toBe('pending');
    expect(deviceLifecycle({ isDevice: true, deviceStatus: 1 })).toBe('active');
    expect(deviceLifecycle({ isDevice: true, deviceStatus: '2' })).toBe('logout');
    expect(deviceLifecycle({ isDevice: true, deviceStatus: 3 })).toBe('decommissioned');
    expect(deviceLifecycle({ isDevice: true })).toBe('active');
    expect(deviceLifecycle({ isDevice: true, deviceStatus: 7 })).toBe('active');
  });

  it('gives the alias up only when decommissioned, and counts every lifecycle but pending as activated', () => {
    expect((['pending', 'active', 'logout', 'decommissioned'] as const).map((l) => [holdsAlias(l), isActivated(l)])).toEqual([
      [true, false],
      [true, true],
      [true, true],
      [false, true],
    ]);
  });
});
