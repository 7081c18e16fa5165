import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { createApiClient, type ApiClient, type ApiClientOptions, type RequestLogEvent } from '../../../src/api/index.js';
import type {
  AcquirerProfileCreate,
  DeviceCreate,
  EmvConfigCreate,
  MerchantCreate,
} from '../../../src/api/wire-types.js';
import { WIRE_STYLES, type SimulatorOptions, type WireStyle } from '../../../src/sim/index.js';
import { startTestSimulator, TEST_GROUP, type TestSimulator } from '../../helpers/simulator.js';

/**
 * One simulator per test file, a fresh store per test, and clients in strict mode by default so
 * that every response the suites read is also checked against schemas/api.
 */

/** Small delays so that fault tests stay fast; the policy itself is unit-tested. */
export const FAST_RETRY = { maxAttempts: 6, baseDelayMs: 1, maxDelayMs: 10, maxElapsedMs: 10_000 };

export interface SimHarness {
  readonly sim: TestSimulator;
  /** A client for the group (default TEST_GROUP); closed after the test. */
  client(options?: Partial<ApiClientOptions> & { groupId?: string }): ApiClient & { events: RequestLogEvent[] };
}

export function useSimulator(options: SimulatorOptions = {}): SimHarness {
  return harness(options, [options.wireStyle]);
}

export interface WireStyleHarness extends SimHarness {
  /** The wire style of the simulator the running suite talks to. */
  readonly wireStyle: WireStyle;
  /** `describe` once per wire style; inside, `sim` and `client()` talk to a simulator of that style. */
  describe(name: string, body: (wireStyle: WireStyle) => void): void;
}

/**
 * One simulator per wire style for a test file, so that the client's suites run against the real
 * service's wording and the reference's alike (see src/sim/http/wire-style.ts).
 */
export function useWireStyleSimulators(options: Omit<SimulatorOptions, 'wireStyle'> = {}): WireStyleHarness {
  let active: WireStyle | undefined;
  const base = harness(options, WIRE_STYLES, () => active);
  // defineProperty, not Object.assign: the getter must stay a getter.
  Object.defineProperty(base, 'wireStyle', {
    get(): WireStyle {
      if (active === undefined) throw new Error('no wire style is active (use it inside harness.describe)');
      return active;
    },
  });
  return Object.assign(base as SimHarness & { readonly wireStyle: WireStyle }, {
    describe(name: string, body: (wireStyle: WireStyle) => void): void {
      describe.each(WIRE_STYLES)(`${name} (%s wire style)`, (wireStyle) => {
        beforeAll(() => {
          active = wireStyle;
        });
        body(wireStyle);
      });
    },
  });
}

function harness(
  options: SimulatorOptions,
  styles: ReadonlyArray<WireStyle | undefined>,
  activeStyle: () => WireStyle | undefined = () => styles[0],
): SimHarness {
  const sims = new Map<WireStyle | undefined, TestSimulator>();
  const open: ApiClient[] = [];
  const current = (): TestSimulator | undefined => sims.get(activeStyle());
  beforeAll(async () => {
    for (const wireStyle of styles) {
      sims.set(wireStyle, await startTestSimulator({ ...options, ...(wireStyle !== undefined ? { wireStyle } : {}) }));
    }
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    const sim = current();
    await sim?.admin.faults({ latencyMs: 0, faultRate: 0, dropRate: 0, rateLimit: 0, maxPageSize: options.maxPageSize ?? 0 });
    await sim?.admin.reset();
  });
  afterAll(async () => {
    await Promise.all([...sims.values()].map((sim) => sim.close()));
  });
  return {
    get sim(): TestSimulator {
      const sim = current();
      if (sim === undefined) throw new Error('simulator not started yet (use it inside a test)');
      return sim;
    },
    client({ groupId, ...overrides } = {}) {
      const running = this.sim;
      const events: RequestLogEvent[] = [];
      const client = createApiClient({
        baseUrl: running.url,
        token: running.token(groupId ?? TEST_GROUP),
        strictApi: true,
        retry: FAST_RETRY,
        random: () => 0.5,
        onRequest: (event) => events.push(event),
        ...overrides,
      });
      open.push(client);
      return Object.assign(client, { events });
    },
  };
}

/** What a page says beyond total and current: hasNext in the reference style, size and pages in the real one. */
export function pageExtent(wireStyle: WireStyle, page: { hasNext: boolean; size: number; pages: number }): Record<string, unknown> {
  return wireStyle === 'reference' ? { hasNext: page.hasNext } : { size: page.size, pages: page.pages };
}

// ---- valid bodies, per the reference ----

export const emvBody = (emvName = 'visa-usd', paymentMethod = '01'): EmvConfigCreate => ({
  emvName,
  paymentMethod,
  currency: 'USD',
  params: JSON.stringify({ aid: 'A0000000031010', appVersion: '0096', clFloorLimit: '000000000000' }),
});

export const profileBody = (profileName: string, emvId: number, extra: Partial<AcquirerProfileCreate> = {}): AcquirerProfileCreate => ({
  profileName,
  currency: 'USD',
  acqType: 'card',
  connMessageFormat: 'HOSTA_8583',
  connUrl: 'https://acquirer.example/host',
  methodList: JSON.stringify({ '01': [] }),
  emvList: JSON.stringify({ '01': [emvId] }),
  ...extra,
});

export const merchantBody = (providerReference: string, extra: Partial<MerchantCreate> = {}): MerchantCreate => ({
  mchName: `Shop ${providerReference}`,
  currency: 'USD',
  contactName: 'Ada',
  contactEmail: 'ada@example.com',
  providerReference,
  ...extra,
});

export const deviceBody = (mchId: string, deviceAlias: string, extra: Partial<DeviceCreate> = {}): DeviceCreate => ({
  mchId,
  deviceAlias,
  ...extra,
});

/** EMV config + card profile + merchant bound to it: the onboarding order of reference 4.7. */
export async function onboardMerchant(client: ApiClient, ref = 'shop-1') {
  const { id: emvId } = await client.emvConfigs.create(emvBody(`emv-${ref}`));
  const { id: profileId } = await client.acquirerProfiles.create(profileBody(`acq-${ref}`, emvId));
  const merchant = await client.merchants.create(merchantBody(ref));
  await client.bindings.create(merchant.mchId, {
    acquirerProfileId: String(profileId),
    currency: 'USD',
    paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId }] }],
  });
  return { emvId, profileId, merchant };
}
