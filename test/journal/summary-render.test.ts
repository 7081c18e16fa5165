import { describe, expect, it } from 'vitest';
import type { ReadJournal } from '../../src/journal/reader.js';
import { JOURNAL_FORMAT_VERSION, type JournalRecord, type RunStartRecord } from '../../src/journal/records.js';
import { renderJournalJson, renderJournalMarkdown, renderJournalText } from '../../src/journal/render.js';
import { summariseJournal } from '../../src/journal/summary.js';

const V = JOURNAL_FORMAT_VERSION;
const start = (run: string, time: string, actor = 'octocat'): RunStartRecord => ({
  journalVersion: V,
  type: 'run-start',
  run,
  time,
  paycfgVersion: '0.1.0',
  baseUrl: 'http://127.0.0.1:8080',
  group: { groupId: 'G-00000001', groupName: 'Shop' },
  planHash: `sha256:${'ab'.repeat(32)}`,
  source: { kind: 'manifest', files: [{ path: 'paycfg.yaml', sha256: 'cd'.repeat(32) }] },
  git: { commit: 'ef'.repeat(20), clean: true, uncommitted: [] },
  actor: { name: actor, from: 'GITHUB_ACTOR' },
  plan: { create: 2, update: 0, delete: 0, replace: 0, blocked: 0 },
  changes: 2,
});

/** Two runs interleaved: A completes, B fails one change and skips another; C was killed mid-run. */
const records: JournalRecord[] = [
  start('run-a', '2026-01-01T10:00:00.000Z'),
  start('run-b', '2026-01-01T10:00:01.000Z', 'tanuki'),
  { journalVersion: V, type: 'change', run: 'run-a', time: '2026-01-01T10:00:02.000Z', address: 'emv/mc-usd', action: 'create', outcome: 'done', detail: 'created id 7', createdId: '7', durationMs: 12 },
  {
    journalVersion: V,
    type: 'change',
    run: 'run-b',
    time: '2026-01-01T10:00:02.500Z',
    address: 'device/coffee-001/till-1',
    action: 'create',
    outcome: 'failed',
    error: { code: 'API', serviceCode: 10000, httpStatus: 200, request: 'POST /api/openapi/v1/device', message: 'POST /api/openapi/v1/device: the service refused the request (code 10000): mid is required \\e[2K | **x**' },
    durationMs: 30,
  },
  { journalVersion: V, type: 'change', run: 'run-b', time: '2026-01-01T10:00:02.600Z', address: 'binding/coffee-001/host-a/USD', action: 'create', outcome: 'skipped', because: 'device/coffee-001/till-1 failed' },
  { journalVersion: V, type: 'change', run: 'run-a', time: '2026-01-01T10:00:03.000Z', address: 'acquirer/host-a', action: 'create', outcome: 'done', detail: 'created id 9', createdId: '9', durationMs: 15 },
  { journalVersion: V, type: 'run-end', run: 'run-a', time: '2026-01-01T10:00:04.000Z', summary: { done: 2, failed: 0, skipped: 0, notStarted: 0, blocked: 0 }, exitCode: 0, interrupted: false, notStarted: [], durationMs: 4000 },
  { journalVersion: V, type: 'run-end', run: 'run-b', time: '2026-01-01T10:00:05.000Z', summary: { done: 0, failed: 1, skipped: 1, notStarted: 0, blocked: 0 }, exitCode: 1, interrupted: false, notStarted: [], durationMs: 4000 },
  { ...start('run-c', '2026-01-01T11:00:00.000Z'), planned: [{ address: 'emv/visa-usd', action: 'update' }, { address: 'acquirer/host-a', action: 'update' }] },
  { journalVersion: V, type: 'change', run: 'run-c', time: '2026-01-01T11:00:01.000Z', address: 'emv/visa-usd', action: 'update', outcome: 'done', detail: 'updated', durationMs: 5 },
  start('run-d', '2026-01-01T12:00:00.000Z'),
  { journalVersion: V, type: 'run-end', run: 'run-d', time: '2026-01-01T12:00:01.000Z', summary: { done: 1, failed: 0, skipped: 0, notStarted: 1, blocked: 0 }, exitCode: 130, interrupted: true, signal: 'SIGINT', notStarted: ['device/coffee-001/till-2'], durationMs: 1000 },
];

