import { KIND_LABEL, KIND_PLURAL, KINDS } from '../model/kinds.js';
import { showControls } from '../util/visible-text.js';
import { originOf } from './metrics.js';
import { isDrifted } from './observe.js';
import type { DriftFindings, DriftObservation, DriftTransition } from './types.js';

/**
 * The webhook's message: Slack-compatible JSON holding `text` alone, which Slack's incoming
 * webhooks, Mattermost and other Slack-compatible receivers all show (Slack's `blocks` would tie
 * it to Slack and to its limit of 50 blocks). One message per run lists every transition (up to
 * MAX_TRANSITIONS_PER_POST; more make more messages): a fleet whose groups drift together posts
 * once rather than once a group, which is kinder to a receiver's rate limit (Slack's is about one
 * message a second). The text names groups, addresses and counts: never a value of a record.
 */
export const MAX_TRANSITIONS_PER_POST = 25;
/** Addresses listed per group; the rest are counted. */
export const MAX_ADDRESSES_LISTED = 10;

export interface WebhookMessage {
  readonly text: string;
}

export function webhookMessage(transitions: readonly DriftTransition[], observations: ReadonlyMap<DriftTransition, DriftObservation>): WebhookMessage {
  const counts = (['newly-drifted', 'changed', 'resolved'] as const)
    .map((kind) => [kind, transitions.filter((transition) => transition.kind === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${WORDS[kind]}`);
  const groups = transitions.length === 1 ? '1 group' : `${transitions.length} groups`;
  const lines = [`paycfg drift: ${groups} ${counts.join(', ')}`];
  for (const transition of transitions) lines.push(transitionLine(transition, observations.get(transition)?.drift));
  return { text: lines.join('\n') };
}

const WORDS: Readonly<Record<DriftTransition['kind'], string>> = { 'newly-drifted': 'newly drifted', changed: 'drift changed', resolved: 'drift resolved' };

function transitionLine(transition: DriftTransition, drift: DriftFindings | undefined): string {
  const { subject } = transition;
  const who = `${subject.group}${subject.name !== undefined ? ` (${subject.name})` : ''} at ${originOf(subject.baseUrl)}`;
  const what = drift === undefined ? '' : transition.kind === 'resolved' || !isDrifted(drift) ? ': the live group matches the manifests' : `: ${driftSummary(drift)}`;
  return safe(`• ${who}: ${WORDS[transition.kind]}${what}`);
}

function driftSummary(drift: DriftFindings): string {
  const parts: string[] = [];
  const differ = total(drift.drifted);
  if (differ > 0) parts.push(`${differ} ${differ === 1 ? 'record differs' : 'records differ'} (${byKind(drift.drifted)})`);
  const unmanaged = total(drift.unmanaged);
  if (unmanaged > 0 && drift.ignoreUnmanaged !== true) parts.push(`${unmanaged} not managed (${byKind(drift.unmanaged)})`);
  const listed = drift.addresses.slice(0, MAX_ADDRESSES_LISTED).join(', ');
  const more = drift.addresses.length > MAX_ADDRESSES_LISTED ? ` and ${drift.addresses.length - MAX_ADDRESSES_LISTED} more` : '';
  return `${parts.join('; ')}${listed === '' ? '' : `: ${listed}${more}`}`;
}

function total(counts: Readonly<Record<string, number>>): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/** `1 merchant, 2 devices`, the kinds in dependency order; empty when every count is 0. */
function byKind(counts: Readonly<Record<string, number>>): string {
  return KINDS.filter((kind) => (counts[kind] ?? 0) > 0)
    .map((kind) => {
      const count = counts[kind] ?? 0;
      return `${count} ${count === 1 ? KIND_LABEL[kind] : KIND_PLURAL[kind]}`;
    })
    .join(', ');
}

/**
 * One line of the message, safe to show: control characters as escapes (a record key read from
 * the service cannot forge a line or drive a terminal), and `&`, `<`, `>` escaped as Slack asks,
 * so that a key such as `<!channel>` is shown rather than obeyed.
 */
function safe(line: string): string {
  return showControls(line).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
