import { describe, expect, it } from 'vitest';
import type { Change, Plan } from '../../src/plan/plan.js';
import { renderPlanJson } from '../../src/render/render-document.js';
import { renderPlanMarkdown } from '../../src/render/render-document.js';
import { renderPlanText } from '../../src/render/render-document.js';
import { createStyle } from '../../src/render/style.js';

const plain = createStyle(false);
/** Any control character a plan could carry raw (the newline is the layout's own). */
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function planOf(changes: Change[], extra: Partial<Plan> = {}): Plan {
  const summary = { create: 0, update: 0, delete: 0, replace: 0, blocked: extra.blocked?.length ?? 0 };
  for (const c of changes) if (c.step !== 'replace-old') summary[c.action] += 1;
  return {
    formatVersion: 1,
    baseUrl: 'http://127.0.0.1:1',
    group: { groupId: 'G-00000001', groupName: 'Test PBO' },
    changes,
    unmanaged: [],
    blocked: [],
    summary,
    sensitive: [],
    ...extra,
  };
}

function change(partial: Partial<Change> & Pick<Change, 'kind' | 'key' | 'action'>): Change {
  return {
    address: `${partial.kind}/${partial.key}`,
    before: null,
    after: null,
    patch: [],
    dependsOn: [],
    reason: 'test',
    notes: [],
    ...partial,
  };
}

/** The lines of the one change block in a text plan, from its `{` line to its `}`. */
function block(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^ {2}\S+ \w+ ".*" \{$/.test(line));
  const end = lines.indexOf('    }', start);
  return lines.slice(start, end + 1);
}

const emvUpdate = change({
  kind: 'emv',
  key: 'visa-usd',
  action: 'update',
  liveId: 7,
  before: { params: { aid: 'A0000000031010', clCVMLimit: 100000, clFloorLimit: 0, kernel: 'old', appVersion: '0002' }, paymentMethod: '01', currency: 'USD' },
  after: { params: { aid: 'A0000000031010', clCVMLimit: 200000, clFloorLimit: 0, ddol: '9F37', appVersion: '0002' }, paymentMethod: '01', currency: 'USD' },
  patch: [
    { op: 'replace', path: '/params/clCVMLimit', value: 200000 },
    { op: 'remove', path: '/params/kernel' },
    { op: 'add', path: '/params/ddol', value: '9F37' },
  ],
});

