/**
 * `plan --base` against a real simulator: a plan with both a change the manifest under review
 * brings and changes made through the API after the last apply labels each change intended, revert
 * or both, in the exact plan JSON; text and Markdown group them under their headings and the
 * Markdown warns of the reverts at the top; `--base-ref` reads the base from a git revision; a saved
 * plan keeps the origins; the flags are refused clearly when misused.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { BEFORE, edited, maskedPlan, workspacesAhead, type Workspace } from './safeguards-helpers.js';

const validatePlan = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
  JSON.parse(readFileSync(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8')),
);

let sim: TestSimulator;
let groups: ReturnType<typeof workspacesAhead>;
beforeAll(async () => {
  sim = await startTestSimulator();
  groups = workspacesAhead(sim, ['G-62000001', 'G-62000002', 'G-62000003', 'G-62000004', 'G-62000005', 'G-62000006', 'G-62000007', 'G-62000008', 'G-62000009', 'G-62000010', 'G-62000011']);
  await groups.ready();
});
afterAll(async () => {
  await sim.close();
});

/** The change under review: host-a gets a new message format, coffee-001 a new contact. */
const AFTER = edited(['connMessageFormat: HOSTA_8583', 'connMessageFormat: HOSTC_8583'], ['contactName: Jane Doe', 'contactName: Jane Roe']);

/**
 * BEFORE applied, then changed through the API as someone outside paycfg would: host-a's message
 * format (which the change under review also changes) and host-b's (which it leaves alone).
 */
async function drifted(groupId: string): Promise<Workspace> {
  const ws = await groups.take(groupId);
  const profiles = await sim.api('GET', '/api/openapi/v1/acquirer', undefined, groupId);
  expect(profiles.status).toBe(200);
  const idOf = (name: string): string => String((profiles.body.data.records as { profileName: string; profileId: number }[]).find((p) => p.profileName === name)!.profileId);
  for (const [name, format] of [
    ['host-a', 'HOSTE_JSON'],
    ['host-b', 'HOSTD_AIO'],
  ] as const) {
    const put = await sim.api('PUT', `/api/openapi/v1/acquirer/${idOf(name)}`, { connMessageFormat: format }, groupId);
    expect(put.status).toBe(200);
  }
  ws.write('after.yaml', AFTER);
  return ws;
}

const EXPECTED_CHANGES = [
  {
    address: 'acquirer/host-a',
    kind: 'acquirer',
    key: 'host-a',
    action: 'update',
    liveId: '<id>',
    before: { acqType: 'card', currency: 'USD', connMessageFormat: 'HOSTE_JSON', enablerParams: ['tid'], methods: { '01': { emvs: ['visa-usd'], allows: [] } } },
    after: { acqType: 'card', currency: 'USD', connMessageFormat: 'HOSTC_8583', enablerParams: ['tid'], methods: { '01': { allows: [], emvs: ['visa-usd'] } } },
    patch: [{ op: 'replace', path: '/connMessageFormat', value: 'HOSTC_8583' }],
    dependsOn: [],
    reason: '1 field change',
    origin: 'both',
    notes: [],
    impact: { merchants: 1, terminals: 1, payments: { count: 0, amounts: {}, last: null, window: '30d' } },
  },
  {
    address: 'acquirer/host-b',
    kind: 'acquirer',
    key: 'host-b',
    action: 'update',
    liveId: '<id>',
    before: { acqType: 'card', currency: 'USD', connMessageFormat: 'HOSTD_AIO', methods: { '02': { emvs: ['mc-usd'], allows: [] } } },
    after: { acqType: 'card', currency: 'USD', connMessageFormat: 'HOSTB_8583', methods: { '02': { allows: [], emvs: ['mc-usd'] } } },
    patch: [{ op: 'replace', path: '/connMessageFormat', value: 'HOSTB_8583' }],
    dependsOn: [],
    reason: '1 field change',
    origin: 'revert',
    notes: [],
    impact: { merchants: 1, terminals: 0, terminalsKnown: false, payments: { count: 0, amounts: {}, last: null, window: '30d' } },
  },
  {
    address: 'merchant/coffee-001',
    kind: 'merchant',
    key: 'coffee-001',
    action: 'update',
    liveId: '<id>',
    before: { mchName: 'Coffee', contactEmail: 'jane@coffee.example', contactName: 'Jane Doe', currency: 'USD' },
    after: { mchName: 'Coffee', contactEmail: 'jane@coffee.example', contactName: 'Jane Roe', currency: 'USD' },
    patch: [{ op: 'replace', path: '/contactName', value: 'Jane Roe' }],
    dependsOn: [],
    reason: '1 field change',
    origin: 'intended',
    notes: [],
    impact: { merchants: 1, terminals: 1, payments: { count: 0, amounts: {}, last: null, window: '30d' } },
  },
];

