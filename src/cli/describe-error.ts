import { PaycfgError } from '../errors.js';
import { scrubText } from '../render/redact.js';

/**
 * One line for a failed change: the error's message (API errors name the method, path, service
 * code and message) with every known secret value scrubbed, whatever the service echoed back.
 */
export function describeError(error: unknown, secrets: readonly string[]): string {
  const text = error instanceof PaycfgError || error instanceof Error ? error.message : String(error);
  return scrubText(text, secrets);
}
