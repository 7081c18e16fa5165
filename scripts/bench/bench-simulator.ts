import { signSimToken, simAdminClient, startSimulator, type RequestStatistics, type SummaryLists } from '../../src/sim/index.js';

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
  /** Requests per second the simulator admits (token bucket, one second's burst, full when set); 0: no limit. */
  setRateLimit(rps: number): Promise<void>;
  resetStats(): Promise<void>;
  stats(): Promise<RequestStatistics>;
  close(): Promise<void>;
}

/** `summaryLists`: whose lists the merchants' acquirers[] items carry (the simulator's default, `binding`, unless given). */
export async function startBenchSimulator(options: { readonly summaryLists?: SummaryLists } = {}): Promise<BenchSimulator> {
  const sim = await startSimulator({ port: 0, host: '127.0.0.1', jwtSecret: SECRET, seed: 1, ...options });
  const admin = simAdminClient(sim.url);
  return {
    url: sim.url,
    token: (groupId) => signSimToken({ groupId, secret: SECRET, ttlSeconds: TOKEN_TTL_SECONDS }),
    createGroup: (groupId) => admin.createGroup({ groupId, groupName: `Bench PBO ${groupId}`, timeZone: 'UTC' }),
    setLatency: (ms) => admin.faults({ latencyMs: ms }),
    setRateLimit: (rps) => admin.faults({ rateLimit: rps }),
    resetStats: () => admin.resetStats(),
    stats: () => admin.stats(),
    close: () => sim.close(),
  };
}
