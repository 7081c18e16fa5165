/**
 * The executor's events (src/apply/events.ts) as a listener receives them through the library's
 * apply({ onEvent }): the contract the CLI's display and the journal are built on. Each change
 * that runs starts, then ends done or failed, once; it starts only after what it depends on is
 * done; what depends on a failed change is skipped without starting; what an interrupt leaves is
 * told nothing. Failures are made by a proxy that answers the profile's create with a refusal.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/index.js';
import type { ApplyEvent } from '../../src/apply/events.js';
import { apply, createClient } from '../../src/index.js';
import { isWrite, startHoldingProxy, type HoldingProxy } from '../helpers/holding-proxy.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const basic = new URL('../../examples/basic/paycfg.yaml', import.meta.url).pathname;
const env = { TILL_ADMIN_PASSWORD: 'till-admin-secret-42' };
let sim: TestSimulator;
let groups = 0;
const closing: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await Promise.all(closing.map((c) => c.close()));
  await sim.close();
});

async function freshClient(baseUrl?: (sim: string) => Promise<string>): Promise<ApiClient> {
  groups += 1;
  const groupId = `G-85${String(groups).padStart(6, '0')}`;
  await sim.admin.createGroup({ groupId });
  const client = createClient({ baseUrl: baseUrl === undefined ? sim.url : await baseUrl(sim.url), token: sim.token(groupId), env: {} });
  closing.push(client);
  return client;
}

function manifest(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'paycfg-events-')), 'paycfg.yaml');
  writeFileSync(file, readFileSync(basic, 'utf8').replace(/^group: .*$/m, ''));
  return file;
}

/** The events each change got, in order, by address. */
function byChange(events: readonly ApplyEvent[]): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  for (const event of events) seen.set(event.change.address, [...(seen.get(event.change.address) ?? []), event.type]);
  return seen;
}

describe('the events of an apply', () => {
  it('start each change once, after every change it depends on is done, and end it once', async () => {
    const client = await freshClient();
    const events: ApplyEvent[] = [];
    const report = await apply({ manifest: manifest(), client, env, onEvent: (event) => events.push(event) });
    expect(report.done).toBe(6);
    const seen = byChange(events);
    expect([...seen.keys()].sort()).toEqual(report.plan.changes.map((c) => c.address).sort());
    for (const types of seen.values()) expect(types).toEqual(['start', 'done']);
    const doneAt = new Map(events.flatMap((event, i) => (event.type === 'done' ? [[event.change.address, i] as const] : [])));
    for (const [i, event] of events.entries()) {
      if (event.type !== 'start') continue;
      for (const dependency of event.change.dependsOn) expect(doneAt.get(dependency), `${event.change.address} after ${dependency}`).toBeLessThan(i);
    }
    // Each event carries the change as planned: what the display counts by (kind, action) and names it by (address).
    const planned = new Map(report.plan.changes.map((c) => [c.address, c]));
    for (const event of events) expect([event.change.kind, event.change.action]).toEqual([planned.get(event.change.address)!.kind, planned.get(event.change.address)!.action]);
  });

  it('carry the id of the record each create made as data beside the words, and the report keeps it', async () => {
    const client = await freshClient();
    const events: ApplyEvent[] = [];
    const report = await apply({ manifest: manifest(), client, env, onEvent: (event) => events.push(event) });
    const live = {
      'emv/visa-usd': String((await client.emvConfigs.listAll({ emvName: 'visa-usd' }))[0]!.id),
      'emv/mc-usd': String((await client.emvConfigs.listAll({ emvName: 'mc-usd' }))[0]!.id),
      'acquirer/host-a-usd': String((await client.acquirerProfiles.listAll({ profileName: 'host-a-usd' }))[0]!.profileId),
      'merchant/coffee-001': (await client.merchants.listAll()).find((m) => m.providerReference === 'coffee-001')!.mchId,
    };
    const device = (await client.devices.listAll(live['merchant/coffee-001'])).find((d) => d.deviceAlias === 'till-1')!.deviceId;
    const created = Object.fromEntries(events.flatMap((event) => (event.type === 'done' ? [[event.change.address, event.createdId]] : [])));
    // A binding has no id of its own: its create carries none.
    expect(created).toEqual({ ...live, 'binding/coffee-001/host-a-usd/USD': undefined, 'device/coffee-001/till-1': device });
    for (const event of events) if (event.type === 'done') expect(event.adopted).toBeUndefined();
    expect(Object.fromEntries(report.outcomes.map((o) => [o.address, o.createdId]))).toEqual(created);
  });

  it('end a refused change failed, and skip what depends on it, transitively, without starting it, naming the failure', async () => {
    let proxy!: HoldingProxy;
    const client = await freshClient(async (target) => {
      proxy = await startHoldingProxy(target, {
        rewrite: (request, body) => (isWrite(request) && request.path.startsWith('/api/openapi/v1/acquirer') ? JSON.stringify({ code: 10000, msg: 'refused by the test' }) : body),
      });
      closing.push(proxy);
      return proxy.url;
    });
    const events: ApplyEvent[] = [];
    const report = await apply({ manifest: manifest(), client, env, onEvent: (event) => events.push(event) });
    const seen = byChange(events);
    expect(seen.get('acquirer/host-a-usd')).toEqual(['start', 'failed']);
    const skipped = events.filter((event) => event.type === 'skipped');
    expect(skipped.map((event) => event.change.address).sort()).toEqual(['binding/coffee-001/host-a-usd/USD', 'device/coffee-001/till-1', 'merchant/coffee-001']);
    for (const event of skipped) {
      expect(seen.get(event.change.address)).toEqual(['skipped']);
      expect(event.because).toBe('acquirer/host-a-usd failed');
    }
    expect(events.filter((event) => event.type === 'failed')).toHaveLength(report.failed);
    expect(skipped).toHaveLength(report.skipped);
    expect(events.filter((event) => event.type === 'done')).toHaveLength(report.done);
  });

  it('say nothing of the changes an interrupt left unstarted, and end every change that had started', async () => {
    const client = await freshClient();
    const events: ApplyEvent[] = [];
    const stop = new AbortController();
    const report = await apply({
      manifest: manifest(),
      client,
      env,
      parallelism: 1,
      onEvent(event) {
        events.push(event);
        if (event.type === 'done') stop.abort();
      },
      signal: stop.signal,
    });
    expect(report.notStarted).toBeGreaterThan(0);
    const seen = byChange(events);
    for (const outcome of report.outcomes) {
      if (outcome.status === 'not-started') expect(seen.has(outcome.address), outcome.address).toBe(false);
      else expect(seen.get(outcome.address)).toEqual(['start', 'done']);
    }
  });
});