describe('a changed object prints as a nested block', () => {
  it('marks each changed key, hides the unchanged ones with their count, and shows the identity first', () => {
    expect(block(renderPlanText(planOf([emvUpdate]), plain))).toEqual([
      '  ~ emv "visa-usd" {',
      '        id = 7',
      '        emvName = "visa-usd"',
      '        paymentMethod = "01"',
      '        currency = "USD"',
      '      ~ params = {',
      '          ~ clCVMLimit = 100000 → 200000',
      '          + ddol = "9F37"',
      '          - kernel = "old"',
      '            # (3 unchanged attributes hidden)',
      '        }',
      '    }',
    ]);
  });

  it('marks in the first column of a diff block in Markdown, `~` written `!`', () => {
    const markdown = renderPlanMarkdown(planOf([emvUpdate]));
    expect(markdown).toContain(['!       params = {', '!           clCVMLimit = 100000 → 200000', '+           ddol = "9F37"', '-           kernel = "old"', '            # (3 unchanged attributes hidden)'].join('\n'));
  });

  it('colours the marks on a terminal, the hidden count dim', () => {
    const text = renderPlanText(planOf([emvUpdate]), createStyle(true));
    expect(text).toContain('\x1b[33m~\x1b[39m clCVMLimit = 100000 → 200000');
    expect(text).toContain('\x1b[2m# (3 unchanged attributes hidden)\x1b[22m');
  });

  it('lists the items of a changed list that go and come, matched by value, keys that are not names quoted', () => {
    const binding = change({
      kind: 'binding',
      key: 'm1/p/USD',
      action: 'update',
      before: { acquirer: 'p', currency: 'USD', methods: { '01': { emvs: ['a', 'b'], allows: [] }, '02': { emvs: ['c'], allows: [] } } },
      after: { acquirer: 'p', currency: 'USD', methods: { '01': { emvs: ['a', 'd', 'e'], allows: [] }, '02': { emvs: ['c'], allows: [] } } },
      patch: [
        { op: 'replace', path: '/methods/01/emvs/1', value: 'd' },
        { op: 'add', path: '/methods/01/emvs/2', value: 'e' },
      ],
    });
    expect(block(renderPlanText(planOf([binding]), plain))).toEqual([
      '  ~ binding "m1/p/USD" {',
      '        acquirer = "p"',
      '        currency = "USD"',
      '      ~ methods = {',
      '          ~ "01" = {',
      '              ~ emvs = [',
      '                    # (1 unchanged element hidden)',
      '                  - "b",',
      '                  + "d",',
      '                  + "e",',
      '                ]',
      '                # (1 unchanged attribute hidden)',
      '            }',
      '            # (1 unchanged attribute hidden)',
      '        }',
      '    }',
    ]);
  });

  it('shows an item put in front of a list as one addition, not a change of every item after it', () => {
    // What jsonPatch.compare makes of ["02","03","04"] → ["01","02","03","04"]: a change at each place, and an addition.
    const device = change({
      kind: 'device',
      key: 'm1/till-1',
      action: 'update',
      before: { deviceAlias: 'till-1', methods: ['02', '03', '04'] },
      after: { deviceAlias: 'till-1', methods: ['01', '02', '03', '04'] },
      patch: [
        { op: 'replace', path: '/methods/2', value: '03' },
        { op: 'replace', path: '/methods/1', value: '02' },
        { op: 'replace', path: '/methods/0', value: '01' },
        { op: 'add', path: '/methods/3', value: '04' },
      ],
    });
    expect(block(renderPlanText(planOf([device]), plain))).toEqual([
      '  ~ device "m1/till-1" {',
      '        deviceAlias = "till-1"',
      '      ~ methods = [',
      '          + "01",',
      '            # (3 unchanged elements hidden)',
      '        ]',
      '    }',
    ]);
  });

  it('shows an object taken out of a list as one removal, the unchanged ones counted where they stand', () => {
    const params = [{ name: 'a', value: 1 }, { name: 'b', value: 2 }, { name: 'c', value: 3 }];
    const device = change({
      kind: 'device',
      key: 'm1/till-1',
      action: 'update',
      before: { enablerParams: params },
      after: { enablerParams: [params[0], params[2]] },
      patch: [
        { op: 'remove', path: '/enablerParams/2' },
        { op: 'replace', path: '/enablerParams/1/value', value: 3 },
        { op: 'replace', path: '/enablerParams/1/name', value: 'c' },
      ],
    });
    expect(block(renderPlanText(planOf([device]), plain)).slice(1)).toEqual([
      '      ~ enablerParams = [',
      '            # (1 unchanged element hidden)',
      '          - {',
      '              - name = "b"',
      '              - value = 2',
      '            },',
      '            # (1 unchanged element hidden)',
      '        ]',
      '    }',
    ]);
  });

  it('shows one object changed in place, in a list otherwise the same, as a nested change of that item', () => {
    const device = change({
      kind: 'device',
      key: 'm1/till-1',
      action: 'update',
      before: { enablerParams: [{ name: 'a', value: 1 }, { name: 'b', value: 2, unit: 'ms' }, { name: 'c', value: 3 }] },
      after: { enablerParams: [{ name: 'a', value: 1 }, { name: 'b', value: 5, unit: 'ms' }, { name: 'c', value: 3 }] },
      patch: [{ op: 'replace', path: '/enablerParams/1/value', value: 5 }],
    });
    expect(block(renderPlanText(planOf([device]), plain)).slice(1)).toEqual([
      '      ~ enablerParams = [',
      '            # (1 unchanged element hidden)',
      '          ~ {',
      '              ~ value = 2 → 5',
      '                # (2 unchanged attributes hidden)',
      '            },',
      '            # (1 unchanged element hidden)',
      '        ]',
      '    }',
    ]);
  });

  it('quotes the key as JSON, in the heading and as an attribute: a quote or a backslash in it reads as one', () => {
    const text = renderPlanText(planOf([change({ kind: 'merchant', key: 'a"b\\c\x1b', action: 'create', after: { mchName: 'x' } })]), plain);
    expect(text).toContain('  + merchant "a\\"b\\\\c\\u001b" {\n      + providerReference = "a\\"b\\\\c\\u001b"');
  });

  it('shows a secret that changes as (sensitive) on both sides, nested or not', () => {
    const device = change({
      kind: 'device',
      key: 'm1/till-1',
      action: 'update',
      before: { deviceAlias: 'till-1', deviceAdmin: 'old-secret', acquirerFields: { p: { tid: '1', key: 'live-key' } } },
      after: { deviceAlias: 'till-1', deviceAdmin: 'new-secret', acquirerFields: { p: { tid: '1', key: 'new-key' } } },
      patch: [
        { op: 'replace', path: '/deviceAdmin', value: 'new-secret' },
        { op: 'replace', path: '/acquirerFields/p/key', value: 'new-key' },
      ],
    });
    const plan = planOf([device], { sensitive: ['device/m1/till-1#/deviceAdmin', 'device/m1/till-1#/acquirerFields/p/key'] });
    for (const out of [renderPlanText(plan, plain), renderPlanMarkdown(plan), renderPlanJson(plan)]) {
      expect(out).not.toMatch(/old-secret|new-secret|live-key|new-key/);
    }
    const text = renderPlanText(plan, plain);
    expect(text).toContain('      ~ deviceAdmin = (sensitive) → (sensitive)');
    expect(text).toContain('              ~ key = (sensitive) → (sensitive)');
  });

  it('says that a changed immutable field forces the replacement', () => {
    const replace = change({
      kind: 'emv',
      key: 'visa-usd',
      action: 'replace',
      before: { paymentMethod: '01', currency: 'USD', params: { aid: 'A1' } },
      after: { paymentMethod: '02', currency: 'USD', params: { aid: 'A1' } },
      patch: [{ op: 'replace', path: '/paymentMethod', value: '02' }],
    });
    const text = renderPlanText(planOf([replace]), plain);
    expect(text).toContain('  -/+ emv "visa-usd" {');
    expect(text).toContain('      ~ paymentMethod = "01" → "02" # forces replacement');
    expect(text).toContain('        currency = "USD"');
    expect(text).toContain('        # (1 unchanged attribute hidden)');
  });
});

