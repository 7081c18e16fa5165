/**
 * Text placed in an XML 1.0 document (the JUnit report): escaped so that no value can close an
 * element or an attribute, and cleared of what XML 1.0 cannot carry at all, escaped or not.
 *
 * XML 1.0 (§2.2, Char) allows tab, LF, CR, U+0020..U+D7FF, U+E000..U+FFFD and U+10000..U+10FFFF.
 * Everything else (the other C0 controls, a lone UTF-16 surrogate, U+FFFE and U+FFFF) makes the
 * document not well-formed, and `&#1;` is refused too: the only way to keep the document readable
 * is to leave such a character out. Reports pass their texts through visible-text's showControls
 * first, which writes controls as visible escapes, so in practice only U+FFFE and U+FFFF reach the
 * removal; it is here so that this module is safe on its own.
 */

/** Characters XML 1.0 cannot carry; the `u` flag makes a valid surrogate pair one character, which is kept. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** `text` without the characters XML 1.0 cannot carry. */
export function xmlChars(text: string): string {
  return text.replace(NOT_XML_CHAR, '');
}

/**
 * Character data: `&`, `<` and `>` escaped (`>` for `]]>`), CR as `&#13;` (a parser turns a raw CR
 * into LF, so a CR must be written as a reference to survive).
 */
export function xmlText(text: string): string {
  return xmlChars(text).replace(/[&<>\r]/g, (char) => TEXT_ESCAPES[char]!);
}

/**
 * An attribute value in double quotes: also `"` and `'`, and tab, LF and CR as references (a
 * parser normalises raw ones to spaces, XML 1.0 §3.3.3).
 */
export function xmlAttribute(text: string): string {
  return xmlChars(text).replace(/[&<>"'\t\n\r]/g, (char) => ATTRIBUTE_ESCAPES[char]!);
}

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = { ...TEXT_ESCAPES, '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;' };
