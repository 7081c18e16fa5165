import { describe, expect, it } from 'vitest';
import { xmlAttribute, xmlChars, xmlText } from '../../src/findings/xml-text.js';
import { junitSchemaErrors } from './schemas.js';
import { unescapeXml } from './xml-reading.js';

describe('xml-text', () => {
  it('escapes markup in character data and in attributes', () => {
    expect(xmlText(`a & b < c > d "e" 'f' ]]>`)).toBe(`a &amp; b &lt; c &gt; d "e" 'f' ]]&gt;`);
    expect(xmlAttribute(`a & b < c > d "e" 'f'`)).toBe('a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;');
  });

  it('keeps line breaks in character data, and writes tab, LF and CR as references in attributes, where a parser would make them spaces', () => {
    expect(xmlText('one\ntwo\tthree\rfour')).toBe('one\ntwo\tthree&#13;four');
    expect(xmlAttribute('one\ntwo\tthree\rfour')).toBe('one&#10;two&#9;three&#13;four');
    expect(unescapeXml(xmlAttribute('one\ntwo\tthree\rfour'))).toBe('one\ntwo\tthree\rfour');
  });

  it('drops what XML 1.0 cannot carry (C0 controls but tab, LF and CR; lone surrogates; U+FFFE, U+FFFF), and keeps every other character', () => {
    const controls = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).join('');
    expect(xmlChars(controls)).toBe('\t\n\r');
    expect(xmlChars('a\ud800b\udc00c\ufffed\uffffe')).toBe('abcde');
    const kept = 'DEL \x7f C1 \x85 Zürich 東京 💳 \u202e \ufffd \u{10ffff}';
    expect(xmlChars(kept)).toBe(kept);
  });

  it('every string escaped is well-formed in an element and in an attribute', async () => {
    const all = Array.from({ length: 0x300 }, (_, code) => String.fromCharCode(code)).join('') + '\ud800\udfff\ufffe\uffff💳';
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="${xmlAttribute(all)}" tests="1" failures="0" errors="0"><system-out>${xmlText(all)}</system-out></testsuite></testsuites>\n`;
    expect(await junitSchemaErrors(xml)).toEqual([]);
  });
});
