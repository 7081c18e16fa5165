/**
 * The probe as a library, over real HTTP against the simulator under both readings: the reading
 * established from a scratch merchant bound to part of a profile (and the group left exactly as
 * it was), from the group itself with no write, the default card profile's automatic binding, no
 * profile to probe with, what earlier probes left, a step that fails in the middle and a signal in
 * the middle (what was made is removed, no record).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/client.js';
import { prepareCleanup, prepareProbe, type ProbeEvent, type ProbeRunResult } from '../../src/probe/index.js';
import { ProbeError } from '../../src/service-record/errors.js';
import type { SummaryLists } from '../../src/service-record/types.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { buildGroup, freshGroup, groupLists, writesCounted, type GroupShape } from './probe-group.js';

const TWO_METHODS: GroupShape = {
  emvs: { 'visa-usd': '01', 'mc-usd': '02' },
  profiles: { 'host-a': { methods: { '01': ['visa-usd'], '02': ['mc-usd'] } } },
  merchants: { shop: { 'host-a': undefined } },
};

const sims = new Map<SummaryLists, TestSimulator>();
const clients: ApiClient[] = [];

beforeAll(async () => {
  for (const lists of ['binding', 'profile'] as const) sims.set(lists, await startTestSimulator({ summaryLists: lists }));
});
afterAll(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  for (const sim of sims.values()) await sim.close();
});

async function groupOf(lists: SummaryLists, shape: GroupShape) {
  const sim = sims.get(lists)!;
  const { groupId } = await freshGroup(sim);
  const built = await buildGroup(sim, groupId, shape);
  const client = createApiClient({ baseUrl: sim.url, token: sim.token(groupId), retry: { baseDelayMs: 1, maxDelayMs: 2 } });
  clients.push(client);
  await sim.admin.resetStats();
  return { sim, groupId, built, client, before: await groupLists(sim, groupId) };
}

async function runScratch(client: ApiClient, onEvent?: (event: ProbeEvent) => void | Promise<void>, interrupted?: Promise<string>): Promise<ProbeRunResult> {
  const prepared = await prepareProbe({ client, suffix: 'abc123', now: () => new Date('2026-11-28T20:00:00.000Z') });
  expect(prepared.kind).toBe('scratch');
  if (prepared.kind !== 'scratch') throw new Error('no scratch plan');
  return prepared.run({ now: () => new Date('2026-11-28T20:00:00.000Z'), ...(interrupted !== undefined ? { interrupted } : {}), ...(onEvent !== undefined ? { onEvent: (e) => void onEvent(e) } : {}) }).result;
}

describe.each(['binding', 'profile'] as const)('summaryLists %s', (lists) => {
  it('a scratch merchant bound to part of a profile establishes the reading, in four writes, and leaves the group as it was', async () => {
    const { sim, groupId, built, client, before } = await groupOf(lists, TWO_METHODS);
    const result = await runScratch(client);
    expect(result.kind).toBe('established');
    if (result.kind !== 'established') return;
    const visa = built.emvIds.get('visa-usd')!;
    const mc = built.emvIds.get('mc-usd')!;
    const profileId = built.profileIds.get('host-a')!;
    const { record } = result;
    const mchId = record.evidence.merchant.mchId;
    expect(record).toEqual({
      version: 1,
      summaryLists: lists,
      evidence: {
        baseUrl: sim.url,
        group: groupId,
        at: '2026-11-28T20:00:00.000Z',
        paycfgVersion: expect.any(String),
        method: 'scratch-merchant',
        merchant: { mchId, providerReference: 'paycfg-probe-abc123' },
        profile: { profileId, profileName: 'host-a' },
        currency: 'USD',
        bindingLists: { '01': [visa] },
        profileLists: { '01': [visa], '02': [mc] },
        summaryLists: lists === 'binding' ? { '01': [visa] } : { '01': [visa], '02': [mc] },
        writes: [
          'POST /api/openapi/v1/mchInfo: scratch merchant paycfg-probe-abc123 (inactive)',
          `POST /api/openapi/v1/mchInfo/payment/${mchId}: bind it to host-a USD with 01 only`,
          `DELETE /api/openapi/v1/mchInfo/payment/${mchId}?acquirerProfileId=${profileId}&currency=USD: remove that binding`,
          `DELETE /api/openapi/v1/mchInfo/${mchId}: remove the scratch merchant`,
        ],
      },
    });
    expect(await writesCounted(sim)).toBe(4);
    expect(await groupLists(sim, groupId)).toEqual(before);
  });

  it('a profile whose one method has two EMV configs: that method with its first EMV config', async () => {
    const { sim, groupId, built, client, before } = await groupOf(lists, {
      emvs: { 'visa-a': '01', 'visa-b': '01' },
      profiles: { 'host-a': { methods: { '01': ['visa-a', 'visa-b'] } } },
    });
    const result = await runScratch(client);
    if (result.kind !== 'established') throw new Error(result.kind);
    const [a, b] = [built.emvIds.get('visa-a')!, built.emvIds.get('visa-b')!].sort((x, y) => x - y);
    expect(result.record.summaryLists).toBe(lists);
    expect(result.record.evidence.bindingLists).toEqual({ '01': [a] });
    expect(result.record.evidence.summaryLists).toEqual(lists === 'binding' ? { '01': [a] } : { '01': [a, b] });
    expect(result.record.evidence.writes[1]).toMatch(/: bind it to host-a USD with 01 with EMV config \d+ only$/);
    expect(await groupLists(sim, groupId)).toEqual(before);
  });

  it('the default card profile: the automatic binding is removed too (one write more), and the group is left as it was', async () => {
    const { sim, groupId, built, client, before } = await groupOf(lists, {
      emvs: { 'visa-usd': '01', 'mc-usd': '02' },
      profiles: { default: { methods: { '01': ['visa-usd'] }, asDefault: true }, 'host-a': { methods: { '01': ['visa-usd'], '02': ['mc-usd'] } } },
    });
    const prepared = await prepareProbe({ client, suffix: 'def456' });
    if (prepared.kind !== 'scratch') throw new Error(prepared.kind);
    const defaultId = built.profileIds.get('default')!;
    expect(prepared.plan.steps.map((s) => s.what)).toEqual([
      'scratch merchant paycfg-probe-def456 (inactive)',
      'remove the binding to the default card profile default USD that the service makes with the merchant (01 §4.3)',
      'bind it to host-a USD with 01 only',
      'remove that binding',
      'remove the scratch merchant',
    ]);
    const result = await prepared.run().result;
    if (result.kind !== 'established') throw new Error(result.kind);
    expect(result.record.summaryLists).toBe(lists);
    expect(result.record.evidence.writes[1]).toContain(`?acquirerProfileId=${defaultId}&currency=USD`);
    expect(await writesCounted(sim)).toBe(5);
    expect(await groupLists(sim, groupId)).toEqual(before);
  });

  it('a default card profile that offers a part: its automatic binding is narrowed (PUT), four writes', async () => {
    const { sim, groupId, client, before } = await groupOf(lists, {
      emvs: { 'visa-usd': '01', 'mc-usd': '02' },
      profiles: { other: { methods: { '01': ['visa-usd'], '02': ['mc-usd'] } }, default: { methods: { '01': ['visa-usd'], '02': ['mc-usd'] }, asDefault: true } },
    });
    const result = await runScratch(client);
    if (result.kind !== 'established') throw new Error(result.kind);
    expect(result.record.summaryLists).toBe(lists);
    expect(result.record.evidence.profile.profileName).toBe('default');
    expect(result.record.evidence.writes[1]).toMatch(/^PUT \/api\/openapi\/v1\/mchInfo\/payment\/M\d+: narrow its automatic binding to default USD/);
    expect(await writesCounted(sim)).toBe(4);
    expect(await groupLists(sim, groupId)).toEqual(before);
  });

  it('no profile offers a part: refused, saying what the group needs, with nothing written', async () => {
    const { sim, client } = await groupOf(lists, { emvs: { 'visa-usd': '01' }, profiles: { 'host-a': { methods: { '01': ['visa-usd'] } } } });
    const refused = await prepareProbe({ client }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProbeError);
    expect((refused as Error).message).toContain('the probe needs a profile with two payment methods or more, or one whose method has two EMV configs or more');
    expect((refused as Error).message).toContain('Nothing was written.');
    expect(await writesCounted(sim)).toBe(0);
  });

  it('a write refused in the middle: what was made is removed, in reverse, and no record comes out', async () => {
    const { sim, groupId, client, before } = await groupOf(lists, TWO_METHODS);
    const events: ProbeEvent[] = [];
    try {
      const failed = await runScratch(client, async (event) => {
        events.push(event);
        // Once the merchant is made, the service fails every POST (the binding's); DELETEs go through.
        if (event.type === 'ended' && event.write.number === 1) await sim.admin.faults({ faultRate: 1, faultMethods: ['POST'] });
      }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(ProbeError);
      const message = (failed as Error).message;
      expect(message).toMatch(/^write 2 \(POST \/api\/openapi\/v1\/mchInfo\/payment\/M\d+: bind it to host-a USD with 01 only\) failed: .*System Error/);
      expect(message).toContain('What it made is removed. No record was written.');
    } finally {
      await sim.admin.faults({ faultRate: 0, faultMethods: [] });
    }
    const ended = events.flatMap((e) => (e.type === 'ended' ? [`${e.write.number} ${e.write.outcome}`] : []));
    expect(ended).toEqual(['1 done', '2 failed', '4 done']);
    expect(await groupLists(sim, groupId)).toEqual(before);
  });

  it('a signal in the middle: no new step, what was made is removed, the run says interrupted', async () => {
    const { sim, groupId, client, before } = await groupOf(lists, TWO_METHODS);
    let signal: (name: string) => void = () => {};
    const interrupted = new Promise<string>((resolve) => (signal = resolve));
    const result = await runScratch(
      client,
      async (event) => {
        if (event.type === 'started' && event.number === 2) signal('SIGINT');
      },
      interrupted,
    );
    expect(result).toMatchObject({ kind: 'interrupted', signal: 'SIGINT', left: [] });
    expect(result.writes.map((w) => `${w.number} ${w.outcome}`)).toEqual(['1 done', '2 done', '3 done', '4 done']);
    expect(await groupLists(sim, groupId)).toEqual(before);
  });
});

describe('a removal that fails', () => {
  it('names what is left and `paycfg probe --cleanup`, writes no record; --cleanup then removes it', async () => {
    const { sim, groupId, client, before } = await groupOf('binding', TWO_METHODS);
    let failed: unknown;
    try {
      failed = await runScratch(client, async (event) => {
        // Once the summary is read, the service fails every DELETE: the binding's removal, retried, fails.
        if (event.type === 'read') await sim.admin.faults({ faultRate: 1, faultMethods: ['DELETE'] });
      }).catch((error: unknown) => error);
    } finally {
      await sim.admin.faults({ faultRate: 0, faultMethods: [] });
    }
    expect(failed).toBeInstanceOf(ProbeError);
    expect((failed as Error).message).toMatch(
      new RegExp(
        '^removing what it made failed: write 3 \\(DELETE /api/openapi/v1/mchInfo/payment/M\\d+\\?acquirerProfileId=\\d+&currency=USD: remove that binding\\) failed: .*System Error.*\\. ' +
          `Left in group ${groupId}: scratch merchant M\\d+ \\(paycfg-probe-abc123\\) with its binding to host-a USD; remove it with \`paycfg probe --cleanup\`\\. ` +
          'Its summary showed summaryLists binding, which is recorded only once nothing the probe made is left\\. No record was written\\.$',
      ),
    );
    const cleanup = await prepareCleanup({ client });
    expect(cleanup.plan.steps.map((s) => s.kind)).toEqual(['unbind', 'delete-merchant']);
    await cleanup.run().result;
    expect(await groupLists(sim, groupId)).toEqual(before);
  });
});

describe('the group itself', () => {
  it('shows the binding reading (a binding that differs from its profile, its record holding it): recorded with no write', async () => {
    const { sim, built, client } = await groupOf('binding', {
      ...TWO_METHODS,
      merchants: { whole: { 'host-a': undefined }, part: { 'host-a': { '02': ['mc-usd'] } } },
    });
    const prepared = await prepareProbe({ client });
    expect(prepared.kind).toBe('live-group');
    if (prepared.kind !== 'live-group') return;
    const mc = built.emvIds.get('mc-usd')!;
    expect(prepared.record.summaryLists).toBe('binding');
    expect(prepared.record.evidence).toMatchObject({
      method: 'live-group',
      merchant: { mchId: built.mchIds.get('part'), providerReference: 'part' },
      profile: { profileName: 'host-a' },
      bindingLists: { '02': [mc] },
      summaryLists: { '02': [mc] },
      writes: [],
    });
    expect(await writesCounted(sim)).toBe(0);
  });

  it('under the profile reading the same group proves nothing: a scratch merchant is needed', async () => {
    const { client } = await groupOf('profile', { ...TWO_METHODS, merchants: { part: { 'host-a': { '02': ['mc-usd'] } } } });
    expect((await prepareProbe({ client })).kind).toBe('scratch');
  });
});

describe('what earlier probes left', () => {
  const LEFT: GroupShape = { ...TWO_METHODS, merchants: { 'paycfg-probe-0ld000': { 'host-a': { '01': ['visa-usd'] } }, shop: { 'host-a': undefined } } };

  it('is listed and removed first, its binding before it; scratch merchants are no evidence of the group', async () => {
    const { sim, groupId, built, client } = await groupOf('binding', LEFT);
    const prepared = await prepareProbe({ client, suffix: 'new000' });
    if (prepared.kind !== 'scratch') throw new Error(prepared.kind);
    const old = built.mchIds.get('paycfg-probe-0ld000')!;
    expect(prepared.group.leftovers.map((l) => l.providerReference)).toEqual(['paycfg-probe-0ld000']);
    expect(prepared.plan.steps.slice(0, 2).map((s) => s.what)).toEqual([
      'remove the binding to host-a USD of paycfg-probe-0ld000, left by an earlier probe',
      'remove scratch merchant paycfg-probe-0ld000, left by an earlier probe',
    ]);
    const result = await prepared.run().result;
    if (result.kind !== 'established') throw new Error(result.kind);
    expect(result.record.evidence.writes.slice(0, 2).map((w) => w.split(':')[0])).toEqual([
      `DELETE /api/openapi/v1/mchInfo/payment/${old}?acquirerProfileId=${built.profileIds.get('host-a')}&currency=USD`,
      `DELETE /api/openapi/v1/mchInfo/${old}`,
    ]);
    const lists = (await groupLists(sim, groupId)) as { merchants: { providerReference: string }[] };
    expect(lists.merchants.map((m) => m.providerReference)).toEqual(['shop']);
  });

  it('a removal of theirs that fails stops the probe before its own first write, naming the cleanup', async () => {
    const { sim, groupId, client, before } = await groupOf('binding', LEFT);
    const prepared = await prepareProbe({ client, suffix: 'new001' });
    if (prepared.kind !== 'scratch') throw new Error(prepared.kind);
    await sim.admin.faults({ faultRate: 1, faultMethods: ['DELETE'] });
    let failed: unknown;
    try {
      failed = await prepared.run().result.catch((error: unknown) => error);
    } finally {
      await sim.admin.faults({ faultRate: 0, faultMethods: [] });
    }
    expect((failed as Error).message).toMatch(
      /^write 1 \(DELETE .*: remove the binding to host-a USD of paycfg-probe-0ld000, left by an earlier probe\) failed: .*\. What earlier probes left and this run did not remove is still there: `paycfg probe --cleanup` removes it once the service accepts it\. Nothing of this probe was made\. No record was written\.$/,
    );
    // Only the leftover binding's DELETE (retried) was sent: no create, no other write.
    const writes = Object.keys((await sim.admin.stats()).byRoute).filter((route) => !route.startsWith('GET '));
    expect(writes).toEqual(['DELETE /api/openapi/v1/mchInfo/payment/{mchId}']);
    expect(await groupLists(sim, groupId)).toEqual(before);
  });

  it('`--cleanup` removes them and nothing else; with none left it has nothing to do', async () => {
    const { sim, groupId, client } = await groupOf('profile', LEFT);
    const cleanup = await prepareCleanup({ client });
    expect(cleanup.plan.steps).toHaveLength(2);
    expect(await cleanup.run().result).toMatchObject({ kind: 'done' });
    const lists = (await groupLists(sim, groupId)) as { merchants: { providerReference: string }[] };
    expect(lists.merchants.map((m) => m.providerReference)).toEqual(['shop']);
    expect((await prepareCleanup({ client })).plan.steps).toEqual([]);
  });
});
