import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '../errors.js';
import { systemClock } from './core/clock.js';
import { DEFAULT_METHOD_CODES, type MethodCodes } from './core/payment-methods.js';
import { createPrng, randomSeed } from './core/prng.js';
import { readStateFile, StateFileWriter } from './core/state-file.js';
import { SimStore } from './core/store.js';
import { SimPortTakenError, SimStateError } from './errors.js';
import { FaultInjector, type FaultSettings } from './http/faults.js';
import { DEFAULT_LEGACY_GROUPS, type LegacyGroupsPolicy } from './http/legacy-groups.js';
import { isUnspecifiedAddress } from './http/loopback.js';
import { createRequestListener } from './http/server.js';
import { RequestStats } from './http/stats.js';
import { TokenRevocations } from './http/token-revocations.js';
import { DEFAULT_WIRE_STYLE, type WireStyle } from './http/wire-style.js';
import { DEFAULT_SUMMARY_LISTS, type SummaryLists } from './rules/summary-lists.js';

/** The documented default secret for local use; anyone can sign tokens with it. */
export const DEFAULT_SIM_SECRET = 'paycfg-sim-local-secret';

export interface SimulatorOptions {
  /** 0 (the default) picks a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** HS256 secret of bearer tokens; default DEFAULT_SIM_SECRET */
  jwtSecret?: string;
  /** keeps the store across restarts in this file */
  statePath?: string;
  faults?: Partial<FaultSettings>;
  /** seeds fault draws and generated ids; random when absent */
  seed?: number;
  maxPageSize?: number;
  /** clock for timestamps, token expiry and the rate limiter */
  now?: () => Date;
  /** how answers are worded where the reference leaves it open; default 'real' (see http/wire-style.ts) */
  wireStyle?: WireStyle;
  /** whose methodList/emvList a merchant's acquirers[] items carry: the binding's (default) or the bound profile's */
  summaryLists?: SummaryLists;
  /** payment method codes requests may use: the reference's (default) or also 07..20 (core/payment-methods.ts) */
  methodCodes?: MethodCodes;
  /**
   * whether the current configuration API serves groups on the legacy API: `{currentApi: 'serve'}`
   * (default) or `{currentApi: 'refuse'}`, which answers them code 13311 (http/legacy-groups.ts)
   */
  legacyGroups?: LegacyGroupsPolicy;
  /** also answer `POST /api/v2/current` as its GET (default false: 405) */
  ownerPost?: boolean;
}

export interface RunningSimulator {
  readonly url: string;
  readonly port: number;
  /** Stops listening, drops open connections and writes the state file; safe to call twice. */
  close(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const clock = options.now ?? systemClock;
  const seed = options.seed ?? randomSeed();
  // Ids and faults use separate streams, so changing the fault settings does not change the ids.
  const store = new SimStore(createPrng(seed ^ 0x5bd1e995));
  let writer: StateFileWriter | undefined;
  if (options.statePath !== undefined) {
    const path = options.statePath;
    const saved = await readStateFile(path);
    if (saved !== undefined) {
      try {
        store.restore(saved);
      } catch (error) {
        if (error instanceof SimStateError) throw new SimStateError(`simulator state file ${path}: ${error.message}`, { path }, { cause: error });
        throw error;
      }
    }
    writer = new StateFileWriter(path, () => store.snapshot());
  }
  const faults = new FaultInjector(
    { ...options.faults, ...(options.maxPageSize !== undefined ? { maxPageSize: options.maxPageSize } : {}) },
    seed,
    clock,
  );
  const host = options.host ?? '127.0.0.1';
  const server = createServer(
    createRequestListener({
      store,
      clock,
      faults,
      stats: new RequestStats(),
      jwtSecret: options.jwtSecret ?? DEFAULT_SIM_SECRET,
      revokedTokens: new TokenRevocations(),
      wireStyle: options.wireStyle ?? DEFAULT_WIRE_STYLE,
      summaryLists: options.summaryLists ?? DEFAULT_SUMMARY_LISTS,
      methodCodes: options.methodCodes ?? DEFAULT_METHOD_CODES,
      legacyGroups: options.legacyGroups ?? DEFAULT_LEGACY_GROUPS,
      ownerPost: options.ownerPost ?? false,
      listensOnAllInterfaces: isUnspecifiedAddress(host),
      storeChanged: () => writer?.markDirty(),
    }),
  );
  await listen(server, options.port ?? 0, host);
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () => {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
        await writer?.close();
      })();
      return closing;
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      if (error.code === 'EADDRINUSE') return reject(new SimPortTakenError(host, port, { cause: error }));
      reject(new ConfigError(`the simulator cannot listen on ${host}:${port}: ${error.code ?? error.message}`, { host, port }, { cause: error }));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
