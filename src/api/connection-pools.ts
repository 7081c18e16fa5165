import { Pool } from 'undici';
import type { TimeoutSettings } from './network-failure.js';

/**
 * Connection pools shared by several clients (a fleet run's targets): one per service and set of
 * timeouts, so that targets of one service reuse each other's connections instead of each
 * opening (and, over TLS, shaking hands on) its own and closing them when it ends. Measured on
 * the benchmark's fleet plan of 100 groups on one simulator, before this: about 0.45 s of its
 * 6.9 s of CPU went to opening and closing connections. The clients only borrow a pool: close()
 * here, once the run is over, closes them.
 */
export interface ConnectionPools {
  /** The pool for `origin` with these settings, made on first use. */
  pool(origin: string, settings: TimeoutSettings): Pool;
  /** Closes every pool, after the requests in flight. */
  close(): Promise<void>;
}

/** The pool a client of `maxInFlight` requests makes for itself (transport.ts), or a shared one of `connections`. */
export function newPool(origin: string, connections: number, settings: TimeoutSettings): Pool {
  return new Pool(origin, {
    connections,
    pipelining: 1,
    connect: { timeout: settings.connectMs },
    headersTimeout: settings.headersMs,
    bodyTimeout: settings.bodyMs,
  });
}

/** `connections`: a pool's most connections, the run's bound on requests in flight (a request holds one while on the wire). */
export function createConnectionPools(connections: number): ConnectionPools {
  const pools = new Map<string, Pool>();
  return {
    pool(origin, settings) {
      const key = JSON.stringify([origin, settings.connectMs, settings.headersMs, settings.bodyMs]);
      let pool = pools.get(key);
      if (pool === undefined) {
        pool = newPool(origin, connections, settings);
        pools.set(key, pool);
      }
      return pool;
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((pool) => (pool.closed ? undefined : pool.close())));
    },
  };
}
