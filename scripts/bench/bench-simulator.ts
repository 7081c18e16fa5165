import { signSimToken, startSimulator, type RequestStatistics } from '../../src/sim/index.js';
import { BenchError } from './errors.js';

const SECRET = 'paycfg-bench-secret';
/** Long enough for the slowest run (apply of a large group at parallelism 1). */
const TOKEN_TTL_SECONDS = 12 * 3600;

/**
 * The simulator inside the benchmark's process, driven through its loopback admin surface
 * (`/_sim/faults`, `/_sim/stats`), exactly as the tests drive it.
 */
export interface BenchSimulator {
  readonly url: string;
  token(groupId: string): string;
  createGroup(groupId: string): Promise<void>;
  setLatency(ms: number): Promise<void>;
  resetStats(): Promise<void>;
  stats(): Promise<RequestStatistics>;
  close(): Promise<void>;
}

export async function startBenchSimulator(): Promise<BenchSimulator> {
  const sim = await startSimulator({ port: 0, host: '127.0.0.1', jwtSecret: SECRET, seed: 1 });
  const admin = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${sim.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new BenchError(`simulator admin ${method} ${path} answered HTTP ${response.status}: ${text}`);
    return JSON.parse(text) as unknown;
  };
  return {
    url: sim.url,
    token: (groupId) => signSimToken({ groupId, secret: SECRET, ttlSeconds: TOKEN_TTL_SECONDS }),
    createGroup: async (groupId) => void (await admin('POST', '/_sim/groups', { groupId, groupName: `Bench PBO ${groupId}`, timeZone: 'UTC' })),
    setLatency: async (ms) => void (await admin('PUT', '/_sim/faults', { latencyMs: ms })),
    resetStats: async () => void (await admin('POST', '/_sim/stats/reset')),
    stats: async () => (await admin('GET', '/_sim/stats')) as RequestStatistics,
    close: () => sim.close(),
  };
}
