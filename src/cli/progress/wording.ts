import type { Change } from '../../plan/plan.js';
import { SENSITIVE } from '../../render/redact.js';
import { createScrubber } from '../../util/scrub.js';
import { showControls } from '../../util/visible-text.js';
import { describeError } from '../describe-error.js';

/**
 * What the progress says of a change and of a failure: only text that is safe to show. The
 * display's frames keep their own cursor sequences through the output filter, so nothing from the
 * service may reach them unescaped.
 */
export interface Wording {
  /** The change's address, token masked and control characters escaped (a live-only record's key comes from the service). */
  address(change: Change): string;
  /** One line for a failure: secrets masked, control characters escaped (cli/describe-error). */
  failure(error: unknown): string;
  /** Free text of the executor that may quote the service (a skip's reason, a done change's detail). */
  text(text: string): string;
}

export function wordingOf(secrets: readonly string[], token: string): Wording {
  const mask = token === '' ? (text: string) => text : createScrubber([token], SENSITIVE);
  const text = (t: string): string => showControls(mask(t));
  const hidden = [...secrets, token];
  // A rename in place (`moved:`) names both addresses: the log says what the record was called before.
  const address = (change: Change): string => (change.movedFrom === undefined ? text(change.address) : `${text(change.movedFrom)} → ${text(change.address)}`);
  return { address, failure: (error) => describeError(error, hidden), text };
}

const VERB: Record<Change['action'], string> = { create: 'create', update: 'update', delete: 'delete', replace: 'replace' };

/** What a change does, in one word: a terminal's logout or decommission, a detach step, else its action. */
export function verb(change: Change): string {
  if (change.disposal === 'logout') return 'logout';
  if (change.disposal === 'decommission') return 'decommission';
  if (change.step === 'detach') return 'detach';
  return VERB[change.action];
}