describe('plan --base', () => {
  it('labels a manifest change intended, a change made outside paycfg revert, and both on one field both, in the exact plan JSON', async () => {
    const ws = await drifted('G-62000001');
    const plan = await ws.cli(['plan', '-f', 'after.yaml', '--base', 'before.yaml', '--json', '--detailed-exitcode']);
    expect(plan.err).toBe('');
    expect(plan.code).toBe(2);
    expect(maskedPlan(plan.out)).toEqual({
      formatVersion: 1,
      baseUrl: '<sim>',
      group: { groupId: 'G-62000001', groupName: 'PBO G-62000001' },
      changes: EXPECTED_CHANGES,
      unmanaged: [],
      unreadDevices: [{ merchant: 'tea-002', cause: 'list-not-managed' }],
      blocked: [],
      summary: { create: 0, update: 3, delete: 0, replace: 0, blocked: 0 },
      sensitive: ['merchant/coffee-001#/passcode'],
    });
    expect(validatePlan(JSON.parse(plan.out)), JSON.stringify(validatePlan.errors)).toBe(true);
    // Without --base the same plan, with no origin anywhere.
    const plain = await ws.cli(['plan', '-f', 'after.yaml', '--json']);
    expect(maskedPlan(plain.out)).toEqual({ ...(maskedPlan(plan.out) as object), changes: EXPECTED_CHANGES.map(({ origin: _, ...change }) => change) });
  });

  it('groups the changes under the three headings in text, and warns that the apply reverts out-of-band changes', async () => {
    const ws = await drifted('G-62000002');
    const { code, out } = await ws.cli(['plan', '-f', 'after.yaml', '--base', 'before.yaml', '--no-color']);
    expect(code).toBe(0);
    const intended = out.indexOf('Intended (1): the change under review brings these.');
    const revert = out.indexOf('Reverts changes made outside paycfg (1): the manifest is unchanged here');
    const both = out.indexOf('Both (1): the change under review brings these, and the live group also differs');
    expect([intended, revert, both].every((at) => at > 0)).toBe(true);
    expect(intended < revert && revert < both).toBe(true);
    // Each change under its heading.
    expect(out.slice(intended, revert)).toContain('# merchant/coffee-001 will be updated in place');
    expect(out.slice(revert, both)).toContain('# acquirer/host-b will be updated in place');
    expect(out.slice(both)).toContain('# acquirer/host-a will be updated in place');
    expect(out).toContain('  origin: revert (undoes a change made outside paycfg)');
    expect(out).toContain('Warning: This apply would also revert 2 changes made outside paycfg: acquirer/host-a, acquirer/host-b');
  });

  it('says at the top of the Markdown that the apply would revert out-of-band changes, and groups the table', async () => {
    const ws = await drifted('G-62000003');
    const { code, out } = await ws.cli(['plan', '-f', 'after.yaml', '--base', 'before.yaml', '--markdown']);
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines.slice(0, 6)).toEqual([
      '### paycfg plan: 0 to create, 3 to update, 0 to delete, 0 to replace.',
      '',
      expect.stringMatching(/^Group `G-62000003` /),
      '',
      '**⚠️ This apply would also revert 2 changes made outside paycfg:** `acquirer/host-a`, `acquirer/host-b`. Make sure that is wanted, or bring the manifest in line with the live group first.',
      '',
    ]);
    const table = out.slice(out.indexOf('#### Intended'), out.indexOf('<details>'));
    expect(table).toBe(
      [
        '#### Intended (1)',
        '',
        'The change under review brings these.',
        '',
        '| | change | impact | reason |',
        '|---|---|---|---|',
        '| ✏️ | `merchant/coffee-001` | merchant coffee-001 and its 1 terminal; no payments over 30 days | 1 field change |',
        '',
        '#### Reverts changes made outside paycfg (1)',
        '',
        'The manifest is unchanged here and the live group differs from it (changed outside paycfg, or by an apply of a manifest never merged), and the apply undoes that.',
        '',
        '| | change | impact | reason |',
        '|---|---|---|---|',
        '| ✏️ | `acquirer/host-b` | 1 merchant and its terminals (not counted without --max-affected-terminals); no payments over 30 days | 1 field change |',
        '',
        '#### Both (1)',
        '',
        'The change under review brings these, and the live group also differs from the base manifest in fields they change: the apply undoes that too.',
        '',
        '| | change | impact | reason |',
        '|---|---|---|---|',
        '| ✏️ | `acquirer/host-a` | 1 merchant and its 1 terminal; no payments over 30 days | 1 field change |',
        '',
        '',
      ].join('\n'),
    );
  });

  it('says nothing of reverts when the live group is as the base left it: every change intended', async () => {
    const ws = await groups.take('G-62000004');
    ws.write('after.yaml', AFTER);
    const md = await ws.cli(['plan', '-f', 'after.yaml', '--base', 'before.yaml', '--markdown']);
    expect(md.out).not.toContain('revert');
    expect(md.out).toContain('#### Intended (2)');
    const json = maskedPlan((await ws.cli(['plan', '-f', 'after.yaml', '--base', 'before.yaml', '--json'])).out) as { changes: { origin: string }[] };
    expect(json.changes.map((c) => c.origin)).toEqual(['intended', 'intended']);
  });

  it('keeps the origins in a saved plan, which show renders', async () => {
    const ws = await drifted('G-62000005');
    const saved = await ws.cli(['plan', '-f', 'after.yaml', '--base', 'before.yaml', '--out', 'reviewed.plan']);
    expect(saved.code).toBe(0);
    const shownJson = await ws.cli(['show', 'reviewed.plan', '--json']);
    expect((maskedPlan(shownJson.out) as { changes: unknown[] }).changes).toEqual(EXPECTED_CHANGES);
    const shownText = await ws.cli(['show', 'reviewed.plan', '--no-color']);
    expect(shownText.out).toContain('Reverts changes made outside paycfg (1)');
    const shownMarkdown = await ws.cli(['show', 'reviewed.plan', '--markdown']);
    expect(shownMarkdown.out).toContain('**⚠️ This apply would also revert 2 changes made outside paycfg:**');
  });

  it('refuses --base without -f, --base with --base-ref, and a base that cannot be read, before any request', async () => {
    const ws = await drifted('G-62000006');
    const withoutFile = await ws.cli(['plan', '--base', 'before.yaml']);
    expect(withoutFile.code).not.toBe(0);
    expect(withoutFile.err).toContain('paycfg plan: --base gives the manifest before the change; give the manifest to plan with -f PATH as well');
    const both = await ws.cli(['plan', '-f', 'after.yaml', '--base', 'before.yaml', '--base-ref', 'HEAD']);
    expect(both.err).toContain('paycfg plan: choose one of --base and --base-ref');
    const missing = await ws.cli(['plan', '-f', 'after.yaml', '--base', 'gone.yaml']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('the base manifest (--base) is invalid (1 error):');
    expect(missing.err).toContain('gone.yaml');
    ws.write('broken.yaml', `${BEFORE}bogus: 1\n`);
    const broken = await ws.cli(['plan', '-f', 'after.yaml', '--base', 'broken.yaml']);
    expect(broken.err).toMatch(/the base manifest \(--base\) is invalid \(1 error\):\nbroken\.yaml:\d+:\d+/);
  });
});

