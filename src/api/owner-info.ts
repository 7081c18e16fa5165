import type { OwnerInfo } from './wire-types.js';

/**
 * The message formats of the PBO group, from GET /api/v2/current. The reference types
 * `messageFormat` as a string; the real service sends a JSON-encoded array of names
 * (`"[\"SVC_ENABLER\"]"`). Both are read: a JSON array of strings as the list, anything else as
 * a plain name or a comma-separated list of names. Absent or empty: no formats.
 */
export function ownerMessageFormats(owner: Pick<OwnerInfo, 'messageFormat'>): string[] {
  const text = owner.messageFormat?.trim() ?? '';
  if (text === '') return [];
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) {
        return parsed.map((item) => item.trim()).filter((item) => item !== '');
      }
    } catch {
      // Not JSON after all: read as plain text below.
    }
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
