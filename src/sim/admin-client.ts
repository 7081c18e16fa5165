import { PaycfgError } from '../errors.js';
import type { FaultSettings } from './http/faults.js';
import type { OutboxMail } from './core/records.js';
import type { RequestStatistics } from './http/stats.js';
import type { WireStyle } from './http/wire-style.js';
import type { GroupSettingsInput } from './rules/groups.js';
import type { PaymentInput } from './rules/payments.js';
import type { TransactionDetailView } from './rules/transaction-views.js';
import type { SummaryLists } from './rules/summary-lists.js';

/** The simulator refused an admin call, or did not answer one. */
export class SimAdminError extends PaycfgError {
  readonly code = 'SIM_ADMIN';
}

/** `GET /_sim/settings`: how the simulator answers where the reference leaves it open. */
export interface SimSettings {
  wireStyle: WireStyle;
  summaryLists: SummaryLists;
}

/** A transaction's detail record as the simulator answers it: `settleState` is null (real wire style) or absent without a batch. */
export type SimTransaction = Omit<TransactionDetailView, 'settleState'> & { settleState?: number | null };

/**
 * The simulator's `/_sim/` admin surface (groups, activation, faults, statistics, state), as the
 * tests, the benchmark and the demo drive it. Plain JSON over loopback; no token.
 */
export interface SimAdminClient {
  createGroup(group: GroupSettingsInput): Promise<void>;
  /** Activates a terminal as a device would; answers the device record. */
  activate(activationCode: string): Promise<unknown>;
  reset(): Promise<void>;
  /** Revokes a token: the API refuses it as revoked until the next reset. */
  revokeToken(token: string): Promise<void>;
  /** The whole store; write-only secrets included only when asked for. */
  state(options?: { secrets?: boolean }): Promise<unknown>;
  /** Unset settings keep their value; 0 or null turns a fault off. */
  faults(settings: Partial<FaultSettings> & { seed?: number }): Promise<void>;
  stats(): Promise<RequestStatistics>;
  resetStats(): Promise<void>;
  /** What the simulator was started with: its wire style and whose lists acquirers[] carries. */
  settings(): Promise<SimSettings>;
  /** A terminal's payment (`POST /_sim/payments`); answers the transaction's detail record. */
  payment(input: PaymentInput): Promise<SimTransaction>;
  /** Makes a settlement attempt of an unsettled batch fail (SETTLE_FAILED); answers the batch's detail record. */
  settlementFailure(batchId: string): Promise<Record<string, unknown>>;
  /** The mails the service would have sent, oldest first (`GET /_sim/outbox`). */
  outbox(): Promise<OutboxMail[]>;
}

export function simAdminClient(baseUrl: string): SimAdminClient {
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new SimAdminError(`the simulator at ${baseUrl} did not answer ${method} ${path}: ${(error as Error).message}`, {}, { cause: error });
    }
    const text = await response.text();
    if (!response.ok) throw new SimAdminError(`simulator admin ${method} ${path} answered HTTP ${response.status}: ${text}`, { status: response.status });
    return JSON.parse(text) as unknown;
  };
  return {
    createGroup: async (group) => void (await call('POST', '/_sim/groups', group)),
    activate: (activationCode) => call('POST', '/_sim/activate', { activationCode }),
    reset: async () => void (await call('POST', '/_sim/reset')),
    revokeToken: async (token) => void (await call('POST', '/_sim/tokens/revoke', { token })),
    state: (options) => call('GET', `/_sim/state${options?.secrets === true ? '?secrets=true' : ''}`),
    faults: async (settings) => void (await call('PUT', '/_sim/faults', settings)),
    stats: async () => (await call('GET', '/_sim/stats')) as RequestStatistics,
    resetStats: async () => void (await call('POST', '/_sim/stats/reset')),
    settings: async () => (await call('GET', '/_sim/settings')) as SimSettings,
    payment: async (input) => (await call('POST', '/_sim/payments', input)) as SimTransaction,
    settlementFailure: async (batchId) => (await call('POST', '/_sim/settlement-failure', { batchId })) as Record<string, unknown>,
    outbox: async () => ((await call('GET', '/_sim/outbox')) as { mails: OutboxMail[] }).mails,
  };
}
