import { describe, expect, it } from 'vitest';
import { describeError } from '../../src/cli/describe-error.js';
import { scrub } from '../../src/util/scrub.js';

describe('scrub', () => {
  it('masks the longer of two overlapping secrets whole, whatever order they come in', () => {
    expect(scrub('pw is abcdefgh, or abcd', ['abcd', 'abcdefgh'], '#')).toBe('pw is #, or #');
  });

  it('masks every occurrence, overlapping and adjacent ones as one run, and leaves other text alone', () => {
    expect(scrub('xx ababa abab yy', ['aba'], '#')).toBe('xx # #b yy');
    expect(scrub('s3cr3ts3cr3t and s3cr3t.', ['s3cr3t'], '#')).toBe('# and #.');
    expect(scrub('nothing here', ['s3cr3t'], '#')).toBe('nothing here');
    // Characters a regular expression would read as syntax are matched literally.
    expect(scrub('a (x+y)*[z] b (x+yy', ['(x+y)*[z]'], '#')).toBe('a # b (x+yy');
  });

  it('finds the same runs with thousands of secrets, where forms are bucketed by first character instead', () => {
    const secrets = Array.from({ length: 1500 }, (_, i) => `pw-${i}-${(i * 7919).toString(36)}`);
    const text = `a ${secrets[7]} b ${secrets[1499]}${secrets[3]} c ${Buffer.from(secrets[42]!).toString('base64')} d pw-7`;
    expect(scrub(text, secrets, '#')).toBe('a # b # c # d pw-7');
  });

  it('is what failed-change lines use: no secret shows in part', () => {
    expect(describeError(new Error('refused pw abcdefgh'), ['abcd', 'abcdefgh', 'x'])).toBe('refused pw (sensitive)');
  });

  it('gives failed-change lines with every control character escaped, line breaks included, whatever error carries them', () => {
    // Not an API error (those escape their service message themselves): describeError alone must do it.
    expect(describeError(new Error('key "a\x1b[2K\x1b[1A" gone\nApply complete\u202e'), [])).toBe('key "a\\e[2K\\e[1A" gone\\nApply complete\\u202e');
    expect(describeError('raw\x9b2J', [])).toBe('raw\\u009b2J');
  });
});
