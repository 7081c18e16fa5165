/**
 * The template's placeholders: `{{name}}` (the target's name), `{{group}}` (its group) and
 * `{{VALUE}}` (a value the target, or the template, writes). Filled once per target, as written:
 * what a placeholder is filled with is not read for placeholders again.
 */

/** `{{ NAME }}`, spaces inside allowed. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The names of the target itself, which no value of that name overrides. */
export const TARGET_PLACEHOLDERS = ['name', 'group'] as const;

/** What a text's placeholders name, in order, each once. */
export function placeholdersOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1] as string))];
}

/** Whether every `{{` of a text opens a placeholder (and every `}}` closes one). */
export function wellFormedPlaceholders(text: string): boolean {
  const rest = text.replace(PLACEHOLDER, '');
  return !rest.includes('{{') && !rest.includes('}}');
}

export const MALFORMED_PLACEHOLDER = 'has a "{{" or "}}" that is not a placeholder: write {{name}}, {{group}} or {{VALUE}}, VALUE a value\'s name';

/** The text with each placeholder replaced by what `fill` gives for its name. */
export function fillPlaceholders(text: string, fill: (name: string) => string): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => fill(name));
}
