import { describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import type { Plan } from '../../src/plan/plan.js';
import { renderPlanJson } from '../../src/render/render-document.js';
import { renderPlanMarkdown } from '../../src/render/render-document.js';
import { renderPlanText } from '../../src/render/render-document.js';
import { scrubPlan } from '../../src/render/redact.js';
import { createStyle } from '../../src/render/style.js';

const HOSTILE = 'Shop\x1b[2K\x1b[1A\u202e\x9b\x7f';
const RAW = /[\x00-\x09\x0b-\x1a\x1c-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

function planWith(text: string): Plan {
  return {
    formatVersion: 1,
    baseUrl: 'http://127.0.0.1:1',
    group: { groupId: 'G-00000001', groupName: text },
    changes: [
      {
        address: `merchant/${text}`,
        kind: 'merchant',
        key: text,
        action: 'update',
        before: { mchName: text },
        after: { mchName: 'Shop' },
        patch: [{ op: 'replace', path: '/mchName', value: 'Shop' }],
        dependsOn: [],
        reason: `live differs: ${text}`,
        notes: [text],
        liveId: text,
      },
    ],
    unmanaged: [{ address: `merchant/${text}`, kind: 'merchant', key: text, note: text }],
    blocked: [{ address: `merchant/${text}`, kind: 'merchant', key: text, action: 'delete', cause: 'in-use', reason: text, blockers: [text] }],
    summary: { create: 0, update: 1, delete: 0, replace: 0, blocked: 1 },
    sensitive: [],
  };
}

describe('plan renderers and text from the service', () => {
  it('show control and bidi characters as escapes in text (colours kept) and Markdown', () => {
    const text = renderPlanText(planWith(HOSTILE), createStyle(true));
    expect(text.replace(/\x1b\[\d+m/g, '')).not.toMatch(/[\x1b]/);
    expect(text).not.toMatch(RAW);
    expect(text).toContain('Shop\\e[2K\\e[1A\\u202e\\u009b\\u007f');
    expect(text).toContain('mchName = "Shop\\u001b[2K\\u001b[1A\\u202e\\u009b\\u007f" → "Shop"');
    expect(text).toContain('\x1b[1m');
    const markdown = renderPlanMarkdown(planWith(HOSTILE));
    expect(markdown).not.toMatch(RAW);
    expect(markdown).not.toContain('\x1b');
  });

  it('escape them in JSON, C1 and bidi included, without changing the value', () => {
    const json = renderPlanJson(planWith(HOSTILE));
    expect(json).not.toMatch(RAW);
    expect(JSON.parse(json).group.groupName).toBe(HOSTILE);
  });

  it('mask the token anywhere in a plan, in its encodings too', () => {
    const token = 'tok.en-SECRET_1234567890';
    const plan = scrubPlan(planWith(`a ${token} b ${Buffer.from(token).toString('base64')}`), [token]);
    const all = JSON.stringify(plan);
    expect(all).not.toContain(token);
    expect(all).not.toContain(Buffer.from(token).toString('base64'));
    expect(plan.group.groupName).toBe('a (sensitive) b (sensitive)');
  });
});

describe('the output filter', () => {
  it('masks the token from PAYCFG_TOKEN and one handed to hideInOutput, and shows stray escapes', () => {
    const io = captureIo({ env: { PAYCFG_TOKEN: 'Bearer env-token-123456' } });
    io.hideInOutput?.('file-token-abcdef');
    io.stdout.write(`a env-token-123456 b ${encodeURIComponent('file-token-abcdef')} \x1b[2K\x1b[31mred\x1b[39m\n`);
    expect(io.out()).toBe('a [redacted] b [redacted] \\e[2K\x1b[31mred\x1b[39m\n');
  });

  it('leaves short test tokens alone rather than garble every word', () => {
    const io = captureIo({ env: { PAYCFG_TOKEN: 't' } });
    io.stderr.write('the test\n');
    expect(io.err()).toBe('the test\n');
  });
});

describe('long values', () => {
  it('are shown whole in text and markdown, never cut', () => {
    const long = `Thank you for visiting. ${'Returns within 30 days with receipt. '.repeat(8)}End.`;
    const plan = planWith('Shop');
    const change = { ...plan.changes[0]!, before: { receiptInfo: 'short' }, after: { receiptInfo: long }, patch: [{ op: 'replace' as const, path: '/receiptInfo', value: long }] };
    const withLong = { ...plan, changes: [change] };
    const text = renderPlanText(withLong, createStyle(false));
    expect(text).toContain(JSON.stringify(long));
    // Markdown: in quoted pieces (GitHub does not wrap a diff block), which join to the whole value.
    const markdown = renderPlanMarkdown(withLong);
    const pieces = [...markdown.matchAll(/^\+ +(".*?")(?: \\)?$/gm)].map((m) => JSON.parse(m[1]!) as string);
    expect(pieces.join('')).toBe(long);
    for (const out of [text, markdown]) expect(out).not.toContain('…');
  });
});

describe('numbers', () => {
  it('are shown as numbers on both sides of a change, though the comparison holds them as text', () => {
    const plan = planWith('Shop');
    const change = {
      ...plan.changes[0]!,
      kind: 'emv' as const,
      before: { params: { clCVMLimit: 100000 } },
      after: { params: { clCVMLimit: 200000 } },
      patch: [{ op: 'replace' as const, path: '/params/clCVMLimit', value: 200000 }],
    };
    expect(renderPlanText({ ...plan, changes: [change] }, createStyle(false))).toContain('      ~ params = {\n          ~ clCVMLimit = 100000 → 200000\n        }');
  });
});
