/**
 * Characters that have no place in payment configuration. A merchant name holding ESC [2K would
 * erase a line of whatever terminal shows it (paycfg's plan, the service's back office, a log
 * viewer), U+009B is the same in one character, NUL cuts a C string short, and a bidirectional
 * override shows text in an order it is not stored in ("Trojan Source"), so a reviewer would
 * approve a value other than the one applied.
 *
 * Refused everywhere, in every key and value, however written (raw in the file, as a YAML escape
 * such as "\e", "\x9b" or "\u202e", or from a ${VARIABLE}):
 * - the C0 controls U+0000..U+001F other than tab and line feed, and DEL U+007F;
 * - the C1 controls U+0080..U+009F;
 * - the bidirectional embeddings and overrides U+202A..U+202E and isolates U+2066..U+2069;
 * - a lone UTF-16 surrogate (a "\ud800" escape), which is not a character: it cannot be sent as UTF-8.
 * The bidirectional marks (U+200E, U+200F, U+061C) stay allowed: right-to-left names need them,
 * and they reorder nothing beyond the neutral characters next to them.
 *
 * Tab, line feed and the separators U+2028, U+2029 are allowed only in the few values that are
 * text of several lines (those the kinds declare multiLine: kinds/multi-line.ts); a name, an id,
 * a code or a key is one line. Carriage return is refused everywhere: YAML already turns a file's
 * CRLF line ends into line feeds, so a CR in a value was written on purpose, and a terminal uses
 * it to overwrite the line it is on.
 */
import { showControls } from '../util/visible-text.js';

/** Refused in every key and value. */
const NEVER = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;
/** Refused in one-line values and keys: the above, and tab, line feed, U+2028, U+2029. */
const NOT_IN_ONE_LINE = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;
/** Refused anywhere in a file's text, comments included: NEVER, except tab, LF and CR, which are YAML's own whitespace. */
const NEVER_IN_FILE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Any character that may be refused somewhere, surrogates of valid pairs included: without the `u`
 * flag this is a plain scan, several times faster than the exact expressions, and almost every
 * value of a manifest passes it.
 */
const MAYBE_REFUSED = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/;

/** False for text that every key and value may hold; when true, refusedCharacter says which character is refused, if any. */
export function mayBeRefused(text: string): boolean {
  return MAYBE_REFUSED.test(text);
}

/** The first character of `text` that a value (or key) may not hold, with its index in UTF-16 units. */
export function refusedCharacter(text: string, multiLine: boolean): { index: number; char: string } | undefined {
  if (!MAYBE_REFUSED.test(text)) return undefined;
  const match = (multiLine ? NEVER : NOT_IN_ONE_LINE).exec(text);
  return match === null ? undefined : { index: match.index, char: match[0] };
}

/** Why the character cannot be in a value: `U+001B (ESC), a control character`. */
export function describeCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const name = CHARACTER_NAMES[code];
  const id = `U+${code.toString(16).toUpperCase().padStart(4, '0')}${name === undefined ? '' : ` (${name})`}`;
  if (code === 0x09 || code === 0x0a || code === 0x2028 || code === 0x2029) return `${id}, which breaks the value into lines`;
  if (code >= 0xd800 && code <= 0xdfff) return `${id}, half of a UTF-16 surrogate pair without the other half, which is not a character`;
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) {
    return `${id}, a bidirectional control that shows text in another order than it is stored ("Trojan Source")`;
  }
  return `${id}, a control character (terminals and viewers act on it instead of showing it)`;
}

/** A character refused in a file's text, with its offset in the text (UTF-16 units). */
export interface RawCharacter {
  readonly offset: number;
  readonly char: string;
}

/** Refused characters written raw in a file, in order; at most `limit` of them, and how many there are in all. */
export function rawRefusedCharacters(text: string, limit: number): { found: RawCharacter[]; total: number } {
  const found: RawCharacter[] = [];
  let total = 0;
  NEVER_IN_FILE.lastIndex = 0;
  for (let match = NEVER_IN_FILE.exec(text); match !== null; match = NEVER_IN_FILE.exec(text)) {
    total++;
    if (found.length < limit) found.push({ offset: match.index, char: match[0] });
  }
  return { found, total };
}

/**
 * A message with every character of NOT_IN_ONE_LINE (line feed aside: messages are laid out in
 * lines by paycfg) written as a `\uXXXX` escape, so that a value quoted in a message cannot act
 * on the terminal that shows it. The escapes are JSON's, so a quoted value reads the same. The
 * escaper is the one of all paycfg's output (util/visible-text), in its JSON form.
 */
export function printable(message: string): string {
  return showControls(message, { keepNewlines: true, unicodeEscapes: true });
}

const CHARACTER_NAMES: Readonly<Record<number, string>> = {
  0x00: 'NUL',
  0x07: 'BEL',
  0x08: 'BS',
  0x09: 'TAB',
  0x0a: 'LF',
  0x0b: 'VT',
  0x0c: 'FF',
  0x0d: 'CR',
  0x1b: 'ESC',
  0x7f: 'DEL',
  0x85: 'NEL',
  0x9b: 'CSI',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LRE',
  0x202b: 'RLE',
  0x202c: 'PDF',
  0x202d: 'LRO',
  0x202e: 'RLO',
  0x2066: 'LRI',
  0x2067: 'RLI',
  0x2068: 'FSI',
  0x2069: 'PDI',
};
