import { checkToken, TOKEN_ENV } from '../api/config.js';
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

/**
 * The token as the client reads it from PAYCFG_TOKEN (api/config checkToken). A value the client
 * refuses (holding spaces or line breaks) is never sent, and is still masked as written.
 */
function tokenOf(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const raw = env[TOKEN_ENV];
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return checkToken(raw, TOKEN_ENV);
  } catch {
    return raw.trim();
  }
}

/**
 * The cursor sequences the interactive progress display (cli/progress/live-area) draws with:
 * erase the line, move up one line, go to column 1, hide and show the cursor; and the colours
 * (SGR) it styles its lines with. Its frames go through the filter with these kept; the texts it
 * shows (titles, failed changes) are escaped before they reach it (cli/apply-progress), so no
 * text from the service can bring such a sequence of its own.
 */
export const DISPLAY_SEQUENCES: readonly string[] = [
  ...STYLE_SEQUENCES,
  ...Array.from({ length: 108 }, (_, code) => `\u001b[${code}m`),
  '\u001b[2K',
  '\u001b[1A',
  '\u001b[G',
  '\u001b[?25l',
  '\u001b[?25h',
];

export interface OutputFilter {
  (chunk: string): string;
  /** The filter for the progress display's frames: the same, keeping DISPLAY_SEQUENCES as well. */
  display(chunk: string): string;
  /** Masks `secret` in everything printed from now on. */
  hide(secret: string): void;
}

export function createOutputFilter(env: Readonly<Record<string, string | undefined>>): OutputFilter {
  const hidden = new Set<string>();
  let scrubber: Scrubber = (text) => text;
  const hide = (secret: string): void => {
    if (secret.length < MIN_HIDDEN_IN_OUTPUT || hidden.has(secret)) return;
    hidden.add(secret);
    // The whole token only: pieces of it are masked where the client quotes the service (api/,
    // util/token-fragments), not here, since tokens of one issuer share long runs (a JWT's header)
    // and masking those would garble an exported manifest or another token printed on purpose.
    scrubber = createScrubber(hidden, REDACTED);
  };
  const token = tokenOf(env);
  if (token !== undefined) hide(token);
  const filter = ((chunk: string) => terminalSafe(scrubber(chunk), STYLE_SEQUENCES)) as OutputFilter;
  filter.display = (chunk) => terminalSafe(scrubber(chunk), DISPLAY_SEQUENCES);
  filter.hide = hide;
  return filter;
}
