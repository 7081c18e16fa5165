/**
 * Journals of real applies against the simulator (the library's apply with journalApply as its
 * subscriber, as `paycfg apply --journal` will wire it): a successful run, a failed one and one
 * stopped by its AbortSignal; the records each leaves, no secret anywhere in the file; then
 * `paycfg journal` over that file in text, JSON and Markdown.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyEvent } from '../../src/apply/execute-plan.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { journalApply } from '../../src/journal/subscriber.js';
import { planHash } from '../../src/journal/plan-hash.js';
import { readJournal } from '../../src/journal/reader.js';
import type { ChangeRecord, JournalRecord, RunEndRecord, RunStartRecord } from '../../src/journal/records.js';
import { manifestSource } from '../../src/journal/sources.js';
import { openJournal } from '../../src/journal/writer.js';
import { prepareManifestApply } from '../../src/library/apply.js';
import { createClient } from '../../src/library/client.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const SECRET = 'till-admin-secret-42';
const basic = new URL('../../examples/basic/paycfg.yaml', import.meta.url).pathname;
let sim: TestSimulator;
let work: string;
let journalFile: string;
const tokens: string[] = [];

beforeAll(async () => {
  sim = await startTestSimulator();
  work = mkdtempSync(join(tmpdir(), 'paycfg-journal-cli-'));
  journalFile = join(work, 'audit.jsonl');
});
afterAll(async () => {
  await sim.close();
});

/** A work tree holding one manifest, committed: the run-start record names the commit. */
function committedManifest(name: string, text: string): { dir: string; file: string; commit: string } {
  const dir = mkdtempSync(join(tmpdir(), `paycfg-journal-${name}-`));
  const file = join(dir, 'paycfg.yaml');
  writeFileSync(file, text);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' }).toString().trim();
  git('init', '-q');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=T', 'commit', '-q', '--allow-empty', '-m', 'empty');
  git('add', 'paycfg.yaml');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=T', 'commit', '-q', '-m', 'manifest');
  return { dir, file, commit: git('rev-parse', 'HEAD') };
}

/** One apply of `file` to `groupId`, journalled; `stopAfter` aborts the run's signal after that many changes are done. */
async function journalledApply(groupId: string, dir: string, file: string, options: { stopAfter?: number; actor?: Record<string, string> } = {}) {
  const token = sim.token(groupId);
  tokens.push(token);
  const client = createClient({ baseUrl: sim.url, token });
  try {
    const prepared = await prepareManifestApply({ manifest: [file], client, env: { TILL_ADMIN_PASSWORD: SECRET }, cwd: dir, parallelism: 1 });
    const journal = await openJournal(journalFile);
    const trail = await journalApply(journal, {
      plan: prepared.plan,
      source: await manifestSource([file], dir),
      secrets: prepared.secretValues,
      token,
      env: options.actor ?? { USER: 'runner' },
    });
    const stop = new AbortController();
    let done = 0;
    const onEvent = (event: ApplyEvent): void => {
      trail.onEvent(event);
      if (event.type === 'done' && ++done === options.stopAfter) stop.abort();
    };
    const report = await prepared.run({ onEvent, signal: stop.signal });
    const exitCode = report.notStarted > 0 ? 130 : report.failed > 0 || report.plan.blocked.length > 0 ? 1 : 0;
    await trail.finish(report, exitCode, report.notStarted > 0 ? 'SIGINT' : undefined);
    await journal.close();
    return { runId: trail.runId, report, plan: prepared.plan };
  } finally {
    await client.close();
  }
}

function recordsOf(records: JournalRecord[], run: string) {
  const mine = records.filter((r) => r.run === run);
  return {
    start: mine.find((r): r is RunStartRecord => r.type === 'run-start')!,
    changes: mine.filter((r): r is ChangeRecord => r.type === 'change'),
    end: mine.find((r): r is RunEndRecord => r.type === 'run-end')!,
    types: mine.map((r) => r.type),
  };
}

