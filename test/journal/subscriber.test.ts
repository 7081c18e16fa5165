import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import type { ApplyResult } from '../../src/apply/execute-plan.js';
import { JournalError } from '../../src/journal/errors.js';
import { planHash } from '../../src/journal/plan-hash.js';
import type { ChangeRecord, JournalRecord, RunEndRecord, RunStartRecord } from '../../src/journal/records.js';
import { renderJournalText } from '../../src/journal/render.js';
import { journalApply } from '../../src/journal/subscriber.js';
import type { Journal } from '../../src/journal/writer.js';
import type { Change, Plan } from '../../src/plan/plan.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJncm91cElkIjoiRy0xIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const SECRET = 'till-admin-secret-42';

const change = (address: string, action: Change['action'] = 'create', extra: Partial<Change> = {}): Change => ({
  address,
  kind: address.split('/')[0] as Change['kind'],
  key: address.slice(address.indexOf('/') + 1),
  action,
  before: null,
  after: {},
  patch: [],
  dependsOn: [],
  reason: '',
  notes: [],
  ...extra,
});

const changes = [
  change('emv/mc-usd'),
  change('merchant/coffee-001'),
  change(`device/coffee-001/${TOKEN}`),
  change('binding/coffee-001/host-a/USD'),
  change('acquirer/host-a#old', 'replace', { step: 'replace-old' }),
];
const plan: Plan = {
  formatVersion: 1,
  baseUrl: 'http://127.0.0.1:8080',
  group: { groupId: 'G-00000001', groupName: 'Shop' },
  changes,
  unmanaged: [],
  blocked: [],
  summary: { create: 4, update: 0, delete: 0, replace: 1, blocked: 0 },
  sensitive: [],
};

/** A journal in memory; `failFrom` makes every append from that record on fail. */
function memoryJournal(failFrom = Infinity): Journal & { records: JournalRecord[]; syncs: number } {
  const records: JournalRecord[] = [];
  let appended = 0;
  return {
    path: 'mem.jsonl',
    records,
    syncs: 0,
    async append(record) {
      appended += 1;
      if (appended >= failFrom) throw new JournalError('cannot write to the journal mem.jsonl: no space left on the device');
      records.push(JSON.parse(JSON.stringify(record)) as JournalRecord);
    },
    appendNow(record) {
      records.push(JSON.parse(JSON.stringify(record)) as JournalRecord);
    },
    async sync() {
      this.syncs += 1;
    },
    async close() {},
  };
}

const clock = () => {
  let ms = Date.parse('2026-01-01T10:00:00.000Z');
  return () => new Date((ms += 1000));
};

const options = {
  plan,
  source: { source: { kind: 'manifest' as const, files: [{ path: 'paycfg.yaml', sha256: '00'.repeat(32) }] }, absolutePaths: [], names: [] },
  secrets: [SECRET],
  token: TOKEN,
  env: { GITLAB_USER_LOGIN: 'tanuki', USER: 'runner' },
  git: { commit: null, clean: null, uncommitted: null },
};

