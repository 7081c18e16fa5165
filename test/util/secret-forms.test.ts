import { describe, expect, it } from 'vitest';
import { scrub } from '../../src/util/scrub.js';
import { secretForms } from '../../src/util/secret-forms.js';

const SECRET = 'pa"ss\\wörd/1 +x';

/** `secret` at `offset` bytes into a blob, base64-encoded with the given alphabet. */
function inBase64(secret: string, offset: number, alphabet: 'base64' | 'base64url'): string {
  return Buffer.concat([Buffer.alloc(3 + offset, 0x41), Buffer.from(secret), Buffer.from(' trailing bytes')]).toString(alphabet);
}

describe('secret forms', () => {
  const encodings: Array<[string, string]> = [
    ['raw', SECRET],
    ['JSON-escaped', JSON.stringify(SECRET).slice(1, -1)],
    ['JSON.stringify whole', JSON.stringify(SECRET)],
    ['JSON inside JSON (a body echoed in a JSON string)', JSON.stringify(JSON.stringify({ passcode: SECRET }))],
    ['JSON with \\u escapes (Python)', '"pa\\"ss\\\\w\\u00f6rd/1 +x"'],
    ['JSON with \\/ (PHP)', '"pa\\"ss\\\\w\\u00F6rd\\/1 +x"'],
    ['encodeURIComponent', encodeURIComponent(SECRET)],
    ['encodeURIComponent, lower-case hex', encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())],
    ['form encoding', new URLSearchParams({ p: SECRET }).toString()],
    ['URL-encoded JSON body', encodeURIComponent(JSON.stringify({ passcode: SECRET }))],
    ['base64 alone', Buffer.from(SECRET).toString('base64')],
    ['base64url alone, unpadded', Buffer.from(SECRET).toString('base64url')],
    ['base64 of a JSON body', Buffer.from(JSON.stringify({ deviceAdmin: SECRET })).toString('base64')],
  ];
  for (const offset of [0, 1, 2]) {
    encodings.push([`inside base64 at offset ${offset}`, inBase64(SECRET, offset, 'base64')]);
    encodings.push([`inside base64url at offset ${offset}`, inBase64(SECRET, offset, 'base64url')]);
  }

  for (const [name, text] of encodings) {
    it(`masks the secret ${name}`, () => {
      const masked = scrub(`before ${text} after`, [SECRET], '#');
      expect(masked).toContain('#');
      expect(masked.startsWith('before ')).toBe(true);
      expect(masked.endsWith(' after')).toBe(true);
      for (const form of [SECRET, JSON.stringify(SECRET).slice(1, -1), encodeURIComponent(SECRET)]) expect(masked.includes(form)).toBe(false);
    });
  }

  it('leaves text without the secret alone', () => {
    const text = 'bad body: {"mchName":"coffee","contactEmail":"a@b.c"} and Y29mZmVl';
    expect(scrub(text, [SECRET], '#')).toBe(text);
  });

  it('lists literal forms only, longest first, without the empty string', () => {
    const forms = secretForms('abc"def');
    expect(forms).toContain('abc"def');
    expect(forms).toContain('abc\\"def');
    expect(forms).toContain('abc\\\\\\"def');
    expect(forms).toContain('abc%22def');
    expect(forms).not.toContain('');
    expect([...forms].sort((a, b) => b.length - a.length)).toEqual(forms);
    expect(secretForms('')).toEqual([]);
  });

  it('masks overlapping occurrences of two secrets as one run, so no part of either shows', () => {
    expect(scrub('x abcdefgh y', ['abcdef', 'defgh'], '#')).toBe('x # y');
    expect(scrub('pw is abcdefgh, or abcd', ['abcd', 'abcdefgh'], '#')).toBe('pw is #, or #');
  });

  it('stays linear on a secret made of backslashes', () => {
    const secret = '\\'.repeat(40);
    const text = `${'\\'.repeat(5000)}x`;
    expect(scrub(text, [secret], '#')).not.toContain('\\\\');
  });

  it('sees a list that changed since the last call', () => {
    const secrets = ['first-secret'];
    expect(scrub('first-secret second-secret', secrets, '#')).toBe('# second-secret');
    secrets.push('second-secret');
    expect(scrub('first-secret second-secret', secrets, '#')).toBe('# #');
  });
});