describe('values are never cut', () => {
  const longParam = `9F02${'06'.repeat(300)}`;
  const longInfo = `Thank you for visiting. ${'Returns within 30 days with a receipt. '.repeat(14)}End.`;
  const plans = {
    update: planOf([
      change({
        kind: 'emv',
        key: 'e',
        action: 'update',
        before: { params: { ddol: 'short' } },
        after: { params: { ddol: longParam } },
        patch: [{ op: 'replace', path: '/params/ddol', value: longParam }],
      }),
      change({ kind: 'merchant', key: 'm', action: 'update', before: { receiptInfo: 'short' }, after: { receiptInfo: longInfo }, patch: [{ op: 'replace', path: '/receiptInfo', value: longInfo }] }),
    ]),
    create: planOf([change({ kind: 'emv', key: 'e', action: 'create', after: { params: { ddol: longParam } } }), change({ kind: 'merchant', key: 'm', action: 'create', after: { receiptInfo: longInfo } })]),
    delete: planOf([change({ kind: 'emv', key: 'e', action: 'delete', before: { params: { ddol: longParam } } }), change({ kind: 'merchant', key: 'm', action: 'delete', before: { receiptInfo: longInfo } })]),
  };

  /** The value Markdown shows in pieces under `mark label = (one line of …)`: its quoted pieces joined. */
  function inPieces(markdown: string, mark: string, label: string): string {
    const lines = markdown.split('\n');
    let i = lines.findIndex((line) => line.startsWith(mark) && line.includes(`${label} = (one line of `));
    let value = '';
    for (;;) {
      const piece = /^[-+] +(".*")( \\)?$/.exec(lines[(i += 1)]!)!;
      value += JSON.parse(piece[1]!) as string;
      if (piece[2] === undefined) return value;
    }
  }

  for (const [action, plan] of Object.entries(plans)) {
    it(`shows a ${longParam.length}-character EMV param and a ${longInfo.length}-character receiptInfo whole in a ${action}, in text and Markdown`, () => {
      const text = renderPlanText(plan, plain);
      expect(text).toContain(`ddol = ${action === 'update' ? '"short" → ' : ''}"${longParam}"`);
      expect(text).toContain(`receiptInfo = ${action === 'update' ? '"short" → ' : ''}${JSON.stringify(longInfo)}`);
      // Markdown shows them in pieces (GitHub does not wrap a diff block) that join to the whole value.
      const markdown = renderPlanMarkdown(plan);
      const mark = action === 'delete' ? '-' : '+';
      expect(inPieces(markdown, mark, 'ddol')).toBe(longParam);
      expect(inPieces(markdown, mark, 'receiptInfo')).toBe(longInfo);
      if (action === 'update') expect(markdown).toContain('-           ddol = "short"');
      for (const out of [text, markdown]) expect(out).not.toContain('…');
    });
  }
});

