import { describe, expect, it } from 'vitest';
import { showControls, stringifyJson, terminalSafe } from '../../src/util/visible-text.js';
import { STYLE_SEQUENCES, createStyle } from '../../src/render/style.js';

describe('control characters made visible', () => {
  it('writes C0, DEL, C1 and bidirectional controls as escapes', () => {
    expect(showControls('a\x1b[2K\x1b[1Ab')).toBe('a\\e[2K\\e[1Ab');
    expect(showControls('\x00\x07\r\n\t\x7f\x9b\u202e\u2066\u2028')).toBe('\\0\\x07\\r\\n\\t\\u007f\\u009b\\u202e\\u2066\\u2028');
    expect(showControls('line 1\nline 2', { keepNewlines: true })).toBe('line 1\nline 2');
  });

  it('shows the bidirectional marks a manifest may hold as they are, in text, JSON and the output filter', () => {
    // A right-to-left name validates with its marks (manifest/control-characters), so output shows it the same.
    const name = 'מסעדה\u200f 12\u200e \u061cشاي';
    expect(showControls(name)).toBe(name);
    expect(stringifyJson({ name })).toBe(JSON.stringify({ name }));
    expect(terminalSafe(name, STYLE_SEQUENCES)).toBe(name);
    // The overrides and isolates next to them are still escaped.
    expect(showControls('a\u200f\u202eb\u2067c')).toBe('a\u200f\\u202eb\\u2067c');
  });

  it('writes manifest messages with JSON escapes, lone surrogates included, through the same escaper', () => {
    expect(showControls('a\x1b[2K\tb\ud800\n\u200f', { keepNewlines: true, unicodeEscapes: true })).toBe('a\\u001b[2K\\u0009b\\ud800\n\u200f');
    expect(showControls('\u{1f600} stays', { unicodeEscapes: true })).toBe('\u{1f600} stays');
  });

  it('leaves printable text, accents and emoji alone, and changes nothing the second time', () => {
    const text = 'Café ✏️ 🗑️ a\\b';
    expect(showControls(text)).toBe(text);
    const once = showControls('x\x1b\u202ey');
    expect(showControls(once)).toBe(once);
  });

  it('writes JSON whose strings escape C1 and bidi too, and that parses back to the same value', () => {
    const value = { name: 'a\x9b\u202e\x7f\x1b\u2028b' };
    const text = stringifyJson(value, 2);
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('keeps the line breaks of pretty-printed JSON and JSON.stringify\'s own escapes of C0 controls', () => {
    const value = { a: 'x\ny\x1b', b: ['\u2028'] };
    expect(stringifyJson(value, 2)).toBe(JSON.stringify(value, null, 2).replace('\u2028', '\\u2028'));
    expect(stringifyJson({ a: 'plain' }, 2)).toBe(JSON.stringify({ a: 'plain' }, null, 2));
  });

  it("lets paycfg's own colours through the output filter and shows everything else", () => {
    const style = createStyle(true);
    const ours = style.red(style.bold('FAILED'));
    expect(terminalSafe(`${ours}\n`, STYLE_SEQUENCES)).toBe(`${ours}\n`);
    expect(terminalSafe('x\x1b[2K\x1b[1AApply complete\x1b[8m\r\n', STYLE_SEQUENCES)).toBe('x\\e[2K\\e[1AApply complete\\e[8m\\r\n');
  });
});
