/**
 * The saved promotion plan (`promote -o FILE`) over real HTTP, at the library level: the file keeps
 * the target environment and the promotion with each change's evidence, covered by the plan's hash;
 * its apply writes the promotion record right after the run-start record, which `paycfg journal`
 * shows; a file whose promotion was edited is refused.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalApply, openJournal, readJournal, renderJournalJson, renderJournalMarkdown, renderJournalText, savedPlanSource } from '../../src/journal/index.js';
import { prepareSavedApply } from '../../src/library/apply.js';
import { hasChanges } from '../../src/plan/plan.js';
import { SavedPlanError } from '../../src/plan/saved-plan.js';
import { publishPromotion } from '../../src/promote/index.js';
import { readSavedPlan } from '../../src/workflow/saved-plan-file.js';
import { applied, journalRecords, NEXT_MID, pairOf, PRODUCTION_VALUES, startPair, TEST_VALUES, V1, V2, type Pair } from './helpers.js';

let sims: Awaited<ReturnType<typeof startPair>>;
let pair: Pair;
let testJournal: string;
const TEST_NEXT = { ...TEST_VALUES, HOST_A_MID: NEXT_MID.test };
const PRODUCTION_NEXT = { ...PRODUCTION_VALUES, HOST_A_MID: NEXT_MID.production };

beforeAll(async () => {
  sims = await startPair();
  pair = await pairOf(sims);
  pair.writeManifest(V1);
  await Promise.all([applied(pair.test, TEST_VALUES), applied(pair.production, PRODUCTION_VALUES)]);
  pair.writeManifest(V2);
  testJournal = join(pair.dir, 'test.jsonl');
  await applied(pair.test, TEST_NEXT, ['--journal', testJournal]);
});
afterAll(async () => {
  await pair.close();
  await sims.close();
});

function promotion(out: string, allowUnproven = false) {
  return publishPromotion({
    from: { environment: pair.test.environment(TEST_NEXT, testJournal), client: pair.test.client },
    to: { environment: pair.production.environment(PRODUCTION_NEXT), client: pair.production.client },
    cwd: pair.dir,
    out,
    ...(allowUnproven ? { allowUnproven } : {}),
  });
}

describe('the saved promotion plan', () => {
  it('keeps the target environment and each change\'s evidence; its apply records the promotion right after the run-start', async () => {
    const shown = await promotion('promotion.json');
    const file = JSON.parse(readFileSync(join(pair.dir, 'promotion.json'), 'utf8')) as Record<string, any>;
    expect(Object.keys(file)[0]).toBe('kind');
    expect(file['environment']).toEqual({ name: 'production', baseUrl: pair.production.sim.url, groupId: pair.production.group });
    expect(file['planHash']).toBe(shown.planHash);
    expect(file['plan']['promotion']).toEqual(shown.promotion);
    expect(file['promotion']).toEqual({
      ...shown.promotion,
      evidence: Object.fromEntries(shown.changes.map((change) => [change.address, change.evidence])),
    });
    expect(Object.keys(file['promotion']['evidence'])).toHaveLength(15);
    // No secret value of either environment is in it.
    const text = readFileSync(join(pair.dir, 'promotion.json'), 'utf8');
    for (const secret of [TEST_NEXT.TILL_ADMIN_PASSWORD, PRODUCTION_NEXT.TILL_ADMIN_PASSWORD, pair.production.token, pair.test.token]) expect(text).not.toContain(secret);
    // A value written in the environments file is no secret (docs/environments.md): the MID the plan writes is shown.
    expect(text).toContain(PRODUCTION_NEXT.HOST_A_MID);

    // Carried out as `paycfg apply promotion.json --journal production.jsonl` does.
    const saved = await readSavedPlan('promotion.json', pair.dir);
    const prepared = await prepareSavedApply(saved, { client: pair.production.client, environment: pair.production.environment(PRODUCTION_NEXT) });
    const journalFile = join(pair.dir, 'production.jsonl');
    const journal = await openJournal(journalFile);
    try {
      const trail = await journalApply(journal, {
        plan: prepared.plan,
        ...(saved.planHash !== undefined ? { planHash: saved.planHash } : {}),
        source: await savedPlanSource('promotion.json', pair.dir, saved),
        secrets: prepared.secretValues,
        token: pair.production.token,
        env: { GITHUB_ACTOR: 'release-manager' },
      });
      const report = await prepared.run({ onEvent: trail.onEvent });
      expect(report.failed).toBe(0);
      await trail.finish(report, 0);
    } finally {
      await journal.close();
    }
    const records = journalRecords(journalFile);
    expect(records.map((r) => r['type'])).toEqual(['run-start', 'promotion', ...Array(15).fill('change'), 'run-end']);
    const [start, record] = records;
    expect(record).toEqual({
      journalVersion: 1,
      type: 'promotion',
      run: start!['run'],
      time: start!['time'],
      from: { name: 'test', baseUrl: pair.test.sim.url, groupId: pair.test.group },
      to: { name: 'production', baseUrl: pair.production.sim.url, groupId: pair.production.group },
      planHash: saved.planHash,
      allowedUnproven: false,
      actor: { name: 'release-manager', from: 'GITHUB_ACTOR' },
      changes: shown.changes.map((change) => ({ address: change.address, action: change.action, evidence: change.evidence })),
    });
    expect(start!['planHash']).toBe(saved.planHash);
    // Each change's evidence names the test journal's run and plan hash.
    const testStart = journalRecords(testJournal).find((r) => r['type'] === 'run-start')!;
    for (const change of record!['changes'] as { evidence: Record<string, unknown> }[]) {
      expect(change.evidence).toMatchObject({ status: 'proven', run: testStart['run'], planHash: testStart['planHash'] });
    }

    // `paycfg journal` shows it, in each of its forms.
    const read = await readJournal(journalFile);
    const summary = renderJournalText('production.jsonl', read);
    expect(summary).toContain(
      `  promoted from test (group ${pair.test.group} at ${pair.test.sim.url}) to production (group ${pair.production.group} at ${pair.production.sim.url})\n`,
    );
    const coffee = record!['changes'].find((c: { address: string }) => c.address === 'merchant/coffee-001');
    expect(summary).toContain(`    evidence of update merchant/coffee-001: live in test since ${coffee.evidence.since} (run ${testStart['run']}, plan ${String(testStart['planHash']).slice(0, 19)})\n`);
    expect(JSON.parse(renderJournalJson('production.jsonl', read)).runs[0].promotion).toEqual({
      from: record!['from'],
      to: record!['to'],
      planHash: saved.planHash,
      allowedUnproven: false,
      changes: record!['changes'],
    });
    expect(renderJournalMarkdown('production.jsonl', read)).toContain('  - evidence of update merchant/coffee-001: live in test since');

    // Production now has what test has run: nothing left to promote.
    const again = await promotion('again.json');
    expect(hasChanges(again)).toBe(false);
  });

  it('refuses a saved promotion whose evidence or environments were edited', async () => {
    const pairTwo = await pairOf(sims);
    try {
      pairTwo.writeManifest(V1);
      await applied(pairTwo.production, PRODUCTION_VALUES);
      pairTwo.writeManifest(`${V1.replace('mchName: Coffee', 'mchName: Coffee Bar')}`);
      await publishPromotion({
        from: { environment: pairTwo.test.environment(TEST_VALUES), client: pairTwo.test.client },
        to: { environment: pairTwo.production.environment(PRODUCTION_VALUES), client: pairTwo.production.client },
        cwd: pairTwo.dir,
        out: 'allowed.json',
        allowUnproven: true,
      });
      const path = join(pairTwo.dir, 'allowed.json');
      const original = readFileSync(path, 'utf8');
      const saved = JSON.parse(original) as Record<string, any>;
      // Test has none of it: every change goes ahead unproven, and the file says it was allowed.
      expect(saved['promotion']['allowedUnproven']).toBe(true);
      expect(Object.values(saved['promotion']['evidence']).every((e) => (e as { status: string }).status === 'unproven')).toBe(true);
      expect(await readSavedPlan('allowed.json', pairTwo.dir)).toMatchObject({ promotion: { allowedUnproven: true } });

      // Its promotion said to be proven, beside a plan that says otherwise.
      const address = Object.keys(saved['promotion']['evidence'])[0]!;
      writeFileSync(path, JSON.stringify({ ...saved, promotion: { ...saved['promotion'], evidence: { ...saved['promotion']['evidence'], [address]: { status: 'proven' } } } }));
      await expect(readSavedPlan('allowed.json', pairTwo.dir)).rejects.toThrow(/was edited after it was saved: its promotion \(environments, evidence\) no longer says what its plan says/);
      // Its plan's evidence edited too: the plan's hash says so.
      const plan = { ...saved['plan'], changes: saved['plan']['changes'].map((c: Record<string, unknown>) => ({ ...c, evidence: { status: 'proven' } })) };
      writeFileSync(path, JSON.stringify({ ...saved, plan, promotion: { ...saved['promotion'], evidence: Object.fromEntries(Object.keys(saved['promotion']['evidence']).map((a) => [a, { status: 'proven' }])) } }));
      await expect(readSavedPlan('allowed.json', pairTwo.dir)).rejects.toThrow(/its plan no longer has the hash it was saved with/);
      // The allowance taken away: refused as well.
      writeFileSync(path, JSON.stringify({ ...saved, promotion: { ...saved['promotion'], allowedUnproven: false } }));
      await expect(readSavedPlan('allowed.json', pairTwo.dir)).rejects.toBeInstanceOf(SavedPlanError);
      writeFileSync(path, original);
      await expect(readSavedPlan('allowed.json', pairTwo.dir)).resolves.toMatchObject({ promotion: { allowedUnproven: true } });
    } finally {
      await pairTwo.close();
    }
  });
});