describe('a text of several lines', () => {
  const before = 'Thank you\nCome again\nSee you';
  const after = 'Thank you\nCome back soon\nSee you\nBye \x1b[2K\r';
  const update = change({ kind: 'merchant', key: 'm', action: 'update', before: { receiptInfo: before }, after: { receiptInfo: after }, patch: [{ op: 'replace', path: '/receiptInfo', value: after }] });

  it('prints as a <<-EOT block with the lines that go and come marked, control characters escaped', () => {
    const text = renderPlanText(planOf([update]), plain);
    expect(block(text).slice(1)).toEqual([
      '        providerReference = "m"',
      '      ~ receiptInfo = <<-EOT',
      '            Thank you',
      '          - Come again',
      '          + Come back soon',
      '            See you',
      '          + Bye \\e[2K\\r',
      '        EOT',
      '    }',
    ]);
    expect(text).not.toMatch(RAW);
    expect(renderPlanMarkdown(planOf([update]))).not.toMatch(RAW);
  });

  it('prints whole under one mark in a create, and ends where no line of the text can end it', () => {
    const tricky = 'first\nEOT\nlast';
    const text = renderPlanText(planOf([change({ kind: 'merchant', key: 'm', action: 'create', after: { receiptInfo: tricky } })]), plain);
    expect(text).toContain(['      + receiptInfo = <<-EOT_1', '          + first', '          + EOT', '          + last', '        EOT_1'].join('\n'));
  });
});

