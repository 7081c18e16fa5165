/**
 * A group on the legacy configuration API (/api/v2), as a user meets it: validate, plan, apply,
 * export and drift through the legacy endpoints from the same manifest as a group on the current
 * API; then the operator switches the group, and the same manifest (and the manifests exported
 * before and after the switch) plan with no change through the current API.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const GROUP = 'G-00000301';
const ADMIN = 'legacy-till-admin-1';

/** examples/legacy, the manifest a team on the legacy API keeps, for this test's group. */
const MANIFEST = readFileSync(new URL('../../examples/legacy/paycfg.yaml', import.meta.url), 'utf8').replace(/^group: .*$/m, `group: ${GROUP}`);

let sim: TestSimulator;
let work: string;

async function cli(argv: string[], env: Record<string, string> = {}) {
  const io = captureIo({ env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(GROUP), TILL_ADMIN_PASSWORD: ADMIN, ...env }, cwd: work });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** Configuration requests by API since the last call: what went to /api/openapi/v1 and what to /api/v2's configuration endpoints. */
async function requestsByApi(): Promise<{ current: string[]; legacy: string[] }> {
  const { byRoute } = await sim.admin.stats();
  await sim.admin.resetStats();
  const routes = Object.entries(byRoute).flatMap(([route, count]) => Array.from({ length: count }, () => route));
  return {
    current: routes.filter((r) => r.includes('/api/openapi/v1/')),
    legacy: routes.filter((r) => /\/api\/v2\/(mchInfo|device|acquirer|emv)/.test(r)),
  };
}

