import { createHash } from 'node:crypto';
import { sortKeys } from '../model/canonical.js';
import { documentBlock, documentChange } from '../plan/plan-document.js';
import type { Plan } from '../plan/plan.js';
import { redactedChanges } from '../render/redact.js';

/**
 * The hash that ties a plan approved in review to the run that applied it: `sha256:` and the hex
 * SHA-256 of the canonical JSON (keys sorted at every level) of what the plan will do:
 * - `formatVersion`, `baseUrl` and `group` (and `environment`, when it was made for one): where it writes;
 * - `changes`, each whole (address, action, step, live id, fields before and after, patch,
 *   dependencies), in plan order, which the run follows where it can;
 * - `blocked` and `summary`: what it leaves undone, and its counts;
 * - `targets` of a partial plan;
 * - a promotion's `promotion` (source and target environments, whether unproven changes were
 *   allowed) and each change's `evidence`: what was approved is that change, proven so;
 * - `policyPacks`, when the plan names any: the packs an apply of it evaluates again, so that a saved
 *   plan stripped of them no longer passes as the plan reviewed;
 * - `serviceRecord`, when the plan was read with one: an apply of it reads the live group with that
 *   reading, so that a saved plan whose record was edited or stripped no longer passes as the plan reviewed.
 * The `origin` labels of `plan --base` are left out of changes and blocked changes alike.
 * Left out: `unmanaged`, `warnings` and `sensitive`, which describe the group and the plan's
 * wording but change nothing that is done; `findings` and `skippedRules`, which say what the checks
 * found (an apply evaluates the packs again on the plan it carries out); and every secret value: the plan is redacted first
 * (render/redact redactedChanges), so a plan and its saved copy (which is stored redacted) hash the
 * same, and a journal never holds a hash of a secret that a short passcode could be guessed back
 * from. A plan that differs only in a secret's new value hashes the same; any other difference in
 * what will be done changes the hash.
 */
export function planHash(plan: Plan): string {
  const hashed = {
    formatVersion: plan.formatVersion,
    baseUrl: plan.baseUrl,
    group: plan.group,
    // The API the writes go through is part of what will be done; absent for the current API, so older plans hash as they did.
    ...(plan.api !== undefined ? { api: plan.api } : {}),
    // The environment it is for is part of where it writes; absent without one, so older plans hash as they did.
    ...(plan.environment !== undefined ? { environment: plan.environment } : {}),
    // Labels of `plan --base` say why a change is there, not what it does: a plan hashes the same with or without them.
    // As the plan's document has them: what paycfg holds in memory beside the JSON (a role) is not hashed.
    changes: redactedChanges(plan).map((change) => withoutOrigin(documentChange(change))),
    blocked: plan.blocked.map((entry) => withoutOrigin(documentBlock(entry))),
    summary: plan.summary,
    ...(plan.targets !== undefined ? { targets: plan.targets } : {}),
    ...(plan.promotion !== undefined ? { promotion: plan.promotion } : {}),
    // The packs the plan is checked with gate its apply: a saved plan that lost them must not pass as the plan reviewed.
    ...(plan.policyPacks !== undefined ? { policyPacks: plan.policyPacks } : {}),
    // The reading an apply of it reads the live group with; absent without a record, so that such plans hash as they did.
    ...(plan.serviceRecord !== undefined ? { serviceRecord: plan.serviceRecord } : {}),
  };
  return `sha256:${createHash('sha256').update(JSON.stringify(sortKeys(hashed))).digest('hex')}`;
}

function withoutOrigin<T extends { readonly origin?: unknown }>(entry: T): Omit<T, 'origin'> {
  const { origin: _origin, ...rest } = entry;
  return rest;
}

/** Hex digits of the short form: as many as git shows of a commit, enough to tell a group's plans apart. */
const SHORT_DIGITS = 12;

/**
 * `sha256:748affe9e781`: the hash as people read and compare it (the plan's text, the journal's
 * summary), where 64 digits make a line of 71 characters that nobody reads to its end. Saved plans,
 * JSON, Markdown and journal records keep the whole hash. A text that is not a plan hash is kept.
 */
export function shortPlanHash(hash: string): string {
  return /^sha256:[0-9a-f]{64}$/.test(hash) ? hash.slice(0, 'sha256:'.length + SHORT_DIGITS) : hash;
}
