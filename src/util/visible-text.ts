/**
 * Text from the service shown on a terminal without letting it drive the terminal: a message
 * holding ESC [2K ESC [1A would otherwise erase a FAILED line and print whatever it likes in its
 * place, and a right-to-left override would show a line in an order it is not read in.
 *
 * Characters that move the cursor, erase, restyle or reorder text are written as escapes instead:
 * - C0 controls: `\e` (ESC), `\r`, `\t`, `\n` (kept as a line break where lines are paycfg's own),
 *   `\b`, `\f`, `\v`, `\0`, others `\x01`...`\x1f`;
 * - DEL and the C1 controls: `\u007f`, `\u0080`...`\u009f` (U+009B is a one-character CSI);
 * - bidirectional controls: the embeddings and overrides U+202A...U+202E and the isolates
 *   U+2066...U+2069: `\u202e` and so on;
 * - the line and paragraph separators U+2028, U+2029 (some viewers break lines on them).
 * The bidirectional marks U+200E, U+200F and U+061C are shown as they are: a manifest may hold them
 * (right-to-left names need them, see manifest/control-characters), and they reorder nothing
 * beyond the neutral characters next to them.
 * The `\u` escapes are also JSON's, so the same text stays valid JSON wherever it ends up inside
 * a JSON string. Backslashes themselves are left alone: the result is for reading, and escaping
 * it again changes nothing.
 */

/** Every character shown as an escape (the newline and the tab are let through where asked). */
const HIDDEN = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'g');
/** The same, and lone UTF-16 surrogates (for messages quoting a manifest, which may hold one). */
const HIDDEN_OR_LONE_ALL = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\p{Cs}/gu;
/** What JSON.stringify leaves raw inside strings; the line breaks of its layout are not among them. */
const RAW_IN_JSON = /[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const RAW_IN_JSON_ALL = new RegExp(RAW_IN_JSON.source, 'g');

const NAMED: Readonly<Record<string, string>> = {
  '\x00': '\\0',
  '\x08': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\x0b': '\\v',
  '\x0c': '\\f',
  '\r': '\\r',
  '\x1b': '\\e',
};

/** JSON's escape for one UTF-16 unit: `\u001b`. */
function unicodeEscapeOf(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** The escape paycfg shows for one hidden character. */
export function escapeOf(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.charCodeAt(0);
  return code < 0x20 ? `\\x${code.toString(16).padStart(2, '0')}` : unicodeEscapeOf(char);
}

/** True when `text` holds a character that would be shown as an escape (newlines included). */
export function hasHiddenChars(text: string): boolean {
  return HIDDEN.test(text);
}

export interface ShowOptions {
  /** Keep line breaks (text paycfg lays out in lines itself). */
  readonly keepNewlines?: boolean;
  /** Keep tabs. */
  readonly keepTabs?: boolean;
  /**
   * Write every escape in JSON's `\uXXXX` form (`\u001b`, not `\e`), and escape lone UTF-16
   * surrogates too: what manifest diagnostics quote (manifest/control-characters `printable`).
   */
  readonly unicodeEscapes?: boolean;
}

/**
 * `text` with every hidden character written as its escape. For one-line places (a failed
 * change, a service message) newlines are escaped too, so that no line can be forged.
 */
export function showControls(text: string, options: ShowOptions = {}): string {
  const unicode = options.unicodeEscapes === true;
  if (unicode) {
    HIDDEN_OR_LONE_ALL.lastIndex = 0;
    if (!HIDDEN_OR_LONE_ALL.test(text)) return text;
  } else if (!HIDDEN.test(text)) return text;
  return text.replace(unicode ? HIDDEN_OR_LONE_ALL : HIDDEN_ALL, (char) =>
    (char === '\n' && options.keepNewlines === true) || (char === '\t' && options.keepTabs === true)
      ? char
      : unicode
        ? unicodeEscapeOf(char)
        : escapeOf(char),
  );
}

/**
 * JSON.stringify, with the characters it leaves raw (DEL, C1, bidirectional controls, U+2028/9)
 * escaped as \uXXXX too. Outside strings JSON text is ASCII, so the replacement only ever lands
 * inside a string, where `\uXXXX` means the same character: the value is unchanged. JSON.stringify
 * already escapes every C0 control inside a string, so the only raw line breaks are its layout's,
 * and the scan leaves them alone (a callback per line would cost more than the stringify).
 */
export function stringifyJson(value: unknown, space?: number): string {
  const text = JSON.stringify(value, null, space);
  if (!RAW_IN_JSON.test(text)) return text;
  return text.replace(RAW_IN_JSON_ALL, unicodeEscapeOf);
}

/** What terminalSafe escapes: everything HIDDEN holds but line feed and tab. */
const UNSAFE_ON_TERMINAL_ALL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * The last line of defence on the way to the terminal: everything `showControls` escapes except
 * line breaks, tabs and the sequences in `keep` (paycfg's own SGR colours, see render/style). A
 * raw ESC from anywhere else, or any other control sequence, is shown instead of obeyed.
 */
export function terminalSafe(text: string, keep: readonly string[]): string {
  let out = '';
  let from = 0;
  UNSAFE_ON_TERMINAL_ALL.lastIndex = 0;
  for (let match = UNSAFE_ON_TERMINAL_ALL.exec(text); match !== null; match = UNSAFE_ON_TERMINAL_ALL.exec(text)) {
    const i = match.index;
    if (text.charCodeAt(i) === 0x1b) {
      const kept = keep.find((sequence) => text.startsWith(sequence, i));
      if (kept !== undefined) {
        UNSAFE_ON_TERMINAL_ALL.lastIndex = i + kept.length;
        continue;
      }
    }
    out += text.slice(from, i) + escapeOf(text[i]!);
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