describe('plan --base-ref', () => {
  const git = (dir: string, ...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=paycfg test', '-c', 'user.email=test@paycfg.example', '-c', 'init.defaultBranch=main', ...args], { cwd: dir, encoding: 'utf8' });
  const leftovers = (): string[] => readdirSync(tmpdir()).filter((name) => name.startsWith('paycfg-base-'));

  it('reads the base from a git revision, the manifest as a directory, and removes what it wrote', async () => {
    const ws = await drifted('G-62000007');
    git(ws.dir, 'init', '-q');
    ws.write('config.yaml', BEFORE);
    git(ws.dir, 'add', 'config.yaml');
    git(ws.dir, 'commit', '-q', '-m', 'the base');
    ws.write('config.yaml', AFTER);
    const before = new Set(leftovers());
    const plan = await ws.cli(['plan', '-f', 'config.yaml', '--base-ref', 'HEAD', '--json']);
    expect(plan.code).toBe(0);
    expect((maskedPlan(plan.out) as { changes: unknown[] }).changes).toEqual(EXPECTED_CHANGES);
    expect(leftovers().filter((name) => !before.has(name))).toEqual([]);

    // A directory: its files at the revision, a file the change adds being no part of the base.
    execFileSync('mkdir', ['-p', join(ws.dir, 'manifests')]);
    git(ws.dir, 'mv', 'config.yaml', 'manifests/config.yaml');
    ws.write('manifests/config.yaml', BEFORE);
    git(ws.dir, 'commit', '-q', '-am', 'in a directory');
    ws.write('manifests/config.yaml', AFTER);
    const fromDir = await ws.cli(['plan', '-f', 'manifests', '--base-ref', 'HEAD', '--json']);
    expect(fromDir.code).toBe(0);
    expect((maskedPlan(fromDir.out) as { changes: unknown[] }).changes).toEqual(EXPECTED_CHANGES);
  });

  it('warns of a manifest file beside the -f files that the change deleted, and says to give the directory', async () => {
    const ws = await drifted('G-62000011');
    const tea = BEFORE.slice(BEFORE.indexOf('  - providerReference: tea-002'));
    execFileSync('mkdir', ['-p', join(ws.dir, 'manifests')]);
    ws.write('manifests/shop.yaml', BEFORE.slice(0, BEFORE.indexOf('  - providerReference: tea-002')));
    ws.write('manifests/tea.yaml', `version: 1\nmerchants:\n${tea}`);
    // Still in the work tree, so no part of the manifest -f gives (now or at the revision): not warned of.
    ws.write('manifests/later.yml', 'version: 1\n');
    git(ws.dir, 'init', '-q');
    git(ws.dir, 'add', 'manifests');
    git(ws.dir, 'commit', '-q', '-m', 'the base');
    git(ws.dir, 'rm', '-q', 'manifests/tea.yaml');
    const plan = await ws.cli(['plan', '-f', 'manifests/shop.yaml', '--base-ref', 'HEAD', '--json']);
    expect(plan.code, plan.err).toBe(0);
    expect(JSON.parse(plan.out).warnings).toEqual([
      {
        message:
          `--base-ref HEAD: ${join('manifests', 'tea.yaml')} is at HEAD beside the -f files, but -f does not name it and the work tree no longer has it. ` +
          'If the change deleted it, the base is read without it and the changes of its records are labelled as if the base never had them: ' +
          'give the directory (-f manifests) to read every file of it, now and at HEAD.',
      },
    ]);
    const text = await ws.cli(['plan', '-f', 'manifests/shop.yaml', '--base-ref', 'HEAD', '--no-color']);
    expect(text.out).toContain('give the directory (-f manifests)');
    // The directory: every file of it is read at the revision, and there is nothing to warn of.
    const whole = await ws.cli(['plan', '-f', 'manifests', '--base-ref', 'HEAD', '--json']);
    expect(whole.code, whole.err).toBe(0);
    expect(JSON.parse(whole.out).warnings).toBeUndefined();
    // Once the deletion is the revision's too, nothing is missing from the base.
    git(ws.dir, 'commit', '-q', '-m', 'tea gone');
    const clean = await ws.cli(['plan', '-f', 'manifests/shop.yaml', '--base-ref', 'HEAD', '--json']);
    expect(JSON.parse(clean.out).warnings).toBeUndefined();
  });

  it('refuses outside a git work tree, a revision git does not know, and paths none of which exist at it', async () => {
    const ws = await drifted('G-62000008');
    const outside = await ws.cli(['plan', '-f', 'after.yaml', '--base-ref', 'HEAD']);
    expect(outside.code).toBe(1);
    expect(outside.err).toContain(`--base-ref HEAD needs a git work tree, and ${ws.dir} is not in one`);
    git(ws.dir, 'init', '-q');
    git(ws.dir, 'add', 'before.yaml');
    git(ws.dir, 'commit', '-q', '-m', 'the base');
    const unknown = await ws.cli(['plan', '-f', 'after.yaml', '--base-ref', 'no-such-branch']);
    expect(unknown.err).toContain('--base-ref no-such-branch: no-such-branch is not a revision of the repository at');
    const absent = await ws.cli(['plan', '-f', 'after.yaml', '--base-ref', 'HEAD']);
    expect(absent.err).toContain('--base-ref HEAD: none of the manifest paths (after.yaml) exists at HEAD');
    const stdin = await ws.cli(['plan', '-f', '-', '--base-ref', 'HEAD']);
    expect(stdin.err).toContain('standard input (-f -) has no such past');
    expect(existsSync(join(ws.dir, '.git'))).toBe(true);
  });
});

describe('plan --base with a rename (moved:)', () => {
  /** host-a renamed host-a-usd in the manifest under review, with the entry that says so. */
  const RENAMED = edited(
    ['{ profileName: host-a,', '{ profileName: host-a-usd,'],
    ['{ acquirer: host-a,', '{ acquirer: host-a-usd,'],
    ['acquirerFields: { host-a:', 'acquirerFields: { host-a-usd:'],
  );
  const MOVED = 'moved:\n  - { from: acquirer/host-a, to: acquirer/host-a-usd }\n';
  const PRUNE = 'prune: { acquirerProfiles: true }\n';
  const HOST_A = {
    acqType: 'card',
    currency: 'USD',
    connMessageFormat: 'HOSTA_8583',
    enablerParams: ['tid'],
  };

  it('labels a clean rename intended, with prune on for profiles: the base is planned under its own names, and nothing is said of reverts', async () => {
    const ws = await groups.take('G-62000009');
    ws.write('base.yaml', `${BEFORE}${PRUNE}`);
    ws.write('after.yaml', `${RENAMED}${PRUNE}${MOVED}`);
    const plan = await ws.cli(['plan', '-f', 'after.yaml', '--base', 'base.yaml', '--json']);
    expect(plan.err).toBe('');
    expect((maskedPlan(plan.out) as { changes: unknown[] }).changes).toEqual([
      {
        address: 'acquirer/host-a-usd',
        kind: 'acquirer',
        key: 'host-a-usd',
        movedFrom: 'acquirer/host-a',
        action: 'update',
        liveId: '<id>',
        before: { profileName: 'host-a', ...HOST_A, methods: { '01': { emvs: ['visa-usd'], allows: [] } } },
        after: { profileName: 'host-a-usd', ...HOST_A, methods: { '01': { allows: [], emvs: ['visa-usd'] } } },
        patch: [{ op: 'replace', path: '/profileName', value: 'host-a-usd' }],
        dependsOn: [],
        reason: 'moved from acquirer/host-a',
        origin: 'intended',
        notes: [],
        impact: { merchants: 1, terminals: 1 },
      },
    ]);
    const md = await ws.cli(['plan', '-f', 'after.yaml', '--base', 'base.yaml', '--markdown']);
    expect(md.out).not.toContain('revert');
    expect(md.out).toContain('#### Intended (1)');
  });

  it('labels a rename of a profile changed outside paycfg both, and warns of the revert under the new name', async () => {
    const ws = await groups.take('G-62000010');
    const profiles = await sim.api('GET', '/api/openapi/v1/acquirer', undefined, 'G-62000010');
    const hostA = (profiles.body.data.records as { profileName: string; profileId: number }[]).find((p) => p.profileName === 'host-a')!;
    expect((await sim.api('PUT', `/api/openapi/v1/acquirer/${hostA.profileId}`, { connMessageFormat: 'HOSTE_JSON' }, 'G-62000010')).status).toBe(200);
    ws.write('after.yaml', `${RENAMED}${MOVED}`);
    const plan = await ws.cli(['plan', '-f', 'after.yaml', '--base', 'before.yaml', '--json']);
    expect(plan.err).toBe('');
    expect((maskedPlan(plan.out) as { changes: unknown[] }).changes).toEqual([
      {
        address: 'acquirer/host-a-usd',
        kind: 'acquirer',
        key: 'host-a-usd',
        movedFrom: 'acquirer/host-a',
        action: 'update',
        liveId: '<id>',
        before: { profileName: 'host-a', ...HOST_A, connMessageFormat: 'HOSTE_JSON', methods: { '01': { emvs: ['visa-usd'], allows: [] } } },
        after: { profileName: 'host-a-usd', ...HOST_A, methods: { '01': { allows: [], emvs: ['visa-usd'] } } },
        patch: [
          { op: 'replace', path: '/profileName', value: 'host-a-usd' },
          { op: 'replace', path: '/connMessageFormat', value: 'HOSTA_8583' },
        ],
        dependsOn: [],
        reason: 'moved from acquirer/host-a, and 1 other field change',
        origin: 'both',
        notes: [],
        impact: { merchants: 1, terminals: 1, payments: { count: 0, amounts: {}, last: null, window: '30d' } },
      },
    ]);
    const md = await ws.cli(['plan', '-f', 'after.yaml', '--base', 'before.yaml', '--markdown']);
    expect(md.out).toContain('**⚠️ This apply would also revert 1 change made outside paycfg:** `acquirer/host-a-usd`.');
  });
});
