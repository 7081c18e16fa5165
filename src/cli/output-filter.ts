import { REDACTED } from '../api/redact.js';
import { STYLE_SEQUENCES } from '../render/style.js';
import { createScrubber, type Scrubber } from '../util/scrub.js';
import { terminalSafe } from '../util/visible-text.js';

/**
 * What every chunk paycfg prints goes through, whatever produced it: the access token masked in
 * every form (util/secret-forms), and every control character but line breaks, tabs and paycfg's
 * own colours shown as an escape. Renderers and error classes already do both for what they know
 * comes from the service; this catches what they missed, such as a live record that holds the token
 * quoted in a message of a stage that does not know the token.
 */

/**
 * Tokens shorter than this are not masked in output at large: a test token "t" would garble every
 * word. Real bearer tokens are far longer; the transport masks the token in service messages
 * whatever its length.
 */
export const MIN_HIDDEN_IN_OUTPUT = 8;

/** The token as the client reads it from PAYCFG_TOKEN (see api/config checkToken). */
function tokenOf(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const raw = env['PAYCFG_TOKEN']?.trim().replace(/^bearer\s+/i, '');
  return raw === undefined || raw === '' ? undefined : raw;
}

export interface OutputFilter {
  (chunk: string): string;
  /** Masks `secret` in everything printed from now on. */
  hide(secret: string): void;
}

export function createOutputFilter(env: Readonly<Record<string, string | undefined>>): OutputFilter {
  const hidden = new Set<string>();
  let scrubber: Scrubber = (text) => text;
  const hide = (secret: string): void => {
    if (secret.length < MIN_HIDDEN_IN_OUTPUT || hidden.has(secret)) return;
    hidden.add(secret);
    scrubber = createScrubber(hidden, REDACTED);
  };
  const token = tokenOf(env);
  if (token !== undefined) hide(token);
  const filter = ((chunk: string) => terminalSafe(scrubber(chunk), STYLE_SEQUENCES)) as OutputFilter;
  filter.hide = hide;
  return filter;
}