// Whether the current API serves a group still on the legacy API is not shown by the reference: both readings.
describe.each(['serve', 'refuse'] as const)('a group on the legacy API, across the switch (the current API set to %s legacy groups)', (currentApi) => {
  beforeAll(async () => {
    sim = await startTestSimulator({ legacyGroups: { currentApi } });
    await sim.admin.createGroup({ groupId: GROUP, apiVersion: 'legacy' });
    work = mkdtempSync(join(tmpdir(), 'paycfg-legacy-'));
    writeFileSync(join(work, 'paycfg.yaml'), MANIFEST);
  });
  afterAll(async () => {
    await sim.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('validates offline for the legacy API, plans, applies, exports and shows no drift through /api/v2 alone, then plans empty on the current API once switched', async () => {
    const validated = await cli(['validate', '-f', 'paycfg.yaml', '--api', 'legacy']);
    expect(validated.code, validated.err + validated.out).toBe(0);

    await sim.admin.resetStats();
    const planned = await cli(['plan', '-f', 'paycfg.yaml', '--detailed-exitcode']);
    expect(planned.code, planned.err).toBe(2);
    expect(planned.out).toContain(`paycfg plan for group ${GROUP} ("PBO ${GROUP}") at ${sim.url} through the legacy API (/api/v2)`);
    expect(planned.out).toMatch(/Plan: 6 to create, 0 to update, 0 to delete/);

    const json = JSON.parse((await cli(['plan', '-f', 'paycfg.yaml', '--json'])).out);
    expect(json.api).toBe('legacy');

    // A saved plan keeps the API it was made through, and is applied through it; the journal says which.
    const saved = await cli(['plan', '-f', 'paycfg.yaml', '-o', 'plan.json']);
    expect(saved.code, saved.err).toBe(0);
    expect(JSON.parse(readFileSync(join(work, 'plan.json'), 'utf8')).plan.api).toBe('legacy');
    const pinnedApply = await cli(['apply', 'plan.json', '--api', 'current']);
    expect(pinnedApply.code).toBe(1);
    expect(pinnedApply.err).toContain('--api goes with -f; a saved plan is applied through the API it was made through');
    const markdown = await cli(['plan', '-f', 'paycfg.yaml', '--markdown']);
    expect(markdown.out).toContain('through the legacy API (/api/v2)');

    await sim.admin.resetStats();
    const applied = await cli(['apply', 'plan.json', '--journal', 'journal.jsonl']);
    expect(applied.code, applied.err + applied.out).toBe(0);
    const start = readFileSync(join(work, 'journal.jsonl'), 'utf8').split('\n').map((line) => (line === '' ? {} : JSON.parse(line))).find((r) => r.type === 'run-start');
    expect(start).toMatchObject({ api: 'legacy', group: { groupId: GROUP } });
    const applyRequests = await requestsByApi();
    expect(applyRequests.current).toEqual([]);
    expect(applyRequests.legacy).toContain('POST /api/v2/mchInfo/payment/{mchId}');
    expect(applyRequests.legacy).toContain('POST /api/v2/device');

    // The legacy view answers the terminal's EMV parameters by their real names; the manifest's netD… name is the same key.
    const [merchant] = (await sim.api('GET', '/api/v2/mchInfo?pageSize=-1', undefined, GROUP)).body.data.records;
    const [device] = (await sim.api('GET', `/api/v2/device?merchantId=${merchant.mchId}&pageSize=-1`, undefined, GROUP)).body.data.records;
    expect(JSON.stringify(device.emvParams)).toContain('amexFloorLimit');
    expect(merchant.supportedPaymentMethods.map((m: { paymentMethod: string }) => m.paymentMethod).sort()).toEqual(['MASTERCARD', 'VISA']);

    // --strict-api: every legacy answer read matches the wire schemas, the real shapes included.
    const again = await cli(['plan', '-f', 'paycfg.yaml', '--detailed-exitcode', '--strict-api']);
    expect(again.code, again.out + again.err).toBe(0);
    expect(again.out).toContain('No changes');
    // The real documentation's name for the parameter is the same key as the reference's.
    writeFileSync(join(work, 'amex.yaml'), MANIFEST.replace('netDFloorLimit:', 'amexFloorLimit:'));
    const amex = await cli(['plan', '-f', 'amex.yaml', '--detailed-exitcode']);
    expect(amex.code, amex.out + amex.err).toBe(0);
    const drift = await cli(['drift', '-f', 'paycfg.yaml']);
    expect(drift.code, drift.out + drift.err).toBe(0);
    expect((await requestsByApi()).current).toEqual([]);

    const before = await cli(['export', '-o', 'before.yaml', '--strict-api']);
    expect(before.code, before.err).toBe(0);
    const exportedBefore = readFileSync(join(work, 'before.yaml'), 'utf8');
    expect(exportedBefore).not.toMatch(/^api:/m);
    expect(exportedBefore).not.toContain(ADMIN);
    expect(exportedBefore).toContain('netDFloorLimit');
    const beforePlan = await cli(['plan', '-f', 'before.yaml', '--detailed-exitcode']);
    expect(beforePlan.code, beforePlan.out + beforePlan.err).toBe(0);
    expect((await cli(['validate', '-f', 'before.yaml', '--api', 'legacy'])).code).toBe(0);

    // The operator switches the group: every legacy configuration endpoint now answers 13310.
    await sim.admin.createGroup({ groupId: GROUP, apiVersion: 'v1' });
    const switched = await cli(['plan', '-f', 'paycfg.yaml', '--detailed-exitcode']);
    expect(switched.code, switched.out + switched.err).toBe(0);
    expect(switched.out).toContain(`paycfg plan for group ${GROUP} ("PBO ${GROUP}") at ${sim.url}\n`);
    expect(switched.out).toContain('No changes');
    expect((await cli(['plan', '-f', 'before.yaml', '--detailed-exitcode'])).code).toBe(0);
    expect((await cli(['plan', '-f', 'amex.yaml', '--detailed-exitcode'])).code).toBe(0);
    expect(JSON.parse((await cli(['plan', '-f', 'paycfg.yaml', '--json'])).out).api).toBeUndefined();

    const after = await cli(['export', '-o', 'after.yaml']);
    expect(after.code, after.err).toBe(0);
    const afterPlan = await cli(['plan', '-f', 'after.yaml', '--detailed-exitcode']);
    expect(afterPlan.code, afterPlan.out + afterPlan.err).toBe(0);

    // Pinned to legacy, a switched group is refused by the service, and the message says so.
    const pinned = await cli(['plan', '-f', 'paycfg.yaml', '--api', 'legacy']);
    expect(pinned.code).toBe(1);
    expect(pinned.err).toContain('13310');
  });

  it('refuses, once the service says the group is on the legacy API, what the legacy API cannot express, before any write', async () => {
    const group = 'G-00000302';
    await sim.admin.createGroup({ groupId: group, apiVersion: 'legacy' });
    const basic = readFileSync(new URL('../../examples/basic/paycfg.yaml', import.meta.url), 'utf8').replace(/^group: .*$/m, `group: ${group}`);
    writeFileSync(join(work, 'basic.yaml'), basic);
    await sim.admin.resetStats();
    for (const argv of [['plan', '-f', 'basic.yaml'], ['apply', '-f', 'basic.yaml', '--auto-approve']]) {
      const run = await cli(argv, { PAYCFG_TOKEN: sim.token(group) });
      expect(run.code, run.out + run.err).toBe(1);
      expect(run.err).toMatch(/basic\.yaml:\d+:9: merchants\[0\]\.bindings\[0\]\.mid: the legacy API has no merchant ID per binding/);
      expect(run.err).toMatch(/basic\.yaml:\d+:5: acquirerProfiles\[0\]\.enablerParams: the legacy API has no list of device fields per profile/);
    }
    // The owner and the legacy read that found the group on the legacy API, twice; nothing else, nothing written.
    const { byRoute, writes } = await sim.admin.stats();
    expect(writes).toBe(0);
    expect(byRoute).toEqual({ 'GET /api/v2/current': 2, 'GET /api/v2/mchInfo': 2 });
  });
});