describe('journalApply', () => {
  it('writes and flushes the run-start record before it returns', async () => {
    const journal = memoryJournal();
    const trail = await journalApply(journal, { ...options, now: clock() });
    expect(journal.syncs).toBe(1);
    expect(journal.records).toEqual([
      {
        journalVersion: 1,
        type: 'run-start',
        run: trail.runId,
        time: '2026-01-01T10:00:01.000Z',
        paycfgVersion: '0.1.0',
        baseUrl: 'http://127.0.0.1:8080',
        group: { groupId: 'G-00000001', groupName: 'Shop' },
        planHash: planHash(plan),
        source: { kind: 'manifest', files: [{ path: 'paycfg.yaml', sha256: '00'.repeat(32) }] },
        git: { commit: null, clean: null, uncommitted: null },
        actor: { name: 'tanuki', from: 'GITLAB_USER_LOGIN' },
        plan: { create: 4, update: 0, delete: 0, replace: 1, blocked: 0 },
        changes: 5,
        // A live record's key comes from the service: the token in it is masked, as everywhere.
        planned: plan.changes.map((c) => ({ address: c.address.replace(TOKEN, '(sensitive)'), action: c.action })),
      } satisfies RunStartRecord,
    ]);
    expect(Object.keys(journal.records[0]!)[0]).toBe('journalVersion');
  });

  it('takes the hash it is given (a saved plan carries its own)', async () => {
    const journal = memoryJournal();
    await journalApply(journal, { ...options, planHash: `sha256:${'11'.repeat(32)}` });
    expect((journal.records[0] as RunStartRecord).planHash).toBe(`sha256:${'11'.repeat(32)}`);
  });

  it('refuses the run when the run-start record cannot be written', async () => {
    await expect(journalApply(memoryJournal(1), options)).rejects.toThrow(JournalError);
  });

  it('records each change as it ends: ids created, failures with the service code, skips; secrets and the token masked', async () => {
    const journal = memoryJournal();
    const trail = await journalApply(journal, { ...options, now: clock() });
    const refusal = new ApiError({ method: 'POST', path: '/api/openapi/v1/mchInfo', serviceCode: 10000, serviceMessage: `deviceAdmin ${SECRET} rejected\x1b[2K`, httpStatus: 200 });
    trail.onEvent({ type: 'start', change: changes[0]! });
    trail.onEvent({ type: 'done', change: changes[0]!, detail: 'created id 12', createdId: '12', durationMs: 12.6 });
    trail.onEvent({ type: 'failed', change: changes[1]!, error: refusal, durationMs: 40.2 });
    trail.onEvent({ type: 'skipped', change: changes[3]!, because: 'merchant/coffee-001 failed' });
    trail.onEvent({ type: 'done', change: changes[2]!, detail: `adopted D-7; another run created it at the same time: kept D-7, deleted this run's ${TOKEN}`, createdId: 'D-7', adopted: true, durationMs: 3 });
    const report: ApplyResult = {
      outcomes: [
        { address: 'emv/mc-usd', action: 'create', status: 'done', detail: 'created id 12', createdId: '12' },
        { address: 'merchant/coffee-001', action: 'create', status: 'failed', error: refusal },
        { address: 'device/coffee-001/(sensitive)', action: 'create', status: 'done', detail: 'adopted D-7', createdId: 'D-7', adopted: true },
        { address: 'binding/coffee-001/host-a/USD', action: 'create', status: 'skipped', because: 'merchant/coffee-001 failed' },
        // Ended without an event reaching the subscriber: recorded from the report.
        { address: 'acquirer/host-a#old', action: 'replace', status: 'done', detail: 'deleted' },
      ],
      done: 3,
      failed: 1,
      skipped: 1,
      notStarted: 0,
    };
    await trail.finish(report, 1);
    const [, ...rest] = journal.records;
    const recorded = rest.filter((r): r is ChangeRecord => r.type === 'change').map(({ run, time, journalVersion, type, ...r }) => r);
    expect(recorded).toEqual([
      { address: 'emv/mc-usd', action: 'create', outcome: 'done', detail: 'created id 12', createdId: '12', durationMs: 13 },
      {
        address: 'merchant/coffee-001',
        action: 'create',
        outcome: 'failed',
        error: {
          code: 'API',
          serviceCode: 10000,
          httpStatus: 200,
          request: 'POST /api/openapi/v1/mchInfo',
          message: 'POST /api/openapi/v1/mchInfo: the service refused the request (code 10000): deviceAdmin (sensitive) rejected\\e[2K',
        },
        durationMs: 40,
      },
      { address: 'binding/coffee-001/host-a/USD', action: 'create', outcome: 'skipped', because: 'merchant/coffee-001 failed' },
      {
        address: 'device/coffee-001/(sensitive)',
        action: 'create',
        outcome: 'done',
        detail: "adopted D-7; another run created it at the same time: kept D-7, deleted this run's (sensitive)",
        createdId: 'D-7',
        adopted: true,
        durationMs: 3,
      },
      { address: 'acquirer/host-a#old', action: 'replace', step: 'replace-old', outcome: 'done', detail: 'deleted' },
    ]);
    const end = journal.records.at(-1) as RunEndRecord;
    expect(end).toEqual({
      journalVersion: 1,
      type: 'run-end',
      run: trail.runId,
      time: end.time,
      summary: { done: 3, failed: 1, skipped: 1, notStarted: 0, blocked: 0 },
      exitCode: 1,
      interrupted: false,
      notStarted: [],
      durationMs: Date.parse(end.time) - Date.parse((journal.records[0] as RunStartRecord).time),
    });
    const text = JSON.stringify(journal.records);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(TOKEN);
    expect(journal.syncs).toBe(2);
  });

  it('records a rename in place with the address the record had, and the summary shows old → new', async () => {
    const journal = memoryJournal();
    const renamed = { ...plan.changes[0]!, address: 'acquirer/host-b', key: 'host-b', action: 'update' as const, movedFrom: 'acquirer/host-a' };
    const trail = await journalApply(journal, { ...options, plan: { ...plan, changes: [renamed] }, now: clock() });
    trail.onEvent({ type: 'start', change: renamed });
    trail.onEvent({ type: 'done', change: renamed, detail: 'updated', durationMs: 3 });
    await trail.finish({ outcomes: [{ address: renamed.address, action: 'update', status: 'done', detail: 'updated' }], done: 1, failed: 0, skipped: 0, notStarted: 0 }, 0);
    expect(journal.records[1]).toMatchObject({ type: 'change', address: 'acquirer/host-b', movedFrom: 'acquirer/host-a', action: 'update' });
    expect(renderJournalText('j.jsonl', { records: journal.records, torn: [] })).toContain('update acquirer/host-a → acquirer/host-b: updated');
  });

  it('records a run stopped by a signal, and a run that ended on an error', async () => {
    const journal = memoryJournal();
    const stopped = await journalApply(journal, options);
    await stopped.finish({ outcomes: changes.map((c) => ({ address: c.address, action: c.action, status: 'not-started' as const })), done: 0, failed: 0, skipped: 0, notStarted: 5 }, 143, 'SIGTERM');
    expect(journal.records.at(-1)).toMatchObject({ type: 'run-end', exitCode: 143, interrupted: true, signal: 'SIGTERM', notStarted: ['emv/mc-usd', 'merchant/coffee-001', 'device/coffee-001/(sensitive)', 'binding/coffee-001/host-a/USD', 'acquirer/host-a#old'] });
    const failed = await journalApply(journal, options);
    await failed.finish(new ApiError({ method: 'GET', path: '/x', serviceCode: 1, serviceMessage: `bad ${TOKEN}`, httpStatus: 200 }), 1);
    expect(journal.records.at(-1)).toMatchObject({ type: 'run-end', exitCode: 1, interrupted: false, error: { code: 'API', message: 'GET /x: the service refused the request (code 1): bad (sensitive)' } });
  });

  it('a record it cannot write mid-run: `broken` settles, the others are still written, finish rejects naming the run', async () => {
    const journal = memoryJournal(3);
    const trail = await journalApply(journal, options);
    trail.onEvent({ type: 'done', change: changes[0]!, detail: 'created id 1', durationMs: 1 });
    trail.onEvent({ type: 'done', change: changes[1]!, detail: 'created M-1', durationMs: 1 });
    const broken = await trail.broken;
    expect(broken.message).toBe('cannot write to the journal mem.jsonl: no space left on the device');
    await expect(trail.finish({ outcomes: [], done: 2, failed: 0, skipped: 0, notStarted: 0 }, 0)).rejects.toThrow(
      `the journal mem.jsonl is incomplete: 2 records of run ${trail.runId} could not be written (cannot write to the journal mem.jsonl: no space left on the device)`,
    );
    expect(journal.records.map((r) => r.type)).toEqual(['run-start', 'change']);
  });
});

