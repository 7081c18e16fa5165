import { describe, expect, it } from 'vitest';
import { unmanagedSecretsLine } from '../../src/export/secret-wording.js';

const variable = (n: number) => ({ name: `PAYCFG_DEVICE_ADMIN_SHOP_T${n}`, merchant: 'shop', device: `t${n}`, commentedOut: false });

describe('what export says of the admin passwords it leaves unmanaged', () => {
  it('names the one variable to set', () => {
    expect(unmanagedSecretsLine([variable(1)])).toBe(
      "1 device's admin password left unmanaged (not in the manifest: plan and apply leave it as it is). " +
        "To manage it, export with --manage-secrets and set PAYCFG_DEVICE_ADMIN_SHOP_T1 to the device's live admin password.",
    );
  });

  it('names five variables at most in its one line, and counts the rest', () => {
    const line = unmanagedSecretsLine([1, 2, 3, 4, 5, 6, 7].map(variable));
    expect(line).toContain(
      'set PAYCFG_DEVICE_ADMIN_SHOP_T1, PAYCFG_DEVICE_ADMIN_SHOP_T2, PAYCFG_DEVICE_ADMIN_SHOP_T3, PAYCFG_DEVICE_ADMIN_SHOP_T4, PAYCFG_DEVICE_ADMIN_SHOP_T5 and 2 more (listed at the end of the manifest)',
    );
    expect(line.startsWith("7 devices' admin passwords left unmanaged")).toBe(true);
  });
});