describe('a delete shows the attributes that go', () => {
  const fields = { mchName: 'Old Shop', contactName: 'Jane', additionalData: { tier: 'gold' } };

  it('every field of the live record, marked -, its id and key first', () => {
    expect(block(renderPlanText(planOf([change({ kind: 'merchant', key: 'old-001', action: 'delete', liveId: 'M-9', before: fields })]), plain))).toEqual([
      '  - merchant "old-001" {',
      '      - id = "M-9"',
      '      - providerReference = "old-001"',
      '      - mchName = "Old Shop"',
      '      - additionalData = {',
      '          - tier = "gold"',
      '        }',
      '      - contactName = "Jane"',
      '    }',
    ]);
  });

  it('likewise for the old half of a replacement and a duplicate code; a terminal logged out is named, not taken away', () => {
    const old = change({ kind: 'emv', key: 'e', address: 'emv/e#old', action: 'delete', step: 'replace-old', liveId: 3, before: { paymentMethod: '01', currency: 'USD', params: { aid: 'A1' } } });
    const duplicate = change({ kind: 'device', key: 'm/t', address: 'device/m/t#duplicate-CD-2', action: 'delete', disposal: 'delete', liveId: 'CD-2', before: { deviceAlias: 't', deviceName: 'Till' } });
    const logout = change({ kind: 'device', key: 'm/u', action: 'delete', disposal: 'logout', liveId: 'T-1', before: { deviceAlias: 'u', deviceName: 'Back till' } });
    const text = renderPlanText(planOf([old, duplicate, logout]), plain);
    expect(text).toContain(['  - emv "e" {', '      - id = 3', '      - emvName = "e"', '      - paymentMethod = "01"', '      - currency = "USD"', '      - params = {', '          - aid = "A1"', '        }'].join('\n'));
    expect(text).toContain(['  - device "m/t" {', '      - id = "CD-2"', '      - deviceAlias = "t"', '      - deviceName = "Till"', '    }'].join('\n'));
    expect(text).toContain(['  - device "m/u" {', '        id = "T-1"', '        deviceAlias = "u"', '        deviceName = "Back till"', '    }'].join('\n'));
  });
});

describe('identity first', () => {
  it('in the JSON plan, before and after list the identity fields first, then the rest sorted', () => {
    const merchant = change({
      kind: 'merchant',
      key: 'm',
      action: 'update',
      before: { state: 1, contactName: 'A', mchName: 'Shop' },
      after: { state: 1, contactName: 'B', mchName: 'Shop' },
      patch: [{ op: 'replace', path: '/contactName', value: 'B' }],
    });
    const device = change({ kind: 'device', key: 'm/t', action: 'create', after: { methods: ['01'], deviceName: 'Till', deviceAlias: 't' } });
    const binding = change({ kind: 'binding', key: 'm/p/USD', action: 'create', after: { mid: '1', methods: {}, currency: 'USD', acquirer: 'p' } });
    const json = JSON.parse(renderPlanJson(planOf([merchant, device, binding])));
    expect(Object.keys(json.changes[0].before)).toEqual(['mchName', 'contactName', 'state']);
    expect(Object.keys(json.changes[0].after)).toEqual(['mchName', 'contactName', 'state']);
    expect(Object.keys(json.changes[1].after)).toEqual(['deviceAlias', 'deviceName', 'methods']);
    expect(Object.keys(json.changes[2].after)).toEqual(['acquirer', 'currency', 'methods', 'mid']);
    expect(Object.keys(json.changes[0]).slice(0, 4)).toEqual(['address', 'kind', 'key', 'action']);
  });

  it('in text, the key and identity fields come before the rest of a create', () => {
    const text = renderPlanText(planOf([change({ kind: 'acquirer', key: 'host-a', action: 'create', after: { methods: {}, connUrl: 'u', currency: 'USD', acqType: 'card' } })]), plain);
    expect(block(text)).toEqual([
      '  + acquirer "host-a" {',
      '      + profileName = "host-a"',
      '      + acqType = "card"',
      '      + currency = "USD"',
      '      + connUrl = "u"',
      '      + methods = {}',
      '    }',
    ]);
  });
});

