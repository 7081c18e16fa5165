import { describe, expect, it } from 'vitest';
import type { Change, Plan } from '../../src/plan/plan.js';
import { renderPlanJson } from '../../src/render/render-document.js';
import { renderPlanMarkdown } from '../../src/render/render-document.js';
import { renderPlanText } from '../../src/render/render-document.js';
import { createStyle } from '../../src/render/style.js';

const update = (address: string, extra: Partial<Change> & Record<string, unknown>): Change => ({
  address,
  kind: 'acquirer',
  key: address.slice('acquirer/'.length),
  action: 'update',
  before: { connUrl: 'https://old.example' },
  after: { connUrl: 'https://new.example' },
  patch: [{ op: 'replace', path: '/connUrl', value: 'https://new.example' }],
  dependsOn: [],
  reason: '1 field change',
  notes: [],
  ...extra,
});

const plan = (changes: Change[]): Plan => ({
  formatVersion: 1,
  baseUrl: 'https://pbo.example',
  group: { groupId: 'G-1', groupName: 'Group' },
  changes,
  unmanaged: [],
  blocked: [],
  summary: { create: 0, update: changes.length, delete: 0, replace: 0, blocked: 0 },
  sensitive: [],
});

describe('a change renamed in place', () => {
  const moved = plan([update('acquirer/host-a-usd', { movedFrom: 'acquirer/host-a', reason: 'moved' })]);

  it('is headed old → new in text, and its cell says so in Markdown', () => {
    expect(renderPlanText(moved, createStyle(false))).toContain('# acquirer/host-a → acquirer/host-a-usd (moved): renamed in place');
    expect(renderPlanMarkdown(moved)).toContain('| ✏️ | `acquirer/host-a → acquirer/host-a-usd` (moved) | moved |');
  });

  it('shows the key field once, as the change from the old name to the new one', () => {
    const renamed = plan([
      update('acquirer/host-a-usd', {
        movedFrom: 'acquirer/host-a',
        before: { profileName: 'host-a', connUrl: 'https://a.example' },
        after: { profileName: 'host-a-usd', connUrl: 'https://a.example' },
        patch: [{ op: 'replace', path: '/profileName', value: 'host-a-usd' }],
        reason: 'moved from acquirer/host-a',
      }),
    ]);
    const text = renderPlanText(renamed, createStyle(false));
    expect(text).toContain('      ~ profileName = "host-a" → "host-a-usd"\n');
    expect(text.match(/profileName/g)).toHaveLength(1);
  });

  it('carries movedFrom in the JSON right after its address', () => {
    expect(Object.keys(JSON.parse(renderPlanJson(moved)).changes[0]).slice(0, 2)).toEqual(['address', 'movedFrom']);
  });
});

describe('a plan without a base', () => {
  it('has no origin anywhere, no headings and no revert warning', () => {
    const plain = plan([update('acquirer/host-a', {})]);
    expect(renderPlanJson(plain)).not.toContain('origin');
    expect(renderPlanText(plain, createStyle(false))).toContain('paycfg will perform the following actions, in this order:');
    expect(renderPlanMarkdown(plain)).not.toMatch(/####|⚠️ This apply/);
  });
});

describe('a plan with origins', () => {
  it('names ten reverted records in the Markdown warning and counts the rest', () => {
    const many = plan(Array.from({ length: 12 }, (_, i) => update(`acquirer/host-${String(i).padStart(2, '0')}`, { origin: i === 0 ? 'intended' : 'revert' })));
    const md = renderPlanMarkdown(many);
    expect(md).toContain('**⚠️ This apply would also revert 11 changes made outside paycfg:** `acquirer/host-01`,');
    expect(md).toContain('`acquirer/host-10`, and 1 more.');
    expect(md).toContain('#### Intended (1)');
    expect(md).toContain('#### Reverts changes made outside paycfg (11)');
    expect(md).not.toContain('#### Both');
  });

  it('labels a blocked change with its origin in text and Markdown', () => {
    const blocked: Plan = {
      ...plan([]),
      blocked: [{ address: 'merchant/stray', kind: 'merchant', key: 'stray', action: 'delete', cause: 'protected', reason: 'protected', blockers: [], origin: 'revert' } as Plan['blocked'][number]],
      summary: { create: 0, update: 0, delete: 0, replace: 0, blocked: 1 },
    };
    expect(renderPlanText(blocked, createStyle(false))).toContain('! merchant/stray (delete; origin: revert): protected');
    expect(renderPlanMarkdown(blocked)).toContain('- `merchant/stray` (delete; origin: revert): protected');
  });
});
