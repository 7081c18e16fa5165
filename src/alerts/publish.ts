import { access, stat } from 'node:fs/promises';
import { constants } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InternalError } from '../errors.js';
import { describeFsError, writeFileAtomically } from '../util/atomic-file.js';
import { AlertConfigError } from './errors.js';
import { defaultBackoffMs, defaultSleep, sendWithRetries, type SendOptions } from './http-send.js';
import { originOf, renderDriftMetrics } from './metrics.js';
import { pushMetrics } from './push-gateway.js';
import { groupKey, readDriftState, writeDriftState, type DriftState, type GroupState } from './state.js';
import { stepGroup, type GroupStep } from './transitions.js';
import { MAX_TRANSITIONS_PER_POST, webhookMessage } from './webhook-message.js';
import type { AlertOptions, AlertReport, DriftObservation, DriftSubject, DriftTransition } from './types.js';

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_TIMEOUT_MS = 10_000;

/** Whether the options ask for anything at all. */
export function alertsRequested(options: AlertOptions): boolean {
  return options.metricsFile !== undefined || options.pushGateway !== undefined || options.webhookUrl !== undefined || options.stateFile !== undefined;
}

/**
 * What a drift command checks before its first request, so that a run whose alerts could not be
 * published fails before it reads anything: the URLs are http(s) URLs, a webhook has a state file,
 * the state file (when there is one) reads as a drift state, and the metrics file's directory is
 * there to write in. `paycfg drift` and `paycfg fleet drift` call it before the plan.
 *
 * @throws AlertConfigError (exit 1), naming the file or the flag; a webhook URL only by its origin.
 */
export async function preflightDriftAlerts(options: AlertOptions): Promise<void> {
  checkUrls(options);
  if (options.stateFile !== undefined) await readDriftState(resolve(options.cwd, options.stateFile));
  if (options.metricsFile !== undefined) await checkWritableDirectory(resolve(options.cwd, options.metricsFile), 'metrics file');
  if (options.stateFile !== undefined) await checkWritableDirectory(resolve(options.cwd, options.stateFile), 'drift state file');
}

