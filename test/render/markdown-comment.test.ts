/**
 * The Markdown plan as a pull-request comment: text from the service cannot become Markdown (links,
 * emphasis, HTML, mentions), the comment stays within GitHub's size limit, long one-line values are
 * shown in pieces that join back to the value, and a warned change is marked where it stands.
 */
import { describe, expect, it } from 'vitest';
import type { Change, Plan } from '../../src/plan/plan.js';
import { MARKDOWN_MAX_LENGTH, renderPlanMarkdown } from '../../src/render/render-document.js';
import { renderPlanText } from '../../src/render/render-document.js';
import { createStyle } from '../../src/render/style.js';

const plain = createStyle(false);

function planOf(changes: Change[], extra: Partial<Plan> = {}): Plan {
  const summary = { create: 0, update: 0, delete: 0, replace: 0, blocked: extra.blocked?.length ?? 0 };
  for (const c of changes) if (c.step !== 'replace-old') summary[c.action] += 1;
  return { formatVersion: 1, baseUrl: 'http://127.0.0.1:1', group: { groupId: 'G-00000001', groupName: 'Test PBO' }, changes, unmanaged: [], blocked: [], summary, sensitive: [], ...extra };
}

function change(partial: Partial<Change> & Pick<Change, 'kind' | 'key' | 'action'>): Change {
  return { address: `${partial.kind}/${partial.key}`, before: null, after: null, patch: [], dependsOn: [], reason: 'test', notes: [], ...partial };
}

/** A line with its code spans taken out (a run of backticks to the next run as long). */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, '');
}

