import { describe, expect, it } from 'vitest';
import type { Plan, UnmanagedResource } from '../../src/plan/plan.js';
import { driftVerdict, noChangeLine, unmanagedGroups } from '../../src/render/plan-wording.js';
import { renderPlanMarkdown } from '../../src/render/render-document.js';
import { renderPlanText } from '../../src/render/render-document.js';
import { createStyle } from '../../src/render/style.js';

const plain = createStyle(false);

function planWith(unmanaged: UnmanagedResource[], unreadDevices?: Plan['unreadDevices']): Plan {
  return {
    formatVersion: 1,
    baseUrl: 'http://127.0.0.1:8080',
    group: { groupId: 'G-00000001', groupName: 'Test PBO' },
    changes: [],
    unmanaged,
    ...(unreadDevices !== undefined ? { unreadDevices } : {}),
    blocked: [],
    summary: { create: 0, update: 0, delete: 0, replace: 0, blocked: 0 },
    sensitive: [],
  };
}

/** A group with each way a record is left alone. */
const mixed = planWith(
  [
    { address: 'acquirer/old-host', kind: 'acquirer', key: 'old-host', liveId: 12 },
    { address: 'binding/coffee-001/host-a/USD', kind: 'binding', key: 'coffee-001/host-a/USD', liveId: '7', merchant: 'coffee-001', cause: 'list-not-managed' },
    { address: 'binding/tea-002/host-a/USD', kind: 'binding', key: 'tea-002/host-a/USD', liveId: '8', merchant: 'tea-002', cause: 'merchant-not-managed' },
    {
      address: 'device/bar-003/till-9',
      kind: 'device',
      key: 'bar-003/till-9',
      liveId: 'T9',
      name: 'Old till',
      note: 'activated terminal not in the manifest; paycfg never removes one unless prune.activatedDevices says so',
    },
    { address: 'merchant/tea-002', kind: 'merchant', key: 'tea-002', liveId: 'M2', name: 'Tea Room' },
  ],
  [
    { merchant: 'coffee-001', cause: 'list-not-managed', terminals: 2 },
    { merchant: 'tea-002', cause: 'merchant-not-managed' },
  ],
);

describe('what a plan leaves alone, in words', () => {
  it('says so in its one verdict, then one line per merchant with its records under it', () => {
    expect(renderPlanText(mixed, plain)).toBe(
      [
        'paycfg plan for group G-00000001 ("Test PBO") at http://127.0.0.1:8080',
        '',
        'No changes. Not managed by the manifest, and left as they are (below): 5 live records and the devices of 2 merchants.',
        '',
        'Not managed by the manifest (left as they are): 5 live records, and the devices of 2 merchants, not listed',
        '  ? acquirer/old-host (id 12)',
        '  ? device/bar-003/till-9 (id T9, "Old till"): activated terminal not in the manifest; paycfg never removes one unless prune.activatedDevices says so',
        '  merchant/coffee-001: 1 binding and its devices (2 terminals counted, not listed) are not managed: its entry in the manifest has neither bindings: nor devices: (bindings: [] would delete the bindings, devices: [] the devices, an activated terminal only under prune.activatedDevices)',
        '      ? binding/coffee-001/host-a/USD (id 7)',
        '  ? merchant/tea-002 (id M2, "Tea Room"): not in the manifest: left as it is, with 1 binding and its devices (not read)',
        '      ? binding/tea-002/host-a/USD (id 8)',
        '',
      ].join('\n'),
    );
  });

  it('tells one device list from another: devices: [] would delete, no devices: leaves alone', () => {
    const one = planWith([{ address: 'device/coffee-001/till-1', kind: 'device', key: 'coffee-001/till-1', liveId: 'T1', merchant: 'coffee-001', cause: 'list-not-managed' }]);
    expect(unmanagedGroups(one)).toEqual([
      {
        address: 'merchant/coffee-001',
        mark: false,
        detail: ': 1 device is not managed: its entry in the manifest has no devices: (devices: [] would delete it, an activated terminal only under prune.activatedDevices)',
        children: [{ address: 'device/coffee-001/till-1', mark: true, detail: ' (id T1)' }],
      },
    ]);
    const unread = planWith([], [{ merchant: 'coffee-001', cause: 'list-not-managed' }]);
    expect(unmanagedGroups(unread)[0]!.detail).toBe(': its devices (not read) are not managed: its entry in the manifest has no devices: (devices: [] would delete them, an activated terminal only under prune.activatedDevices)');
    expect(noChangeLine(unread)).toBe('No changes. Not managed by the manifest, and left as they are (below): the devices of 1 merchant.');
    expect(noChangeLine(planWith([]))).toBe('No changes. The live group matches the manifest.');
  });

  it('shows 50 lines of the list, then counts the records left out', () => {
    const many = planWith(
      Array.from({ length: 60 }, (_, i) => ({ address: `emv/e${String(i).padStart(2, '0')}`, kind: 'emv' as const, key: `e${String(i).padStart(2, '0')}`, liveId: i })),
    );
    const lines = renderPlanText(many, plain).split('\n');
    expect(lines.filter((line) => line.startsWith('  ? emv/'))).toHaveLength(50);
    expect(lines).toContain('  … and 10 more records (see --json)');
  });

  it('lists them in the Markdown comment, grouped the same way', () => {
    const markdown = renderPlanMarkdown(mixed);
    expect(markdown).toContain(
      [
        '<details><summary>Not managed by the manifest (left as they are): 5 live records, and the devices of 2 merchants, not listed</summary>',
        '',
        '- `acquirer/old-host` (id 12)',
        '- `device/bar-003/till-9` (id T9, "Old till"): activated terminal not in the manifest; paycfg never removes one unless prune.activatedDevices says so',
        '- `merchant/coffee-001`: 1 binding and its devices (2 terminals counted, not listed) are not managed: its entry in the manifest has neither bindings: nor devices: (bindings: \\[\\] would delete the bindings, devices: \\[\\] the devices, an activated terminal only under prune.activatedDevices)',
        '  - `binding/coffee-001/host-a/USD` (id 7)',
      ].join('\n'),
    );
  });
});

