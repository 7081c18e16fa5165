/**
 * The pure parts of a promotion: the source journal's index (which runs count, which record wins),
 * the blocking of what is unproven and of what waits for it, and how the renderers word the evidence
 * (a journal's text escaped, the JSON key order, the blocked heading). Over HTTP: promote.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../src/journal/records.js';
import type { DesiredState } from '../../src/model/state.js';
import type { Change, Plan, PlannedChange, RawPlan } from '../../src/plan/plan.js';
import type { ChangeEvidence, PlanPromotion } from '../../src/plan/promotion.js';
import { promotedPlan } from '../../src/promote/block-unproven.js';
import { indexJournal } from '../../src/promote/source-journal.js';
import { renderPlanJson, renderPlanMarkdown, renderPlanText } from '../../src/render/render-document.js';
import { createStyle } from '../../src/render/style.js';

const start = (run: string, groupId: string, baseUrl: string, planHash: string): JournalRecord =>
  ({ journalVersion: 1, type: 'run-start', run, time: '2026-01-01T00:00:00.000Z', baseUrl, group: { groupId, groupName: 'G' }, planHash } as unknown as JournalRecord);
const done = (run: string, address: string, time: string, outcome: 'done' | 'failed' = 'done', action = 'update', step?: string): JournalRecord =>
  ({ journalVersion: 1, type: 'change', run, time, address, action, outcome, ...(step !== undefined ? { step } : {}) } as JournalRecord);

describe("the source journal's index", () => {
  it("keeps each address's last done change of a run of the source's group at its base URL", () => {
    const index = indexJournal(
      [
        start('r1', 'G-00000001', 'https://test.example/', 'sha256:one'),
        done('r1', 'merchant/a', '2026-01-01T00:00:01.000Z'),
        done('r1', 'merchant/b', '2026-01-01T00:00:02.000Z'),
        // Production's run in the same file, and a run of another service with the same group id.
        start('r2', 'G-00000002', 'https://test.example', 'sha256:two'),
        done('r2', 'merchant/a', '2026-01-02T00:00:00.000Z'),
        start('r3', 'G-00000001', 'https://other.example', 'sha256:three'),
        done('r3', 'merchant/a', '2026-01-03T00:00:00.000Z'),
        // A later run of test: its done change wins, its failed one does not.
        start('r4', 'G-00000001', 'https://test.example', 'sha256:four'),
        done('r4', 'merchant/a', '2026-01-04T00:00:00.000Z'),
        done('r4', 'merchant/b', '2026-01-04T00:00:01.000Z', 'failed'),
        // A change of a run whose start is not in the file.
        done('r5', 'merchant/c', '2026-01-05T00:00:00.000Z'),
        // A delete dates a delete only; a replacement's detach step dates nothing.
        start('r6', 'G-00000001', 'https://test.example', 'sha256:six'),
        done('r6', 'merchant/d', '2026-01-06T00:00:00.000Z', 'done', 'delete'),
        done('r6', 'binding/b/host/USD', '2026-01-06T00:00:01.000Z', 'done', 'update', 'detach'),
      ],
      { groupId: 'G-00000001', baseUrls: ['https://test.example'] },
    );
    expect([...index.gone]).toEqual([['merchant/d', { since: '2026-01-06T00:00:00.000Z', run: 'r6', planHash: 'sha256:six' }]]);
    expect([...index.present]).toEqual([
      ['merchant/a', { since: '2026-01-04T00:00:00.000Z', run: 'r4', planHash: 'sha256:four' }],
      ['merchant/b', { since: '2026-01-01T00:00:02.000Z', run: 'r1', planHash: 'sha256:one' }],
    ]);
  });
});

const PROMOTION: PlanPromotion = {
  from: { name: 'test', baseUrl: 'https://test.example', groupId: 'G-00000001' },
  to: { name: 'production', baseUrl: 'https://pay.example', groupId: 'G-00000002' },
  allowedUnproven: false,
};

const change = (address: string, extra: Partial<PlannedChange> = {}): PlannedChange => {
  const [kind, ...key] = address.split('#')[0]!.split('/');
  return {
    address,
    kind: kind as Change['kind'],
    key: key.join('/'),
    action: 'update',
    before: { a: 1 },
    after: { a: 2 },
    patch: [{ op: 'replace', path: '/a', value: 2 }],
    dependsOn: [],
    reason: '1 field change',
    notes: [],
    ...extra,
  };
};

const rawPlan = (changes: PlannedChange[]): RawPlan =>
  ({
    formatVersion: 1,
    baseUrl: 'https://pay.example',
    group: { groupId: 'G-00000002', groupName: 'Production' },
    changes,
    unmanaged: [],
    blocked: [],
    summary: { create: 0, update: changes.length, delete: 0, replace: 0, blocked: 0 },
    sensitive: [],
  }) as Plan as RawPlan;

const NO_DESIRED = { resources: new Map(), managedBindings: new Set(), managedDevices: new Set(), prune: {}, sensitive: new Map() } as unknown as DesiredState;
const PROVEN: ChangeEvidence = { status: 'proven' };
const DIFFERS: ChangeEvidence = { status: 'unproven', reason: 'differs', fields: ['a'] };

describe('blocking what is unproven', () => {
  it('holds back a replacement whole, the detach steps of its users and what waits for it, each once', () => {
    // emv/x replaced: its users let go first (#detach), then its old record goes (#old), then the new one comes.
    const plan = rawPlan([
      change('acquirer/p#detach', { step: 'detach' }),
      change('emv/x#old', { action: 'delete', step: 'replace-old', after: null, patch: [], dependsOn: ['acquirer/p#detach'] }),
      change('emv/x', { action: 'replace', dependsOn: ['emv/x#old'] }),
      change('acquirer/p', { dependsOn: ['acquirer/p#detach', 'emv/x'] }),
      change('merchant/m'),
    ]);
    const evidence = new Map<string, ChangeEvidence>([
      ['acquirer/p#detach', PROVEN],
      ['emv/x#old', DIFFERS],
      ['emv/x', DIFFERS],
      ['acquirer/p', PROVEN],
      ['merchant/m', PROVEN],
    ]);
    const promoted = promotedPlan(plan, evidence, PROMOTION, NO_DESIRED);
    expect(promoted.changes.map((c) => [c.address, c.evidence])).toEqual([['merchant/m', PROVEN]]);
    expect(promoted.blocked.map((b) => [b.address, b.action, b.cause, b.blockers])).toEqual([
      ['acquirer/p', 'update', 'dependency', ['emv/x']],
      ['acquirer/p#detach', 'update', 'dependency', ['emv/x']],
      ['emv/x', 'replace', 'unproven', ['apply it to test first and promote again, or promote with --allow-unproven to go ahead without evidence']],
    ]);
    expect(promoted.summary).toEqual({ create: 0, update: 1, delete: 0, replace: 0, blocked: 3 });
    // Allowed, nothing is held back and every change keeps its evidence.
    const allowed = promotedPlan(plan, evidence, { ...PROMOTION, allowedUnproven: true }, NO_DESIRED);
    expect(allowed.blocked).toEqual([]);
    expect(allowed.changes.map((c) => c.evidence)).toEqual([PROVEN, DIFFERS, DIFFERS, PROVEN, PROVEN]);
  });

  it('keeps the bindings and devices of a merchant whose delete is held back', () => {
    const plan = rawPlan([
      change('device/m/t', { action: 'delete', after: null, patch: [], merchant: 'm' }),
      change('binding/m/p/USD', { action: 'delete', after: null, patch: [], merchant: 'm', dependsOn: ['device/m/t'] }),
      change('merchant/m', { action: 'delete', after: null, patch: [], dependsOn: ['binding/m/p/USD'] }),
    ]);
    const evidence = new Map<string, ChangeEvidence>([
      ['device/m/t', PROVEN],
      ['binding/m/p/USD', PROVEN],
      ['merchant/m', { status: 'unproven', reason: 'present' }],
    ]);
    const promoted = promotedPlan(plan, evidence, PROMOTION, NO_DESIRED);
    expect(promoted.changes).toEqual([]);
    expect(promoted.blocked.map((b) => [b.address, b.cause])).toEqual([
      ['binding/m/p/USD', 'dependency'],
      ['device/m/t', 'dependency'],
      ['merchant/m', 'unproven'],
    ]);
  });
});

describe('the words of a promotion', () => {
  const shown = (evidence: ChangeEvidence, promotion: PlanPromotion = PROMOTION): Plan =>
    ({ ...rawPlan([change('merchant/m', { evidence })]), promotion }) as Plan;

  it('escapes what it reads from the source journal, and keeps the evidence after the origin in the JSON', () => {
    const hostile = shown({ status: 'proven', since: '2026-01-01\u001b[2J', run: 'r\u202e1', planHash: 'sha256:abc' });
    const text = renderPlanText(hostile, createStyle(false));
    expect(text).toContain('    evidence: live in test since 2026-01-01\\e[2J (run r\\u202e1, plan sha256:abc)\n');
    expect(text).not.toContain('\u001b');
    expect(Object.keys(JSON.parse(renderPlanJson(shown(PROVEN))).changes[0])).toEqual([
      'address', 'kind', 'key', 'action', 'before', 'after', 'patch', 'dependsOn', 'reason', 'evidence', 'notes',
    ]);
  });

  it('says why each reason is no evidence', () => {
    const words = (evidence: ChangeEvidence): string => renderPlanText(shown(evidence, { ...PROMOTION, allowedUnproven: true }), createStyle(false));
    expect(words({ status: 'unproven', reason: 'absent' })).toContain('evidence: NOT proven: test has no such record (never applied there); goes ahead under --allow-unproven\n');
    expect(words({ status: 'unproven', reason: 'differs', fields: ['contactName', 'mchName'] })).toContain('evidence: NOT proven: test differs in contactName and mchName (never applied there, or changed since)');
    expect(words({ status: 'unproven', reason: 'present' })).toContain('evidence: NOT proven: test still holds the record this deletes');
    expect(words({ status: 'unproven', reason: 'missing-values', variables: ['A', 'B', 'C'] })).toContain('evidence: NOT proven: test declares no value for A, B and C, which the manifest needs here');
    expect(words({ status: 'unproven', reason: 'missing-values' })).toContain("evidence: NOT proven: the manifest, with test's values, leaves this entry out");
    expect(words({ status: 'proven' })).toContain('evidence: live in test (its journal records no apply of it)\n');
    expect(words({ status: 'unproven', reason: 'absent' })).toContain('Warning: --allow-unproven: 1 change goes ahead without evidence that it is live in test: merchant/m\n');
    const markdown = renderPlanMarkdown(shown({ status: 'unproven', reason: 'absent' }, { ...PROMOTION, allowedUnproven: true }));
    expect(markdown).toContain('**⚠️ --allow-unproven: 1 change goes ahead without evidence that it is live in test:** `merchant/m`.');
    expect(markdown).toContain('| ✏️ | `merchant/m` | NOT proven: test has no such record (never applied there) | 1 field change |');
  });

  it('names the other causes first when a promotion also holds back what a plan holds back', () => {
    const plan: Plan = {
      ...shown(PROVEN),
      changes: [],
      blocked: [
        { address: 'merchant/m', kind: 'merchant', key: 'm', action: 'update', cause: 'unproven', reason: 'r', blockers: [] },
        { address: 'acquirer/p', kind: 'acquirer', key: 'p', action: 'delete', cause: 'protected', pattern: 'acquirer/*', reason: 'r', blockers: [] },
      ],
      summary: { create: 0, update: 0, delete: 0, replace: 0, blocked: 2 },
    };
    expect(renderPlanText(plan, createStyle(false))).toContain(
      "Blocked: 2 changes apply will not try (the manifest's protect: list keeps it, and no evidence shows the others live in test):",
    );
  });
});