describe('summariseJournal', () => {
  it('tells interleaved runs apart by id, in the order they started, each with its outcome', () => {
    const runs = summariseJournal(records);
    expect(runs.map((r) => [r.id, r.status, r.actor?.name, r.exitCode])).toEqual([
      ['run-a', 'complete', 'octocat', 0],
      ['run-b', 'failed', 'tanuki', 1],
      ['run-c', 'unfinished', 'octocat', null],
      ['run-d', 'interrupted', 'octocat', 130],
    ]);
    const [a, b, c, d] = runs;
    expect(a!.changes.map((ch) => [ch.address, ch.createdId])).toEqual([['emv/mc-usd', '7'], ['acquirer/host-a', '9']]);
    expect(a!.git?.commit).toBe('ef'.repeat(20));
    expect(a!.planHash).toBe(`sha256:${'ab'.repeat(32)}`);
    expect(b!.failures).toEqual([
      expect.objectContaining({ address: 'device/coffee-001/till-1', action: 'create', code: 'API', serviceCode: 10000 }),
    ]);
    expect(b!.counts).toEqual({ done: 0, failed: 1, skipped: 1, notStarted: 0, blocked: 0 });
    // Without a run-end, the counts come from the change records.
    expect(c!.counts).toEqual({ done: 1, failed: 0, skipped: 0, notStarted: 0, blocked: 0 });
    expect(c!.end).toBeNull();
    expect({ interrupted: d!.interrupted, signal: d!.signal, notStarted: d!.notStarted }).toEqual({ interrupted: true, signal: 'SIGINT', notStarted: ['device/coffee-001/till-2'] });
  });

  it('summarises the records of a run whose start is not in the file', () => {
    const [run] = summariseJournal(records.slice(2, 3));
    expect(run).toMatchObject({ id: 'run-a', start: null, actor: null, status: 'unfinished', counts: { done: 1 } });
  });
});

describe('journal renderers', () => {
  const journal: ReadJournal = { records, torn: [{ line: 14, length: 20 }] };

  it('text: one block per run, failures with the service code, service text never raw', () => {
    const text = renderJournalText('journal.jsonl', journal);
    expect(text).toContain('Journal journal.jsonl: 4 runs.\n\nRun run-a: complete: 2 done, 0 failed, 0 skipped; exit 0\n');
    expect(text).toContain('  started  2026-01-01T10:00:00.000Z by octocat (GITHUB_ACTOR)\n  ended    2026-01-01T10:00:04.000Z (4.0 s)\n');
    expect(text).toContain(`  source   manifest paycfg.yaml (sha256 ${'cd'.repeat(32)})\n  git      commit ${'ef'.repeat(20)} (clean work tree)\n`);
    expect(text).toContain('  ✓ create emv/mc-usd: created id 7\n');
    expect(text).toContain('  - create binding/coffee-001/host-a/USD: skipped, device/coffee-001/till-1 failed\n');
    expect(text).toContain('  ✗ create device/coffee-001/till-1: FAILED (service code 10000): POST /api/openapi/v1/device: the service refused the request (code 10000): mid is required \\e[2K | **x**\n');
    expect(text).toContain('Run run-c: unfinished: no end recorded: the process was killed or crashed\n');
    expect(text).toContain('  no outcome recorded (half-done, or never started; plan again to see): acquirer/host-a\n');
    expect(text).toContain('Run run-d: interrupted by SIGINT: 1 done, 0 failed, 0 skipped, 1 not started; exit 130\n');
    expect(text).toContain('  not started: device/coffee-001/till-2\n');
    expect(text).toContain('Line 14 of journal.jsonl is a record cut short (a crash or a full disk while it was written): skipped.\n');
  });

  it('escapes control characters a hostile journal holds', () => {
    const hostile: JournalRecord[] = [{ ...start('run-x', '2026-01-01T10:00:00.000Z', 'evil\x1b[2J\u202e'), group: { groupId: 'G-1\r', groupName: 'x' } }];
    const text = renderJournalText('j', { records: hostile, torn: [] });
    expect(text).not.toMatch(/[\x1b\r\u202e]/);
    expect(text).toContain('evil\\e[2J\\u202e');
  });

  it('markdown: a table of runs, then the changes and failures of each, its text escaped', () => {
    const md = renderJournalMarkdown('journal.jsonl', journal);
    expect(md).toContain('| Started | Who | Group | Result | Plan | Git commit | Run |\n| --- | --- | --- | --- | --- | --- | --- |\n');
    expect(md).toContain(`| 2026-01-01T10:00:00.000Z | octocat | G-00000001 | **complete**: 2 done, 0 failed, 0 skipped; exit 0 | sha256:abababababab | ${'ef'.repeat(6)} | run-a |`);
    expect(md).toContain('| **unfinished** (no end recorded) |');
    expect(md).toContain('- **failed** create device/coffee-001/till-1 (service code 10000): POST /api/openapi/v1/device: the service refused the request (code 10000): mid is required \\\\e\\[2K \\| \\*\\*x\\*\\*');
    expect(md).toContain('- not started: device/coffee-001/till-2');
  });

  it('json: the runs as summariseJournal gives them, and the torn lines', () => {
    const parsed = JSON.parse(renderJournalJson('journal.jsonl', journal));
    expect(parsed.formatVersion).toBe(1);
    expect(parsed.file).toBe('journal.jsonl');
    expect(parsed.runs).toEqual(JSON.parse(JSON.stringify(summariseJournal(records))));
    expect(parsed.torn).toEqual([{ line: 14, length: 20 }]);
  });
});
