import { originOf } from './metrics.js';
import { sendWithRetries, type SendOptions } from './http-send.js';

/** The push gateway's job for drift metrics. */
export const PUSH_JOB = 'paycfg_drift';

/**
 * `<gateway>/metrics/job/paycfg_drift[/<label>/<value>...]`: each value as it is when it is plain,
 * else base64url under `<label>@base64` (the push gateway's form for a value holding a slash).
 */
export function pushUrl(gateway: string, groupingKey: Readonly<Record<string, string>>): string {
  const segments = ['metrics', 'job', PUSH_JOB];
  for (const [label, value] of Object.entries(groupingKey)) {
    if (/^[A-Za-z0-9._~-]+$/.test(value)) segments.push(label, value);
    else segments.push(`${label}@base64`, value === '' ? '=' : Buffer.from(value, 'utf8').toString('base64url'));
  }
  return `${gateway.replace(/\/+$/, '')}/${segments.join('/')}`;
}

/** PUTs the metrics (replacing what was pushed under the same key before); a warning when it fails, never an error. */
export async function pushMetrics(
  gateway: string,
  groupingKey: Readonly<Record<string, string>>,
  text: string,
  retry: Pick<SendOptions, 'attempts' | 'backoffMs' | 'sleep' | 'timeoutMs'>,
): Promise<string | undefined> {
  // The text format 0.0.4 is what every push gateway reads; the text is that format as well as OpenMetrics (metrics.ts).
  const outcome = await sendWithRetries({ method: 'PUT', url: pushUrl(gateway, groupingKey), body: text, contentType: 'text/plain; version=0.0.4; charset=utf-8', ...retry });
  if (outcome.ok) return undefined;
  return `push to the push gateway at ${originOf(gateway)} failed after ${outcome.attempts} ${outcome.attempts === 1 ? 'attempt' : 'attempts'} (${outcome.error}); the metrics there are those of an earlier run`;
}
