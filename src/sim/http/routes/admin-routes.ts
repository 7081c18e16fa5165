import { isSecretName } from '../../../api/redact.js';
import type { JsonObject, JsonValue } from '../../core/json.js';
import type { StoreSnapshot } from '../../core/records.js';
import { invalid } from '../../errors.js';
import { serviceContext } from '../../rules/context.js';
import { activateDevice } from '../../rules/device-lifecycle.js';
import { deviceView } from '../../rules/devices.js';
import { upsertGroup } from '../../rules/groups.js';
import { makePayment } from '../../rules/payments.js';
import { batchDetailView, failSettlement } from '../../rules/settlements.js';
import { transactionDetailView } from '../../rules/transaction-views.js';
import type { RouteDefinition } from '../router.js';
import type { SimRuntime } from '../runtime.js';
import { activationSchema, faultsSchema, groupSchema, tokenRevocationSchema } from '../schemas/admin.js';
import { paymentSchema } from '../schemas/payment.js';
import { settleSchema } from '../schemas/settlement.js';
import { parseInput } from '../validation.js';
import { wireRecord } from '../wire-style.js';

/**
 * The `/_sim/` admin surface: not part of the service API. No token, loopback clients only, never
 * subject to faults. Answers are plain JSON (no envelope); a refusal is HTTP 400 `{code, msg}`.
 * Without a token, a loopback Host and no other site's Origin are what keep a browser page on this
 * machine out (server.ts, host-guard.ts); the routes assume both were checked.
 */
export interface AdminRequest {
  readonly runtime: SimRuntime;
  readonly query: URLSearchParams;
  body(): unknown;
}

export interface AdminAnswer {
  readonly body: unknown;
  /** true when the answer changed the store */
  readonly changed?: boolean;
}

export type AdminHandler = (request: AdminRequest) => AdminAnswer;
export type AdminRoute = RouteDefinition<AdminHandler>;

const REDACTED = '***';

/** Write-only secrets stay out of the state dump unless asked for (`?secrets=true`). */
function redactSecrets(snapshot: StoreSnapshot): StoreSnapshot {
  return {
    ...snapshot,
    groups: snapshot.groups.map((g) => ({
      ...g,
      merchants: g.merchants.map((m) => {
        const shown = m.passcode === undefined ? m : { ...m, passcode: REDACTED };
        return m.legacyExtParams === undefined ? shown : { ...shown, legacyExtParams: redactSecretKeys(m.legacyExtParams) as Record<string, string> };
      }),
      devices: g.devices.map((d) => {
        let shown = d.deviceAdmin === undefined ? d : { ...d, deviceAdmin: REDACTED };
        if (d.unprovisionedFields !== undefined) shown = { ...shown, unprovisionedFields: redactSecretKeys(d.unprovisionedFields) as Record<string, string> };
        return d.extParams === undefined ? shown : { ...shown, extParams: redactSecretKeys(d.extParams) as JsonObject };
      }),
    })),
  };
}

/**
 * Whether a key holds a secret: the client's rule (`isSecretName`), and the legacy merchant's
 * signing key (`signKey`, which the public onboarding client sends in `extParams`).
 */
function isSecretKey(key: string): boolean {
  return isSecretName(key) || key === 'signKey';
}

/**
 * A terminal's acquirer fields may hold a secret (the legacy `jwtSecret`, 02 §2.4) at any depth of
 * `extParams.acquirers.<profileId>`; every key that names a secret is masked, by the client's own
 * rule (`isSecretName`: secret, token, password, pwd, passcode, API key, ...), so the dump hides
 * what paycfg's output hides.
 */
function redactSecretKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(redactSecretKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, isSecretKey(key) && typeof inner === 'string' ? REDACTED : redactSecretKeys(inner)]),
  );
}

export const adminRoutes: AdminRoute[] = [
  {
    method: 'POST',
    pattern: '/_sim/groups',
    handler: ({ runtime, body }) => ({
      body: upsertGroup(runtime.store, parseInput(groupSchema, body()), runtime.clock),
      changed: true,
    }),
  },
  {
    method: 'POST',
    pattern: '/_sim/activate',
    handler: ({ runtime, body }) => {
      const input = parseInput(activationSchema, body());
      return { body: deviceView(activateDevice(runtime.store, runtime.clock, input)), changed: true };
    },
  },
  {
    method: 'POST',
    pattern: '/_sim/reset',
    handler: ({ runtime }) => {
      runtime.store.clear();
      runtime.revokedTokens.clear();
      return { body: { reset: true }, changed: true };
    },
  },
  // The operator revokes a token (a key reset in the portal): the API refuses it from now on.
  {
    method: 'POST',
    pattern: '/_sim/tokens/revoke',
    handler: ({ runtime, body }) => {
      runtime.revokedTokens.revoke(parseInput(tokenRevocationSchema, body()).token);
      return { body: { revoked: true } };
    },
  },
  {
    method: 'GET',
    pattern: '/_sim/state',
    handler: ({ runtime, query }) => {
      const snapshot = runtime.store.snapshot();
      return { body: query.get('secrets') === 'true' ? snapshot : redactSecrets(snapshot) };
    },
  },
  // A terminal's payment (the service has no API for it): answers the transaction's detail record as GET /api/v2/order/{id} would.
  {
    method: 'POST',
    pattern: '/_sim/payments',
    handler: ({ runtime, body }) => {
      const { ctx, transaction } = makePayment(runtime.store, runtime.clock, runtime, parseInput(paymentSchema, body()));
      return { body: wireRecord(transactionDetailView(ctx.store, transaction), runtime.wireStyle), changed: true };
    },
  },
  // The acquirer refuses a settlement: the batch is SETTLE_FAILED until a settle succeeds. Answers the batch detail.
  {
    method: 'POST',
    pattern: '/_sim/settlement-failure',
    handler: ({ runtime, body }) => {
      const { batchId } = parseInput(settleSchema, body());
      const group = runtime.store.group(runtime.store.batch(batchId)?.groupId ?? '');
      if (!group) throw invalid(`batch ${batchId} not found`);
      const failed = failSettlement(serviceContext(runtime.store, group, runtime.clock, runtime), batchId);
      return { body: wireRecord(batchDetailView(runtime.store, failed), runtime.wireStyle), changed: true };
    },
  },
  // Mails the service would have sent (activation codes, receipts, settlement reports), oldest first.
  { method: 'GET', pattern: '/_sim/outbox', handler: ({ runtime }) => ({ body: { mails: runtime.store.outbox() } }) },
  // What the simulator was started with and does not change while it runs.
  {
    method: 'GET',
    pattern: '/_sim/settings',
    handler: ({ runtime }) => ({ body: { wireStyle: runtime.wireStyle, summaryLists: runtime.summaryLists } }),
  },
  { method: 'GET', pattern: '/_sim/faults', handler: ({ runtime }) => ({ body: runtime.faults.current() }) },
  {
    method: 'PUT',
    pattern: '/_sim/faults',
    handler: ({ runtime, body }) => {
      const { seed, ...changes } = parseInput(faultsSchema, body());
      return { body: runtime.faults.update(changes, seed) };
    },
  },
  { method: 'GET', pattern: '/_sim/stats', handler: ({ runtime }) => ({ body: runtime.stats.snapshot() }) },
  {
    method: 'POST',
    pattern: '/_sim/stats/reset',
    handler: ({ runtime }) => {
      runtime.stats.reset();
      return { body: runtime.stats.snapshot() };
    },
  },
];