describe('warnings, targets and what paycfg leaves alone', () => {
  const create = change({ kind: 'merchant', key: 'coffee-002', action: 'create', after: { mchName: 'Coffee Corner' } });
  const warned = planOf([create], {
    warnings: [
      { address: 'merchant/coffee-002', message: 'live merchant 1234 ("Coffee Corner") has this name and no providerReference: give it one to manage it' },
      { address: 'merchant/coffee-003', message: 'merchant/coffee-003 is created, but live merchant 1235 has its name' },
    ],
    targets: ['merchant/coffee-002'],
    unmanaged: [{ address: 'merchant/~1234', kind: 'merchant', key: '~1234', liveId: 1234, name: 'Coffee Corner', note: 'no providerReference; paycfg cannot manage it' }],
  });

  it('text: Warning blocks in yellow before the summary, the targeting named, unmanaged with id and name', () => {
    const text = renderPlanText(warned, plain);
    const warning = text.indexOf('Warning: merchant/coffee-002: live merchant 1234');
    const targeting = text.indexOf('Warning: Resource targeting is in effect');
    const summary = text.indexOf('Plan: 1 to create');
    expect(warning).toBeGreaterThan(text.indexOf('merchant "coffee-002" {'));
    expect(targeting).toBeGreaterThan(0);
    expect(Math.max(warning, targeting)).toBeLessThan(summary);
    expect(text).toContain('limited by --target to merchant/coffee-002');
    expect(text).toContain('\nWarning: merchant/coffee-003 is created, but live merchant 1235 has its name\n');
    expect(text).toContain('? merchant/~1234 (id 1234, "Coffee Corner"): no providerReference; paycfg cannot manage it');
    const quoted = renderPlanText(planOf([], { unmanaged: [{ address: 'merchant/~1', kind: 'merchant', key: '~1', liveId: 1, name: 'Say "hi" \\o/' }] }), plain);
    expect(quoted).toContain('? merchant/~1 (id 1, "Say \\"hi\\" \\\\o/")');
    expect(renderPlanText(warned, createStyle(true))).toContain('\x1b[33m\x1b[1mWarning:\x1b[22m\x1b[39m');
  });

  it('Markdown: a GitHub warning, the same unmanaged line', () => {
    const markdown = renderPlanMarkdown(warned);
    expect(markdown).toContain('> [!WARNING]\n> **Resource targeting is in effect.** This plan was limited by --target to merchant/coffee-002');
    expect(markdown).toContain('> - `merchant/coffee-002`: live merchant 1234 ("Coffee Corner") has this name');
    expect(markdown).toContain('> - merchant/coffee-003 is created, but live merchant 1235 has its name');
    expect(markdown).toContain('- `merchant/~1234` (id 1234, "Coffee Corner"): no providerReference; paycfg cannot manage it');
    expect(markdown.indexOf('[!WARNING]')).toBeLessThan(markdown.indexOf('| | change | reason |'));
  });

  it('JSON: the fields pass through', () => {
    const json = JSON.parse(renderPlanJson(warned));
    expect(json.warnings).toEqual(warned.warnings);
    expect(json.targets).toEqual(['merchant/coffee-002']);
    expect(json.unmanaged[0]).toMatchObject({ liveId: 1234, name: 'Coffee Corner' });
  });

  it('escape control characters in a warning and an unmanaged name from the service', () => {
    const hostile = planOf([], { warnings: [{ message: 'name \x1b[2K\u202e' }], unmanaged: [{ address: 'merchant/~1', kind: 'merchant', key: '~1', liveId: 1, name: 'A\x1b]0;x\x07' }] });
    const text = renderPlanText(hostile, plain);
    const markdown = renderPlanMarkdown(hostile);
    for (const out of [text, markdown]) expect(out).not.toMatch(RAW);
    expect(text).toContain('name \\e[2K\\u202e');
    expect(text).toContain('(id 1, "A\\u001b]0;x\\u0007")');
    // In Markdown the backslashes of the escapes are escaped in turn, to read as backslashes.
    expect(markdown).toContain('name \\\\e\\[2K\\\\u202e');
    expect(markdown).toContain('(id 1, "A\\\\u001b\\]0;x\\\\u0007")');
  });

  it('with only blocked changes, says none can be made and how many are blocked, never that the group matches', () => {
    const blocked = planOf([], { blocked: [{ address: 'emv/old', kind: 'emv', key: 'old', action: 'delete', cause: 'in-use', reason: 'in use', blockers: ['merchant 9 binds it'] }] });
    const text = renderPlanText(blocked, plain);
    expect(text).toContain('No changes paycfg can make, and 1 blocked change (below)');
    expect(text).not.toContain('matches the manifest');
    const markdown = renderPlanMarkdown(blocked);
    expect(markdown).toMatch(/^### paycfg plan: no changes paycfg can make, 1 blocked/);
    expect(markdown).not.toContain('matches the manifest');
  });

  it('a targeted plan without changes speaks of the targeted resources only, an unkeyed record being in no manifest', () => {
    const targeted = planOf([], { targets: ['merchant/~M1234'] });
    const line = 'No changes to the targeted resources. The rest of the group was not compared: run a plan without --target for that.';
    expect(renderPlanText(targeted, plain)).toContain(line);
    expect(renderPlanMarkdown(targeted)).toContain(line);
    for (const out of [renderPlanText(targeted, plain), renderPlanMarkdown(targeted)]) expect(out).not.toContain('match the manifest');
  });
});

describe('Markdown fences', () => {
  /** CommonMark: a fence closes on a line of at most three spaces' indent and at least as many backticks. */
  function closesAt(markdown: string): { fence: string; closing: number; lines: string[] } {
    const lines = markdown.split('\n');
    const open = lines.findIndex((line) => /^`{3,}diff$/.test(line));
    const fence = lines[open]!.replace('diff', '');
    const closing = lines.findIndex((line, i) => i > open && new RegExp(`^ {0,3}\`{${fence.length},}\\s*$`).test(line));
    return { fence, closing, lines };
  }

  it('no value can close the diff block: the fence is longer than any backtick run inside', () => {
    const sneaky = 'x\n```\n</details>\n# Approved\n````````\ny';
    const plan = planOf([
      change({ kind: 'merchant', key: 'm', action: 'update', before: { receiptInfo: 'a' }, after: { receiptInfo: sneaky }, patch: [{ op: 'replace', path: '/receiptInfo', value: sneaky }] }),
      change({ kind: 'emv', key: '```', action: 'create', after: { params: { aid: '```\n```' } } }),
    ]);
    const markdown = renderPlanMarkdown(plan);
    const { fence, closing, lines } = closesAt(markdown);
    expect(fence.length).toBeGreaterThan(8);
    expect(lines[closing]).toBe(fence);
    expect(lines[closing + 1]).toBe('</details>');
    expect(lines.slice(closing).join('\n')).not.toContain('Approved');
  });

  it('HTML and pipes from the service cannot reshape the comment outside the block', () => {
    const plan = planOf([change({ kind: 'merchant', key: 'm', action: 'create', after: {}, reason: 'name </details><img src=x> | cell' })]);
    const markdown = renderPlanMarkdown(plan);
    expect(markdown).toContain('name \\</details\\>\\<img src=x\\> \\| cell');
  });
});

describe("the service's automatic binding", () => {
  it('is headed as made by the service with its merchant, then updated or deleted: it does not exist yet', () => {
    const fields = { acquirer: 'host-a-usd', currency: 'USD', methods: { '01': { emvs: ['visa-usd'] } } };
    const updated = change({ kind: 'binding', key: 'coffee-001/host-a-usd/USD', action: 'update', predicted: true, before: fields, after: { ...fields, mid: '123' }, patch: [{ op: 'add', path: '/mid', value: '123' }] });
    const deleted = change({ kind: 'binding', key: 'tea-002/host-a-usd/USD', action: 'delete', predicted: true, before: fields });
    const text = renderPlanText(planOf([updated, deleted]), plain);
    expect(text).toContain('# binding/coffee-001/host-a-usd/USD will be made by the service with its merchant, then updated');
    expect(text).toContain('# binding/tea-002/host-a-usd/USD will be made by the service with its merchant, then deleted');
    expect(text).not.toContain('updated in place');
  });
});
