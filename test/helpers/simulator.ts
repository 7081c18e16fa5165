/**
 * Starts the simulator in-process on a free loopback port for a test file, with a token signer,
 * the /_sim/ admin calls and a raw API caller. Other suites (client, planner, apply) build on it,
 * so its shape stays small and stable.
 */
import { signSimToken, startSimulator, type RequestStatistics, type SimulatorOptions } from '../../src/sim/index.js';

export const TEST_GROUP = 'G-00000001';
const TEST_SECRET = 'paycfg-test-secret';

export interface TestSimulator {
  url: string;
  /** default group 'G-00000001'; valid 1h */
  token(groupId?: string): string;
  admin: {
    createGroup(g: {
      groupId: string;
      groupName?: string;
      timeZone?: string;
      qrEnabled?: boolean;
      enablerParams?: string;
      apiVersion?: 'v1' | 'legacy';
    }): Promise<void>;
    activate(activationCode: string): Promise<unknown>;
    reset(): Promise<void>;
    /** the whole store, secrets included (`GET /_sim/state?secrets=true`) */
    state(): Promise<unknown>;
    faults(f: { latencyMs?: number; faultRate?: number; dropRate?: number; rateLimit?: number; maxPageSize?: number }): Promise<void>;
    /** counts of /api requests; also `faulted`, `dropped`, `rateLimited` and `internalErrors` */
    stats(): Promise<RequestStatistics>;
    resetStats(): Promise<void>;
  };
  /**
   * Raw call to the service API with the group's token: returns the parsed envelope and HTTP status.
   * A string body is sent as it is (for malformed-JSON tests); anything else is JSON-encoded.
   */
  api(method: string, path: string, body?: unknown, groupId?: string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startTestSimulator(options: SimulatorOptions = {}): Promise<TestSimulator> {
  const secret = options.jwtSecret ?? TEST_SECRET;
  const sim = await startSimulator({ ...options, port: options.port ?? 0, host: options.host ?? '127.0.0.1', jwtSecret: secret });
  const clock = options.now;

  async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${sim.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`simulator admin ${method} ${path} answered HTTP ${response.status}: ${text}`);
    return JSON.parse(text) as unknown;
  }

  const token = (groupId: string = TEST_GROUP): string =>
    signSimToken({ groupId, secret, ttlSeconds: 3600, ...(clock ? { now: clock() } : {}) });

  return {
    url: sim.url,
    token,
    admin: {
      createGroup: async (g) => void (await admin('POST', '/_sim/groups', g)),
      activate: (activationCode) => admin('POST', '/_sim/activate', { activationCode }),
      reset: async () => void (await admin('POST', '/_sim/reset')),
      state: () => admin('GET', '/_sim/state?secrets=true'),
      faults: async (f) => void (await admin('PUT', '/_sim/faults', f)),
      stats: async () => (await admin('GET', '/_sim/stats')) as RequestStatistics,
      resetStats: async () => void (await admin('POST', '/_sim/stats/reset')),
    },
    api: async (method, path, body, groupId) => {
      const response = await fetch(`${sim.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token(groupId)}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: handed back as text so the test can show it
      }
      return { status: response.status, body: parsed };
    },
    close: () => sim.close(),
  };
}
