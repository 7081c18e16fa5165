/**
 * A manifest with a few merchants and several terminals each, checks over a group's live records,
 * and the proxies that order two runs' requests, for the concurrent-apply trials.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isWrite, startHoldingProxy, type HoldingScript } from '../helpers/holding-proxy.js';
import type { TestSimulator } from '../helpers/simulator.js';

export function writeFleetManifest(options: { merchants: number; devices: number; devicesToo: boolean }): string {
  const merchants: string[] = [];
  for (let m = 1; m <= options.merchants; m += 1) {
    const ref = `shop-${String(m).padStart(3, '0')}`;
    const devices: string[] = [];
    for (let d = 1; d <= options.devices; d += 1) {
      devices.push(
        [
          `      - deviceAlias: till-${d}`,
          `        deviceName: Till ${d}`,
          `        methods: ["01"]`,
          `        acquirerFields:`,
          `          host-a: { tid: "${String(m * 100 + d).padStart(8, '0')}" }`,
        ].join('\n'),
      );
    }
    merchants.push(
      [
        `  - providerReference: ${ref}`,
        `    mchName: Shop ${m}`,
        `    currency: USD`,
        `    contactName: Jane Doe`,
        `    contactEmail: jane@${ref}.example`,
        `    bindings:`,
        `      - acquirer: host-a`,
        `        currency: USD`,
        `        methods:`,
        `          "01": { emvs: [visa-usd] }`,
        options.devicesToo ? `    devices:\n${devices.join('\n')}` : `    devices: []`,
      ].join('\n'),
    );
  }
  const text = `version: 1
emvConfigs:
  - emvName: visa-usd
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010, appVersion: "0002" }
acquirerProfiles:
  - profileName: host-a
    acqType: card
    currency: USD
    connMessageFormat: HOSTA_8583
    connUrl: https://host-a.example.com/iso
    enablerParams: [tid]
    asDefault: true
    methods:
      "01": { emvs: [visa-usd] }
merchants:
${merchants.join('\n')}
`;
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-concurrent-'));
  const file = join(dir, options.devicesToo ? 'fleet.yaml' : 'merchants.yaml');
  writeFileSync(file, text);
  return file;
}

/** Every key that appears more than once in the group's live records, as `<kind> <key> ×n`. */
export async function liveDuplicates(sim: TestSimulator, groupId: string): Promise<string[]> {
  const list = async (path: string): Promise<any[]> => {
    const { body } = await sim.api('GET', path, undefined, groupId);
    if (body.code !== 0) throw new Error(`GET ${path} answered ${JSON.stringify(body)}`);
    return body.data.records;
  };
  const keys: string[] = [];
  for (const e of await list('/api/openapi/v1/emv?pageSize=-1')) keys.push(`emv ${e.emvName}`);
  for (const p of await list('/api/openapi/v1/acquirer?pageSize=-1')) keys.push(`acquirer ${p.profileName}`);
  for (const m of await list('/api/openapi/v1/mchInfo?pageSize=-1')) {
    keys.push(`merchant ${m.providerReference}`);
    for (const b of await list(`/api/openapi/v1/mchInfo/payment/${m.mchId}?pageSize=100`)) keys.push(`binding ${m.providerReference}/${b.acquirerProfileId}/${b.currency}`);
    for (const d of await list(`/api/openapi/v1/device?mchId=${m.mchId}&pageSize=-1`)) {
      if (d.deviceStatus !== 3) keys.push(`device ${m.providerReference}/${d.deviceAlias}`);
    }
  }
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([key, n]) => `${key} ×${n}`);
}

/** Which of a trial's two runs. */
export type Run = 'A' | 'B';

/** How a trial orders its two runs' requests (see startRunPair). */
export type Ordering =
  /** Each run's device creates wait until the other run has planned: both plans want every terminal. */
  | { readonly kind: 'race' }
  /** Run B's first request waits until run A has sent `after` requests; nothing else is held. */
  | { readonly kind: 'stagger'; readonly after: number };

export interface RunPair {
  /** The base URL each run talks to. */
  readonly url: Record<Run, string>;
  /** Called when a run has ended, so that nothing waits on it any more. */
  finished(run: Run): void;
  close(): Promise<void>;
}

const other = (run: Run): Run => (run === 'A' ? 'B' : 'A');

/**
 * Two proxies in front of the simulator, one per run, that order the runs' requests by what the
 * other run has done, never by time. A run's plan is complete when it sends its first write (apply
 * plans, then writes), so in a 'race' trial holding a run's device creates until the other's first
 * write means both plans were read before any terminal existed: both runs create every terminal,
 * and for each one exactly one run must give way, whatever the scheduler does. A 'stagger' trial
 * starts run B at a chosen point of run A, for interleavings the race does not reach. A run that
 * ends releases whatever waits on it, so a trial cannot hang.
 */
export async function startRunPair(target: string, ordering: Ordering): Promise<RunPair> {
  const sent: Record<Run, number> = { A: 0, B: 0 };
  const wrote: Record<Run, boolean> = { A: false, B: false };
  const ended: Record<Run, boolean> = { A: false, B: false };
  let waiting: { ready: () => boolean; go: () => void }[] = [];
  const changed = (): void => {
    const still: typeof waiting = [];
    for (const waiter of waiting) if (waiter.ready()) waiter.go();
    else still.push(waiter);
    waiting = still;
  };
  const until = (ready: () => boolean): Promise<void> | void => {
    if (ready()) return undefined;
    return new Promise<void>((go) => waiting.push({ ready, go }));
  };
  const script = (run: Run): HoldingScript => ({
    hold: async (request) => {
      if (run === 'B' && ordering.kind === 'stagger') await until(() => sent.A >= ordering.after || ended.A);
      sent[run] += 1;
      if (isWrite(request)) wrote[run] = true;
      changed();
      if (ordering.kind === 'race' && request.method === 'POST' && request.path === '/api/openapi/v1/device') {
        await until(() => wrote[other(run)] || ended[other(run)]);
      }
    },
  });
  const proxies = { A: await startHoldingProxy(target, script('A')), B: await startHoldingProxy(target, script('B')) };
  return {
    url: { A: proxies.A.url, B: proxies.B.url },
    finished: (run) => {
      ended[run] = true;
      changed();
    },
    close: async () => {
      await Promise.all([proxies.A.close(), proxies.B.close()]);
    },
  };
}