function checkUrls(options: AlertOptions): void {
  if (options.webhookUrl !== undefined) {
    if (options.stateFile === undefined) throw new AlertConfigError('a drift webhook needs a state file to tell a change of drift from the same drift seen again: give --state FILE');
    if (!isHttpUrl(options.webhookUrl)) throw new AlertConfigError('the drift webhook URL is not an http:// or https:// URL (the URL itself is not shown: it is a secret)');
  }
  if (options.pushGateway !== undefined && !isHttpUrl(options.pushGateway)) {
    throw new AlertConfigError(`the push gateway URL ${JSON.stringify(originOf(options.pushGateway) || 'given')} is not an http:// or https:// URL`);
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

async function checkWritableDirectory(path: string, what: string): Promise<void> {
  const directory = dirname(path);
  try {
    if (!(await stat(directory)).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    await access(directory, constants.W_OK);
  } catch (error) {
    throw new AlertConfigError(`cannot write the ${what} ${path}: its directory ${directory}: ${describeFsError(error)}`, { path });
  }
}

/**
 * Writes the metrics, pushes them, compares with the state file, posts the webhook when a group's
 * drift changed, and writes the new state. A failed post or push is retried, then reported in the
 * AlertReport, never thrown; the groups whose post failed keep their old state, so the next run
 * posts again. Throws only for what the user must fix before the check can be trusted: an
 * unreadable or malformed state file, a metrics or state file that cannot be written.
 *
 * @throws AlertConfigError (exit 1).
 */
export async function publishDriftAlerts(observations: readonly DriftObservation[], options: AlertOptions): Promise<AlertReport> {
  if (!alertsRequested(options)) return { transitions: [], warnings: [] };
  checkUrls(options);
  const stateFile = options.stateFile !== undefined ? resolve(options.cwd, options.stateFile) : undefined;
  const state: DriftState | undefined = stateFile !== undefined ? await readDriftState(stateFile) : undefined;
  const keys = observations.map((observation) => groupKey(observation.subject));
  const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
  if (duplicate !== undefined) throw new InternalError(`publishDriftAlerts: group ${duplicate} observed twice in one run`);
  const steps = observations.map((observation, index) => stepGroup(state?.groups[keys[index]!], observation));

  const retry: Pick<SendOptions, 'attempts' | 'backoffMs' | 'sleep' | 'timeoutMs'> = {
    attempts: options.webhookAttempts ?? DEFAULT_ATTEMPTS,
    backoffMs: options.backoffMs ?? defaultBackoffMs,
    sleep: options.sleep ?? defaultSleep,
    timeoutMs: options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const warnings: string[] = [];
  const metrics = renderDriftMetrics(observations.map((observation, index) => ({ observation, state: steps[index]!.told })));
  let metricsFile: string | undefined;
  if (options.metricsFile !== undefined) {
    metricsFile = resolve(options.cwd, options.metricsFile);
    try {
      await writeFileAtomically(metricsFile, metrics);
    } catch (error) {
      throw new AlertConfigError(`cannot write the metrics file ${metricsFile}: ${describeFsError(error)}`, { path: metricsFile });
    }
  }
  let pushed: boolean | undefined;
  if (options.pushGateway !== undefined) {
    const warning = await pushMetrics(options.pushGateway, options.pushGroupingKey ?? defaultGroupingKey(observations), metrics, retry);
    pushed = warning === undefined;
    if (warning !== undefined) warnings.push(warning);
  }

  // Without a state file there is nothing to compare with: every drifted group would look newly drifted.
  const transitions = state === undefined ? [] : steps.flatMap((step) => (step.transition !== undefined ? [step.transition] : []));
  const untold = new Set<DriftTransition>();
  let webhook: AlertReport['webhook'];
  if (options.webhookUrl !== undefined) {
    const outcome = await postTransitions(options.webhookUrl, steps, observations, retry);
    for (const transition of outcome.untold) untold.add(transition);
    webhook = { posted: transitions.length - outcome.untold.length, failed: outcome.failed };
    warnings.push(...outcome.warnings);
  }

  if (stateFile !== undefined && state !== undefined) {
    const groups: Record<string, GroupState> = { ...state.groups };
    steps.forEach((step, index) => {
      groups[keys[index]!] = step.transition !== undefined && untold.has(step.transition) ? step.untold : step.told;
    });
    await writeDriftState(stateFile, { ...state, groups });
  }
  return {
    transitions,
    ...(metricsFile !== undefined ? { metricsFile } : {}),
    ...(pushed !== undefined ? { pushed } : {}),
    ...(stateFile !== undefined ? { stateFile } : {}),
    ...(webhook !== undefined ? { webhook } : {}),
    warnings,
  };
}

/** One group: its own key, so that runs of different groups do not replace each other's metrics. */
function defaultGroupingKey(observations: readonly DriftObservation[]): Readonly<Record<string, string>> {
  return observations.length === 1 ? { group: observations[0]!.subject.group } : {};
}

interface PostOutcome {
  readonly untold: readonly DriftTransition[];
  readonly failed: { readonly subject: DriftSubject; readonly error: string }[];
  readonly warnings: readonly string[];
}

/** Posts the transitions, MAX_TRANSITIONS_PER_POST a message; those of a message that failed are untold. */
async function postTransitions(
  webhookUrl: string,
  steps: readonly GroupStep[],
  observations: readonly DriftObservation[],
  retry: Pick<SendOptions, 'attempts' | 'backoffMs' | 'sleep' | 'timeoutMs'>,
): Promise<PostOutcome> {
  const observed = new Map<DriftTransition, DriftObservation>();
  steps.forEach((step, index) => {
    if (step.transition !== undefined) observed.set(step.transition, observations[index]!);
  });
  const transitions = [...observed.keys()];
  const untold: DriftTransition[] = [];
  const failed: { subject: DriftSubject; error: string }[] = [];
  const warnings: string[] = [];
  for (let start = 0; start < transitions.length; start += MAX_TRANSITIONS_PER_POST) {
    const batch = transitions.slice(start, start + MAX_TRANSITIONS_PER_POST);
    const body = JSON.stringify(webhookMessage(batch, observed));
    const outcome = await sendWithRetries({ method: 'POST', url: webhookUrl, body, contentType: 'application/json', ...retry });
    if (outcome.ok) continue;
    untold.push(...batch);
    for (const transition of batch) failed.push({ subject: transition.subject, error: outcome.error });
    const attempts = `${outcome.attempts} ${outcome.attempts === 1 ? 'attempt' : 'attempts'}`;
    warnings.push(
      `the drift webhook at ${originOf(webhookUrl)} did not take the post of ${describeTransitions(batch)} after ${attempts} (${outcome.error}); ` +
        'the state keeps them pending and the next run posts them again',
    );
  }
  return { untold, failed, warnings };
}

/** `G-00000001 newly drifted, G-00000002 (acme) resolved`. */
export function describeTransitions(transitions: readonly DriftTransition[]): string {
  return transitions.map((transition) => `${transition.subject.group}${transition.subject.name !== undefined ? ` (${transition.subject.name})` : ''} ${TRANSITION_WORDS[transition.kind]}`).join(', ');
}

const TRANSITION_WORDS: Readonly<Record<DriftTransition['kind'], string>> = { 'newly-drifted': 'newly drifted', changed: 'drift changed', resolved: 'drift resolved' };
