import { ApiError } from '../api/errors.js';
import { PaycfgError } from '../errors.js';
import { scrubText, SENSITIVE } from '../render/redact.js';
import { tokenFragmentMask } from '../util/token-fragments.js';
import { showControls } from '../util/visible-text.js';
import type { ChangeFailure } from './records.js';

/** Makes free text safe to write into a journal. */
export type JournalText = (text: string) => string;

/**
 * Free text for a journal record (an address, a detail, a service message): every form of every
 * secret value the run sends and of the token masked, as the apply outcomes and the CLI's failure
 * lines mask them (render/redact scrubText), pieces of the token too (a gateway may quote part of
 * it), then every control character written as an escape (util/visible-text), so that a message
 * read back from the journal onto a terminal cannot drive it.
 */
export function journalText(secrets: readonly string[], token: string): JournalText {
  const hidden = token === '' ? [...secrets] : [...secrets, token];
  const fragments = tokenFragmentMask(token, SENSITIVE);
  return (text) => showControls(fragments(scrubText(text, hidden)));
}

/** A failed change's error as the journal records it: codes as they are, words cleaned. */
export function failureOf(error: unknown, clean: JournalText): ChangeFailure {
  const message = clean(error instanceof Error ? error.message : String(error));
  const code = error instanceof PaycfgError ? error.code : 'UNKNOWN';
  if (!(error instanceof ApiError)) return { code, message };
  return {
    code,
    ...(error.serviceCode !== undefined ? { serviceCode: error.serviceCode } : {}),
    httpStatus: error.httpStatus,
    // The client masks secret-looking query values in the path; the token can still be scrubbed.
    request: clean(`${error.method} ${error.path}`),
    message,
  };
}
