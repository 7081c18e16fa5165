import { PaycfgError } from '../errors.js';
import { scrubText } from '../render/redact.js';
import { showControls } from '../util/visible-text.js';

/**
 * One line for a failed change: the error's message (API errors name the method, path, service
 * code and message) with every known secret value scrubbed, in every encoding, whatever the
 * service echoed back, and every control character, line breaks included, shown as an escape, so
 * that no message can redraw the screen or pass for a line of its own.
 */
export function describeError(error: unknown, secrets: readonly string[]): string {
  const text = error instanceof PaycfgError || error instanceof Error ? error.message : String(error);
  return showControls(scrubText(text, secrets));
}