async function cli(argv: string[]) {
  const io = captureIo({ env: {}, cwd: work });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

const runs: Record<'ok' | 'failed' | 'interrupted', string> = { ok: '', failed: '', interrupted: '' };

describe('journals of real applies', () => {
  it('a successful apply: run-start with hashes, git and who, one record per change, run-end', async () => {
    await sim.admin.createGroup({ groupId: 'G-70000001' });
    const text = readFileSync(basic, 'utf8').replace(/^group: .*$/m, '');
    const { dir, file, commit } = committedManifest('ok', text);
    const { runId, report, plan } = await journalledApply('G-70000001', dir, file, { actor: { GITHUB_ACTOR: 'octocat', USER: 'runner' } });
    runs.ok = runId;
    expect(report.failed).toBe(0);
    const { records, torn } = await readJournal(journalFile);
    expect(torn).toEqual([]);
    const { start, changes, end, types } = recordsOf(records, runId);
    expect(types).toEqual(['run-start', ...Array(6).fill('change'), 'run-end']);
    expect(start).toMatchObject({
      journalVersion: 1,
      paycfgVersion: '0.1.0',
      baseUrl: sim.url,
      group: { groupId: 'G-70000001' },
      planHash: planHash(plan),
      source: { kind: 'manifest', files: [{ path: 'paycfg.yaml', sha256: createHash('sha256').update(text).digest('hex') }] },
      git: { commit, clean: true, uncommitted: [] },
      actor: { name: 'octocat', from: 'GITHUB_ACTOR' },
      plan: { create: 5, update: 1, delete: 0, replace: 0, blocked: 0 },
      changes: 6,
    });
    expect(start.run).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(changes.map((c) => c.address).sort()).toEqual(plan.changes.map((c) => c.address).sort());
    for (const change of changes) {
      expect(change.outcome).toBe('done');
      expect(change.durationMs).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(change.durationMs)).toBe(true);
    }
    // Creates name the id the service gave.
    const created = changes.filter((c) => c.action === 'create' && !c.address.startsWith('binding/'));
    expect(created.length).toBeGreaterThanOrEqual(3);
    for (const c of created) expect(c.createdId, c.address).toMatch(/^\S+$/);
    expect(end).toMatchObject({ summary: { done: 6, failed: 0, skipped: 0, notStarted: 0, blocked: 0 }, exitCode: 0, interrupted: false, notStarted: [] });
    expect(end).not.toHaveProperty('signal');
  });

  it("a failed apply: the failed change with the service's code and message, the rest done, exit 1", async () => {
    // The service wants a mid on each device of the group; the manifest gives none (as test/cli/apply-command.test.ts).
    await sim.admin.createGroup({ groupId: 'G-70000002', enablerParams: 'tid,mid' });
    const text = readFileSync(basic, 'utf8')
      .replace(/^group: .*$/m, '')
      .replace('    enablerParams: [tid, mid]\n', '')
      .replace('host-a-usd: { tid: "00000001", mid: "000000012345" }', 'host-a-usd: { tid: "00000001" }');
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-journal-failed-'));
    const file = join(dir, 'paycfg.yaml');
    writeFileSync(file, text);
    const { runId } = await journalledApply('G-70000002', dir, file);
    runs.failed = runId;
    const { start, changes, end } = recordsOf((await readJournal(journalFile)).records, runId);
    expect(start.git).toEqual({ commit: null, clean: null, uncommitted: null });
    expect(start.actor).toEqual({ name: 'runner', from: 'USER' });
    const failed = changes.filter((c) => c.outcome === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      address: 'device/coffee-001/till-1',
      action: 'create',
      error: { code: 'API', serviceCode: 10000, request: 'POST /api/openapi/v1/device' },
    });
    expect(failed[0]!.error!.message).toMatch(/^POST \/api\/openapi\/v1\/device: the service refused the request \(code 10000\): /);
    expect(end).toMatchObject({ summary: { done: 5, failed: 1, skipped: 0, notStarted: 0 }, exitCode: 1, interrupted: false });
  });

  it('an interrupted apply: the changes that ended, then a run-end that says so, with the signal and what never started', async () => {
    await sim.admin.createGroup({ groupId: 'G-70000003' });
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-journal-stopped-'));
    const file = join(dir, 'paycfg.yaml');
    writeFileSync(file, readFileSync(basic, 'utf8').replace(/^group: .*$/m, ''));
    const { runId, report } = await journalledApply('G-70000003', dir, file, { stopAfter: 2 });
    runs.interrupted = runId;
    expect(report.notStarted).toBeGreaterThan(0);
    const { changes, end } = recordsOf((await readJournal(journalFile)).records, runId);
    expect(changes.length).toBe(report.done);
    expect(end).toMatchObject({ exitCode: 130, interrupted: true, signal: 'SIGINT', summary: { done: report.done, failed: 0, notStarted: report.notStarted } });
    expect(end.notStarted).toEqual(report.outcomes.filter((o) => o.status === 'not-started').map((o) => o.address));
    expect(end.notStarted.length + changes.length).toBe(6);
  });

  it('holds no secret: no token, no deviceAdmin value, no secret field', () => {
    const text = readFileSync(journalFile, 'utf8');
    expect(tokens).toHaveLength(3);
    for (const token of tokens) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.split('.')[2]);
    }
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('"deviceAdmin"');
    expect(text).not.toMatch(/passcode|adminPwd/);
    // Every line is one record of one of the three runs.
    const lines = text.trimEnd().split('\n').map((l) => JSON.parse(l) as JournalRecord);
    expect(new Set(lines.map((r) => r.run))).toEqual(new Set(Object.values(runs)));
  });
});

