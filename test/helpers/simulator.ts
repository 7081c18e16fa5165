/**
 * Starts the simulator in-process on a free loopback port for a test file, with a token signer,
 * the /_sim/ admin calls and a raw API caller. Other suites (client, planner, apply) build on it,
 * so its shape stays small and stable.
 */
import { test } from 'vitest';
import { signSimToken, simAdminClient, startSimulator, type SimAdminClient, type SimulatorOptions } from '../../src/sim/index.js';

export const TEST_GROUP = 'G-00000001';
const TEST_SECRET = 'paycfg-test-secret';

export interface TestSimulator {
  url: string;
  /** default group 'G-00000001'; valid 1h */
  token(groupId?: string): string;
  admin: SimAdminClient;
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

  const token = (groupId: string = TEST_GROUP): string =>
    signSimToken({ groupId, secret, ttlSeconds: 3600, ...(clock ? { now: clock() } : {}) });

  return {
    url: sim.url,
    token,
    admin: simAdminClient(sim.url),
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

/**
 * `it` whose tests each get a simulator of their own as `sim` (started with `options`, closed
 * after the test), so that a file's tests can run side by side (describe.concurrent): most of an
 * apply's time in a test is waiting (the twin check's 1.25 s settle after a till's create), which
 * the tests then wait together, and the request counts and faults a test sets and checks are its
 * own simulator's alone. Concurrent tests assert with their context's `expect`.
 */
export function testWithSimulator(options: SimulatorOptions = {}) {
  return test.extend<{ sim: TestSimulator }>({
    sim: async ({}, use) => {
      const sim = await startTestSimulator(options);
      try {
        await use(sim);
      } finally {
        await sim.close();
      }
    },
  });
}