/** Markdown syntax characters in `line`, outside code spans, that no backslash escapes. */
function unescapedSyntax(line: string): string[] {
  return [...withoutCodeSpans(line).matchAll(/(?<!\\)(?:\\\\)*([[\]*_<>`~$|])/g)].map((m) => m[1]!);
}

describe('text from the service in the comment', () => {
  const HOSTILE = [
    '[Verify your token](https://evil.example/login) **urgent**',
    '![logo](https://evil.example/x.png)',
    '# Approved _by_ ~~security~~',
    '<img src=x onerror=alert(1)></details>',
    '`code` and ``two``',
    'ping @org/team and @someone, see #12, www.evil.example, a|b, $x^2$, back\\slash',
  ];
  const name = HOSTILE.join(' ');
  const plan = planOf([change({ kind: 'merchant', key: 'coffee-002', action: 'create', after: { mchName: name }, reason: `named ${name}` })], {
    group: { groupId: 'G-00000001', groupName: name },
    warnings: [{ address: 'merchant/coffee-002', message: `live merchant 1234 (${JSON.stringify(name)}) has this name` }],
    unmanaged: [{ address: 'merchant/~1234', kind: 'merchant', key: '~1234', liveId: 1234, name, note: `no providerReference: ${name}` }],
    blocked: [{ address: 'emv/old', kind: 'emv', key: 'old', action: 'delete', cause: 'in-use', reason: `in use by ${name}`, blockers: [name] }],
  });
  const markdown = renderPlanMarkdown(plan);
  // The comment without its diff block, where the text is code and shown as it is.
  const all = markdown.split('\n');
  const open = all.findIndex((line) => /^`{3,}diff$/.test(line));
  const close = all.indexOf(all[open]!.replace('diff', ''), open + 1);
  const outside = [...all.slice(0, open), ...all.slice(close + 1)].join('\n');

  it('is escaped wherever it stands outside the diff block: no link, image, emphasis, heading, HTML or code of its own', () => {
    const lines = outside.split('\n').filter((line) => line.includes('Verify your token'));
    // The group line, the warning, the table row, the blocked change and the unmanaged record.
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      // Table rows have their pipes, list items their marker: only what stands in them counts.
      const content = line.startsWith('| ') ? line.slice(2, -2).split(/(?<!\\) \| /).join(' ') : line.replace(/^(> )?- /, '');
      expect(unescapedSyntax(content), line).toEqual([]);
    }
    expect(outside).toContain('\\[Verify your token\\](https:\u2060//evil.example/login) \\*\\*urgent\\*\\*');
    expect(outside).toContain('\\<img src=x onerror=alert(1)\\>\\</details\\>');
    expect(outside).not.toMatch(/^# Approved/m);
  });

  it('mentions no one and links no issue or address: a word joiner follows @ and the # of a number, and breaks :// and www.', () => {
    expect(outside).not.toMatch(/@(?!\u2060)/);
    expect(outside).toContain('@\u2060org/team');
    expect(outside).toContain('#\u206012');
    expect(outside).toContain('www\u2060.evil.example');
    expect(outside).not.toContain('https://evil');
  });

  it('keeps the table to its three columns: a pipe in a reason or an address is escaped', () => {
    const piped = renderPlanMarkdown(planOf([change({ kind: 'device', key: 'm/a|b', action: 'create', after: {}, reason: 'x | y' })]));
    expect(piped).toContain('| ➕ | `device/m/a\\|b` | x \\| y |');
  });

  it('in a code span, however many backticks it holds', () => {
    const ticks = renderPlanMarkdown(planOf([], { unmanaged: [{ address: 'merchant/~``x`', kind: 'merchant', key: '~``x`', liveId: 1 }] }));
    expect(ticks).toContain('- ``` merchant/~``x` ``` (id 1)');
  });
});

describe('the size of the comment', () => {
  /** 200 devices to create, each block some 600 characters: well over GitHub's 65,536 in all. */
  const creates = Array.from({ length: 200 }, (_, i) =>
    change({
      kind: 'device',
      key: `coffee-001/till-${String(i).padStart(3, '0')}`,
      action: 'create',
      after: { deviceAlias: `till-${i}`, deviceName: `Till ${i}`, methods: ['01', '02', '03'], acquirerFields: { 'host-a': { tid: `T${i}`, mid: 'M1' } }, emvParams: { clFloorLimit: 0, ddol: '9F3704'.repeat(10) } },
      reason: 'device not in the live group',
    }),
  );
  const big = planOf(creates, { warnings: [{ address: 'device/coffee-001/till-000', message: 'looks like live terminal T-1' }] });

  it(`stays within ${MARKDOWN_MAX_LENGTH} characters: the table and warnings whole, as many blocks as fit, the rest counted`, () => {
    const markdown = renderPlanMarkdown(big);
    expect(markdown.length).toBeLessThanOrEqual(MARKDOWN_MAX_LENGTH);
    expect(markdown).toContain('> - `device/coffee-001/till-000`: looks like live terminal T-1');
    for (const c of creates) expect(markdown).toContain(`| ➕${c.address.endsWith('till-000') ? ' ⚠️' : ''} | \`${c.address}\` | device not in the live group |`);
    const shown = markdown.match(/^ {2}# device\/\S+ will be created$/gm)!.length;
    expect(shown).toBeGreaterThan(10);
    expect(shown).toBeLessThan(200);
    expect(markdown).toContain(`… ${200 - shown} more changes not shown, to keep this comment under GitHub's size limit: \`paycfg show PLANFILE\``);
    // The blocks shown are the first ones, whole, and the diff block is closed.
    expect(markdown).toContain('  # device/coffee-001/till-000 will be created');
    expect(markdown.indexOf('</details>')).toBeGreaterThan(markdown.lastIndexOf('will be created'));
    // Text is not limited: a terminal shows every change.
    expect(renderPlanText(big, plain).match(/will be created/g)).toHaveLength(200);
  });

  it('takes a smaller limit from the caller, and shows everything when it fits', () => {
    const small = renderPlanMarkdown(big, 'plan', { maxLength: 20_000 });
    expect(small.length).toBeLessThanOrEqual(20_000);
    expect(small).toMatch(/… \d+ more changes not shown/);
    const whole = renderPlanMarkdown(planOf(creates.slice(0, 3)));
    expect(whole).not.toContain('not shown');
    expect(whole.match(/will be created/g)).toHaveLength(3);
  });

  it('cuts the table itself, and the unmanaged list, when they alone would not fit', () => {
    const many = planOf(creates.slice(0, 50), { unmanaged: Array.from({ length: 3000 }, (_, i) => ({ address: `emv/stray-${i}`, kind: 'emv' as const, key: `stray-${i}` })) });
    const markdown = renderPlanMarkdown(many, 'drift', { maxLength: 5_000 });
    expect(markdown.length).toBeLessThanOrEqual(5_000);
    expect(markdown).toMatch(/^… \d+ more changes not shown, to keep this comment under GitHub's size limit: `paycfg drift` prints them all/m);
    expect(markdown).toMatch(/^- … \d+ more unmanaged records not shown/m);
    expect(markdown.trimEnd().endsWith('</details>')).toBe(true);
  });
});

describe('a one-line value longer than a line, in the diff block', () => {
  const value = `9F02${'06'.repeat(300)}é😀"\\end`;
  const plan = planOf([change({ kind: 'emv', key: 'e', action: 'create', after: { params: { ddol: value } } })]);

  it('is shown in quoted pieces of 100 characters that join back to the value, with a note that it has no line break', () => {
    const markdown = renderPlanMarkdown(plan);
    const lines = markdown.split('\n');
    const start = lines.findIndex((line) => line.startsWith('+           ddol = (one line of 611 characters, no line break in it'));
    expect(start).toBeGreaterThan(0);
    let joined = '';
    let count = 0;
    for (let i = start + 1; ; i += 1) {
      const piece = /^\+ {15}(".*")( \\)?$/.exec(lines[i]!);
      expect(piece, lines[i]).not.toBeNull();
      joined += JSON.parse(piece![1]!) as string;
      count += 1;
      if (piece![2] === undefined) break;
      expect(Array.from(JSON.parse(piece![1]!) as string)).toHaveLength(100);
    }
    expect(joined).toBe(value);
    expect(count).toBe(7);
    // Every line of the block stays short enough to read without scrolling sideways.
    expect(Math.max(...lines.slice(start + 1, start + 1 + count).map((line) => line.length))).toBeLessThan(130);
  });

  it('an update shows the old value going and the new one coming, each whole; a short change stays on one line', () => {
    const update = planOf([
      change({ kind: 'emv', key: 'e', action: 'update', before: { params: { ddol: 'short', aid: 'A1' } }, after: { params: { ddol: value, aid: 'A2' } }, patch: [{ op: 'replace', path: '/params/ddol', value }, { op: 'replace', path: '/params/aid', value: 'A2' }] }),
    ]);
    const markdown = renderPlanMarkdown(update);
    expect(markdown).toContain('!           aid = "A1" → "A2"');
    expect(markdown).toContain('-           ddol = "short"\n+           ddol = (one line of 611 characters');
  });

  it('is left whole on a terminal, which wraps it', () => {
    expect(renderPlanText(plan, plain)).toContain(`      + ddol = ${JSON.stringify(value)}`);
  });

  it('a text of several lines keeps its <<-EOT block, never pieces', () => {
    const text = `${'x'.repeat(150)}\nsecond`;
    const markdown = renderPlanMarkdown(planOf([change({ kind: 'merchant', key: 'm', action: 'create', after: { receiptInfo: text } })]));
    expect(markdown).toContain(`+       receiptInfo = <<-EOT\n+           ${'x'.repeat(150)}\n+           second`);
    expect(markdown).not.toContain('one line of');
  });
});

describe('a change a warning is about', () => {
  const create = change({ kind: 'merchant', key: 'coffee-002', action: 'create', after: { mchName: 'Coffee Corner' } });
  const other = change({ kind: 'merchant', key: 'coffee-003', action: 'create', after: { mchName: 'Tea Room' } });
  const plan = planOf([create, other], { warnings: [{ address: 'merchant/coffee-002', message: 'live merchant 1234 ("Coffee Corner") has this name and no providerReference' }] });

  it('carries a warning: line in its block, in text and Markdown, and only that change', () => {
    const text = renderPlanText(plan, plain);
    const block = text.slice(text.indexOf('merchant "coffee-002" {'), text.indexOf('# merchant/coffee-003'));
    expect(block).toContain('\n    }\n    warning: live merchant 1234 ("Coffee Corner") has this name and no providerReference\n    reason: test');
    expect(text.slice(text.indexOf('# merchant/coffee-003'))).not.toContain('\n    warning:');
    expect(renderPlanText(plan, createStyle(true))).toContain('\x1b[33mwarning: live merchant 1234');
    const markdown = renderPlanMarkdown(plan);
    expect(markdown).toContain('    }\n    warning: live merchant 1234 ("Coffee Corner") has this name and no providerReference\n    reason: test');
  });

  it('is marked ⚠️ in the Markdown table', () => {
    const markdown = renderPlanMarkdown(plan);
    expect(markdown).toContain('| ➕ ⚠️ | `merchant/coffee-002` | test |');
    expect(markdown).toContain('| ➕ | `merchant/coffee-003` | test |');
  });
});