describe("drift's one verdict", () => {
  it('counts unmanaged records as drift, or lists them and says no drift with --ignore-unmanaged', () => {
    expect(driftVerdict(mixed, false)).toBe('Drift detected: 0 changes to make, 0 blocked, 5 unmanaged records.');
    expect(driftVerdict(mixed, true)).toBe(
      'No drift: the records the manifest manages match it; the 5 live records it does not manage (listed) are not counted (--ignore-unmanaged).',
    );
    expect(driftVerdict(planWith([]), false)).toBe('No drift: the live group matches the manifest.');
    const text = renderPlanText(mixed, plain, 'drift');
    expect(text.endsWith('\n\nDrift detected: 0 changes to make, 0 blocked, 5 unmanaged records.\n')).toBe(true);
    expect(text).not.toContain('No changes');
    expect(renderPlanMarkdown(mixed, 'drift', { ignoreUnmanaged: true })).toMatch(/^### paycfg drift: no drift: the records the manifest manages match it;/);
  });
});

describe('the Markdown comment cut for room', () => {
  it('counts the unmanaged records it leaves out, not the merchant groups that hold them', () => {
    // Two merchants, each left out with 40 devices: a group is cut whole, and the count says 41 records, not "1".
    const devices = (merchant: string): UnmanagedResource[] =>
      Array.from({ length: 40 }, (_, i) => ({
        address: `device/${merchant}/till-${String(i).padStart(2, '0')}`,
        kind: 'device' as const,
        key: `${merchant}/till-${String(i).padStart(2, '0')}`,
        liveId: `T${merchant}${i}`,
        merchant,
        cause: 'merchant-not-managed' as const,
      }));
    const big = planWith([
      { address: 'merchant/a-001', kind: 'merchant', key: 'a-001', liveId: 'M1', name: 'A' },
      ...devices('a-001'),
      { address: 'merchant/b-002', kind: 'merchant', key: 'b-002', liveId: 'M2', name: 'B' },
      ...devices('b-002'),
    ]);
    const whole = renderPlanMarkdown(big, 'drift');
    const firstGroupEnds = whole.indexOf('- `merchant/b-002`');
    expect(firstGroupEnds).toBeGreaterThan(0);
    // Room for the first group and the count line, not for the second group.
    const cut = renderPlanMarkdown(big, 'drift', { maxLength: firstGroupEnds + 400 });
    expect(cut).toContain('`merchant/a-001`');
    expect(cut).not.toContain('`merchant/b-002`');
    expect(cut).toMatch(/… 41 more unmanaged records not shown/);
  });
});
