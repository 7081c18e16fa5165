/**
 * Libraries' messages (zod, yaml) start with a capital ("Invalid input"); paycfg's continue a
 * sentence. Acronyms ("EMV config") stay as they are.
 */
export function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** `1 merchant`, `2 merchants`: English plurals of the nouns paycfg counts. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