describe('paycfg journal', () => {
  it('summarises the runs in text: who, where, how each ended, the failure with its service code', async () => {
    const { code, out, err } = await cli(['journal', 'audit.jsonl']);
    expect(code, err).toBe(0);
    expect(err).toBe('');
    expect(out).toMatch(/^Journal audit\.jsonl: 3 runs\.\n/);
    expect(out).toContain(`Run ${runs.ok}: complete: 6 done, 0 failed, 0 skipped; exit 0\n`);
    expect(out).toContain(' by octocat (GITHUB_ACTOR)\n');
    expect(out).toContain(`Run ${runs.failed}: failed: 5 done, 1 failed, 0 skipped; exit 1\n`);
    expect(out).toMatch(/  ✗ create device\/coffee-001\/till-1: FAILED \(service code 10000\): POST \/api\/openapi\/v1\/device: the service refused the request \(code 10000\)/);
    expect(out).toMatch(new RegExp(`Run ${runs.interrupted}: interrupted by SIGINT: \\d done, 0 failed, 0 skipped, \\d not started; exit 130\\n`));
    expect(out).toContain('  git      not in a git work tree\n');
    expect(out).not.toContain(SECRET);
  });

  it('--json gives the runs; --markdown a table', async () => {
    const json = await cli(['journal', 'audit.jsonl', '--json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.out);
    expect(parsed.runs.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [runs.ok, 'complete'],
      [runs.failed, 'failed'],
      [runs.interrupted, 'interrupted'],
    ]);
    expect(parsed.runs[1].failures[0]).toMatchObject({ address: 'device/coffee-001/till-1', serviceCode: 10000 });
    const md = await cli(['journal', 'audit.jsonl', '--markdown']);
    expect(md.code).toBe(0);
    expect(md.out).toContain('| Started | Who | Group | Result | Plan | Git commit | Run |');
    expect(md.out).toContain('| octocat | G-70000001 | **complete**: 6 done, 0 failed, 0 skipped; exit 0 |');
    const both = await cli(['journal', 'audit.jsonl', '--json', '--markdown']);
    expect(both.code).toBe(1);
    expect(JSON.parse(both.out).error.message).toBe('paycfg journal: choose one of --json and --markdown');
  });

  it('refuses a file that is not a journal, naming the line, and a missing file; exit 1', async () => {
    writeFileSync(join(work, 'paycfg.yaml'), 'version: 1\n');
    const foreign = await cli(['journal', 'paycfg.yaml']);
    expect(foreign).toMatchObject({ code: 1, out: '' });
    expect(foreign.err).toBe('Error: paycfg.yaml:1: not a paycfg journal record (is this a journal written by `paycfg apply --journal`?)\n');
    const json = await cli(['journal', 'paycfg.yaml', '--json']);
    expect(JSON.parse(json.out).error).toMatchObject({ code: 'JOURNAL' });
    const missing = await cli(['journal', 'none.jsonl']);
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.err).toBe('Error: cannot read the journal none.jsonl: no such file\n');
    const none = await cli(['journal']);
    expect(none.code).toBe(1);
    expect(none.err).toContain('paycfg journal: give the journal file, written with `paycfg apply --journal FILE`');
  });

  it('has --help with its flags and exit codes, and shell completion knows it', async () => {
    const help = await cli(['journal', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: paycfg journal FILE [--json | --markdown]');
    expect(help.out).toMatch(/Exit codes:\n  0  the journal was summarised/);
    const bash = await cli(['completion', 'bash']);
    expect(bash.out).toContain('journal');
    expect(bash.out).toMatch(/"journal"\) _paycfg_words [^\n]*--json[^\n]*--markdown/);
  });
});
