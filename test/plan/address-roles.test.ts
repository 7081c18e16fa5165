/**
 * A change's role is a field (`step`, PlannedChange `role`), and the record it acts on is its kind
 * and key: no module reads either back out of an address's suffix (`#old`, `#detach`,
 * `#duplicate-<id>`), but the one that reads a plan document written before (plan/plan-document.ts).
 * The suffixes are written in one place each (plan.ts stepAddress, model/kinds.ts duplicateAddress).
 * A scan of src/, comments left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeFromDocument, planDocument, planFromDocument } from '../../src/plan/plan-document.js';
import { planChanges } from '../../src/plan/plan-changes.js';
import type { Change } from '../../src/plan/plan.js';
import { publicPlan } from '../../src/render/public-plan.js';
import { context, desiredState, device, live, liveState, merchant } from './states.js';

const SRC = join(import.meta.dirname, '../../src');

/** The one module that reads a role back from an address: plans written before, as documents. */
const READER = 'plan/plan-document.ts';
/** Where each suffix is written: the steps of a replacement, a duplicate code's delete. */
const WRITERS = new Map([
  ['plan/plan.ts', ['#old', '#detach']],
  ['model/kinds.ts', ['#duplicate']],
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The code of a module without its comments (a `//` inside a string or a regular expression is rare enough here to keep). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** What reading an address's suffix looks like: a suffix named in code, the old parser, a split on `#`. */
const READS = [
  { what: 'a suffix', pattern: /#(?:old|detach|duplicate)/g },
  { what: 'baseAddress', pattern: /\bbaseAddress\b/g },
  { what: "a search for '#'", pattern: /\.(?:includes|indexOf|lastIndexOf|split|startsWith|endsWith)\(\s*['"`]#['"`]/g },
];

describe('roles are fields', () => {
  it('no module but the plan-document reader reads a role or a record from an address suffix', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const name = relative(SRC, file).split('\\').join('/');
      if (name === READER) continue;
      const text = code(readFileSync(file, 'utf8'));
      for (const { what, pattern } of READS) {
        for (const match of text.matchAll(pattern)) {
          const allowed = WRITERS.get(name)?.some((suffix) => match[0] === suffix || match[0].startsWith(suffix));
          if (!allowed) found.push(`${name}: ${what} (${match[0]})`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the planner sets the duplicate role where it makes the change; the document drops it and reading it back restores it', () => {
    const code = live(device('m1', 't1'), 'CD-2', { lifecycle: 'pending' as const, duplicateOf: { id: 'CD-1', because: 'older' as const } });
    const group = { ...liveState([live(merchant('m1'), 'M1'), live(device('m1', 't1'), 'CD-1', { lifecycle: 'pending' as const })]), duplicateCodes: [code as never] };
    const plan = planChanges(desiredState([merchant('m1'), device('m1', 't1')], { managedDevices: ['m1'] }), { ...group, devicesRead: new Set(['m1']) }, context);
    const duplicate = plan.changes.find((c) => c.address === 'device/m1/t1#duplicate-CD-2')!;
    expect(duplicate.role).toBe('duplicate');
    const document = planDocument(publicPlan(plan));
    expect(JSON.stringify(document)).not.toContain('"role"');
    expect(planFromDocument(document).changes.find((c) => c.address === duplicate.address)!.role).toBe('duplicate');
  });

  it('reads a role from a document only for a duplicate code after its own record', () => {
    const change = (address: string, kind: Change['kind'], key: string): Change => ({ address, kind, key, action: 'delete', before: null, after: null, patch: [], dependsOn: [], reason: '', notes: [] });
    expect(changeFromDocument(change('device/m/t#duplicate-CD-2', 'device', 'm/t')).role).toBe('duplicate');
    expect(changeFromDocument(change('device/m/t', 'device', 'm/t')).role).toBeUndefined();
    expect(changeFromDocument({ ...change('acquirer/p#old', 'acquirer', 'p'), step: 'replace-old' }).role).toBeUndefined();
    // Another record's suffix is not this one's.
    expect(changeFromDocument(change('device/m/u#duplicate-CD-2', 'device', 'm/t')).role).toBeUndefined();
  });
});