describe("journalApply's created ids", () => {
  const recorded = (journal: { records: JournalRecord[] }): Partial<ChangeRecord>[] =>
    journal.records.filter((r): r is ChangeRecord => r.type === 'change').map(({ address, detail, createdId, adopted }) => ({ address, detail, createdId, adopted }));

  it('come from the id the change carries, never from its words', async () => {
    const journal = memoryJournal();
    const trail = await journalApply(journal, { ...options, now: clock() });
    // Words that do not start with created or adopted, and an id in no word: the record carries the id it was given.
    trail.onEvent({ type: 'done', change: changes[0]!, detail: 'made it', createdId: '12', durationMs: 1 });
    trail.onEvent({ type: 'done', change: changes[2]!, detail: `kept the one that stays`, createdId: `D-${TOKEN}`, adopted: true, durationMs: 1 });
    // Words that look like a create's, with no id carried: none is recorded.
    trail.onEvent({ type: 'done', change: changes[1]!, detail: 'created id 99', durationMs: 1 });
    await trail.finish(
      {
        outcomes: [
          ...changes.slice(0, 3).map((c) => ({ address: c.address, action: c.action, status: 'done' as const, detail: 'x' })),
          // Ended without an event: recorded from the report, with the id the outcome carries.
          { address: changes[3]!.address, action: 'create', status: 'done', detail: 'no id in these words', createdId: 'B-1' },
          { address: changes[4]!.address, action: 'replace', status: 'done', detail: 'adopted 5' },
        ],
        done: 5,
        failed: 0,
        skipped: 0,
        notStarted: 0,
      },
      0,
    );
    expect(recorded(journal)).toEqual([
      { address: 'emv/mc-usd', detail: 'made it', createdId: '12', adopted: undefined },
      { address: 'device/coffee-001/(sensitive)', detail: 'kept the one that stays', createdId: 'D-(sensitive)', adopted: true },
      { address: 'merchant/coffee-001', detail: 'created id 99', createdId: undefined, adopted: undefined },
      { address: 'binding/coffee-001/host-a/USD', detail: 'no id in these words', createdId: 'B-1', adopted: undefined },
      { address: 'acquirer/host-a#old', detail: 'adopted 5', createdId: undefined, adopted: undefined },
    ]);
  });
});
