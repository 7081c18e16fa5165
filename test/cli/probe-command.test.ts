/**
 * `paycfg probe` in-process (main with a captured io) against one simulator: what it prints, the
 * record it writes, the consent (no terminal and no --auto-approve: refused before any write; a
 * terminal: only `yes`), --json, the group's own proof, --cleanup, and an environment whose token
 * is of another group.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { loadServiceRecord } from '../../src/service-record/file.js';
import { startHoldingProxy } from '../helpers/holding-proxy.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { buildGroup, freshGroup, groupLists, writesCounted, type GroupShape } from '../probe/probe-group.js';

const TWO_METHODS: GroupShape = {
  emvs: { 'visa-usd': '01', 'mc-usd': '02' },
  profiles: { 'host-a': { methods: { '01': ['visa-usd'], '02': ['mc-usd'] } } },
  merchants: { shop: { 'host-a': undefined } },
};

let sim: TestSimulator;

beforeAll(async () => {
  sim = await startTestSimulator({ summaryLists: 'binding' });
});
afterAll(async () => {
  await sim.close();
});

async function group(shape: GroupShape = TWO_METHODS) {
  const { groupId, env } = await freshGroup(sim);
  const built = await buildGroup(sim, groupId, shape);
  await sim.admin.resetStats();
  return { groupId, env, built, cwd: mkdtempSync(join(tmpdir(), 'paycfg-probe-')), before: await groupLists(sim, groupId) };
}

describe('paycfg probe', () => {
  it('--auto-approve: what was read, the writes named and numbered, each as it runs, the verdict with its evidence, the record', async () => {
    const { groupId, env, built, cwd, before } = await group();
    const io = captureIo({ env, cwd });
    expect(await main(['probe', '--auto-approve'], io)).toBe(0);
    const profileId = built.profileIds.get('host-a');
    const [visa, mc] = [built.emvIds.get('visa-usd'), built.emvIds.get('mc-usd')];
    const out = io.out();
    const mchId = /gave it id (M\d+)/.exec(out)?.[1];
    const reference = /scratch merchant (paycfg-probe-[0-9a-f]{6}) \(inactive\)/.exec(out)?.[1];
    expect(out).toBe(
      [
        `Read group ${groupId} at ${sim.url}: 1 acquirer profile, 2 EMV configs, 1 merchant.`,
        `No binding of the group differs from its profile, so its summary cannot tell whose lists it carries. A scratch merchant will: bound to host-a USD with 01 [${visa}] only, where the profile lists 01 [${visa}], 02 [${mc}].`,
        '',
        `The probe sends 4 writes to group ${groupId}, in this order (the scratch merchant's summary is read after write 2):`,
        `  1. POST /api/openapi/v1/mchInfo: scratch merchant ${reference} (inactive)`,
        '  2. POST /api/openapi/v1/mchInfo/payment/{mchId}: bind it to host-a USD with 01 only',
        `  3. DELETE /api/openapi/v1/mchInfo/payment/{mchId}?acquirerProfileId=${profileId}&currency=USD: remove that binding`,
        '  4. DELETE /api/openapi/v1/mchInfo/{mchId}: remove the scratch merchant',
        "{mchId} is the scratch merchant's id, which the service gives at write 1.",
        `  1. POST /api/openapi/v1/mchInfo: done, the service gave it id ${mchId}`,
        `  2. POST /api/openapi/v1/mchInfo/payment/${mchId}: done`,
        `  read the summary item and the binding record of host-a USD: GET /api/openapi/v1/mchInfo/${mchId}, GET /api/openapi/v1/mchInfo/payment/${mchId}`,
        `  3. DELETE /api/openapi/v1/mchInfo/payment/${mchId}?acquirerProfileId=${profileId}&currency=USD: done`,
        `  4. DELETE /api/openapi/v1/mchInfo/${mchId}: done`,
        "Established: summaryLists binding (a merchant's acquirers[] items carry the binding's own lists).",
        `Evidence: scratch merchant ${mchId}, bound to host-a USD with 01 [${visa}]; its summary item lists 01 [${visa}]: its binding's own lists, not the profile's 01 [${visa}], 02 [${mc}].`,
        'Recorded in paycfg.service.yaml.',
        '',
      ].join('\n'),
    );
    expect(io.err()).toBe('');
    const { record } = await loadServiceRecord('paycfg.service.yaml', cwd);
    expect(record.summaryLists).toBe('binding');
    expect(record.evidence).toMatchObject({ group: groupId, baseUrl: sim.url, method: 'scratch-merchant', merchant: { mchId, providerReference: reference } });
    expect(record.evidence.writes).toHaveLength(4);
    expect(await groupLists(sim, groupId)).toEqual(before);
    // No secret in anything printed or written.
    const token = env['PAYCFG_TOKEN']!;
    expect(out + io.err() + readFileSync(join(cwd, 'paycfg.service.yaml'), 'utf8')).not.toContain(token);
  });

  it('no terminal and no --auto-approve: refused, as apply refuses, with nothing written', async () => {
    const { env, cwd } = await group();
    const io = captureIo({ env, cwd });
    expect(await main(['probe'], io)).toBe(1);
    expect(io.err()).toBe('Error: paycfg probe: not running on a terminal, so there is nobody to consent to the writes above; pass --auto-approve. Nothing was written.\n');
    expect(await writesCounted(sim)).toBe(0);
    expect(existsSync(join(cwd, 'paycfg.service.yaml'))).toBe(false);
  });

  it('at a terminal only `yes` sends the writes; another answer sends none', async () => {
    const { env, cwd } = await group();
    const declined = captureIo({ env, cwd, tty: true, answers: ['y'] });
    expect(await main(['probe', '--record', 'records/test.service.yaml'], declined)).toBe(1);
    expect(declined.err()).toBe("Probe cancelled (only 'yes' approves): nothing was written.\n");
    expect(await writesCounted(sim)).toBe(0);
    const approved = captureIo({ env, cwd, tty: true, answers: ['yes'] });
    expect(await main(['probe', '--record', 'records/test.service.yaml'], approved)).toBe(0);
    expect(approved.out()).toContain('Recorded in records/test.service.yaml.\n');
    expect((await loadServiceRecord('records/test.service.yaml', cwd)).record.summaryLists).toBe('binding');
  });

  it('--json: the record, its file and the writes on stdout; the rest on stderr', async () => {
    const { env, cwd } = await group();
    const io = captureIo({ env, cwd });
    expect(await main(['probe', '--auto-approve', '--json'], io)).toBe(0);
    const printed = JSON.parse(io.out());
    expect(printed.file).toBe('paycfg.service.yaml');
    expect(printed.record).toEqual((await loadServiceRecord('paycfg.service.yaml', cwd)).record);
    expect(printed.writes.map((w: { number: number; outcome: string }) => `${w.number} ${w.outcome}`)).toEqual(['1 done', '2 done', '3 done', '4 done']);
    expect(io.err()).toContain('The probe sends 4 writes');
  });

  it('a group that shows the binding reading itself: recorded from it, no write, no consent needed', async () => {
    const { env, cwd, built } = await group({ ...TWO_METHODS, merchants: { part: { 'host-a': { '02': ['mc-usd'] } } } });
    const io = captureIo({ env, cwd });
    expect(await main(['probe'], io)).toBe(0);
    expect(io.out()).toContain(`Merchant ${built.mchIds.get('part')} (part) is bound to host-a USD with less than the profile, and its binding record holds its summary item: the group shows the reading itself. No write is needed.\n`);
    expect(await writesCounted(sim)).toBe(0);
    const { record } = await loadServiceRecord('paycfg.service.yaml', cwd);
    expect(record.evidence).toMatchObject({ method: 'live-group', writes: [] });
  });

  it('no profile offers a part: the error says what the group needs; nothing written', async () => {
    const { env, cwd } = await group({ emvs: { 'visa-usd': '01' }, profiles: { 'host-a': { methods: { '01': ['visa-usd'] } } } });
    const io = captureIo({ env, cwd });
    expect(await main(['probe', '--auto-approve'], io)).toBe(1);
    expect(io.err()).toContain('has no acquirer profile that offers a part to bind');
    expect(await writesCounted(sim)).toBe(0);
    expect(existsSync(join(cwd, 'paycfg.service.yaml'))).toBe(false);
  });

  it('--cleanup removes what earlier probes left, with the same consent; with none left it says so', async () => {
    const { groupId, env, cwd } = await group({ ...TWO_METHODS, merchants: { 'paycfg-probe-0ld000': { 'host-a': { '01': ['visa-usd'] } }, shop: { 'host-a': undefined } } });
    const refused = captureIo({ env, cwd });
    expect(await main(['probe', '--cleanup'], refused)).toBe(1);
    expect(await writesCounted(sim)).toBe(0);
    const io = captureIo({ env, cwd });
    expect(await main(['probe', '--cleanup', '--auto-approve'], io)).toBe(0);
    expect(io.out()).toContain('The probe sends 2 writes');
    expect(io.out()).toContain(`Removed what earlier probes left in group ${groupId}.\n`);
    const again = captureIo({ env, cwd });
    expect(await main(['probe', '--cleanup'], again)).toBe(0);
    expect(again.out()).toContain(`No scratch merchant left by a probe in group ${groupId}: nothing to remove.\n`);
    expect(((await groupLists(sim, groupId)) as { merchants: { providerReference: string }[] }).merchants.map((m) => m.providerReference)).toEqual(['shop']);
  });

  it('SIGTERM (a cancelled CI job) with a write in flight: it finishes, what was made is removed, exit 143; a second signal would name what is left', async () => {
    const { groupId, env, cwd, before } = await group();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const held = new Promise<void>((resolve) => (arrived = resolve));
    const proxy = await startHoldingProxy(sim.url, {
      hold(request) {
        if (request.method !== 'POST' || !request.path.startsWith('/api/openapi/v1/mchInfo/payment/')) return;
        arrived();
        return gate;
      },
    });
    try {
      let terminate!: (signal: string) => void;
      const io = captureIo({ env: { ...env, PAYCFG_BASE_URL: proxy.url }, cwd, interrupted: new Promise<string>((resolve) => (terminate = resolve)) });
      const exit = main(['probe', '--auto-approve'], io);
      await held;
      terminate('SIGTERM');
      await new Promise((resolve) => setImmediate(resolve));
      expect(io.lastWords()).toMatch(
        new RegExp(`^Stopped at once\\. Left in group ${groupId}: scratch merchant M\\d+ \\(paycfg-probe-[0-9a-f]{6}\\); and whatever this write in flight did: POST `),
      );
      release();
      expect(await exit).toBe(143);
      expect(io.err()).toContain('Probe interrupted (SIGTERM): no new write was sent. Nothing the probe made is left. No record was written.\n');
      expect(io.lastWords()).toBeUndefined();
    } finally {
      await proxy.close();
    }
    expect(existsSync(join(cwd, 'paycfg.service.yaml'))).toBe(false);
    expect(await groupLists(sim, groupId)).toEqual(before);
  });

  it("--env: the record goes where the environments file's serviceRecord: says, which the environment's runs read", async () => {
    const { groupId, env, cwd } = await group();
    writeFileSync(
      join(cwd, 'paycfg.environments.yaml'),
      `version: 1\nserviceRecord: records/service.yaml\nenvironments:\n  test:\n    baseUrl: ${sim.url}\n    group: ${groupId}\n    token: { env: TEST_TOKEN }\n    manifests: [paycfg.yaml]\n`,
    );
    const io = captureIo({ env: { TEST_TOKEN: env['PAYCFG_TOKEN'] }, cwd });
    expect(await main(['probe', '--env', 'test', '--auto-approve'], io)).toBe(0);
    expect(io.out()).toContain('Recorded in records/service.yaml.\n');
    expect((await loadServiceRecord('records/service.yaml', cwd)).record.evidence.group).toBe(groupId);
  });

  it('--env whose token is of another group: refused before anything is written', async () => {
    const { env, cwd } = await group();
    writeFileSync(
      join(cwd, 'paycfg.environments.yaml'),
      `version: 1\nenvironments:\n  test:\n    baseUrl: ${sim.url}\n    group: G-99999999\n    token: { env: TEST_TOKEN }\n    manifests: [paycfg.yaml]\n`,
    );
    const io = captureIo({ env: { TEST_TOKEN: env['PAYCFG_TOKEN'] }, cwd });
    expect(await main(['probe', '--env', 'test', '--auto-approve'], io)).toBe(1);
    expect(io.err()).toContain('environment test manages group G-99999999');
    expect(await writesCounted(sim)).toBe(0);
  });
});
