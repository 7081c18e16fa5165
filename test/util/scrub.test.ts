import { describe, expect, it } from 'vitest';
import { describeError } from '../../src/cli/describe-error.js';
import { scrub } from '../../src/util/scrub.js';

describe('scrub', () => {
  it('masks the longer of two overlapping secrets whole, whatever order they come in', () => {
    expect(scrub('pw is abcdefgh, or abcd', ['abcd', 'abcdefgh'], '#')).toBe('pw is #, or #');
  });

  it('is what failed-change lines use: no secret shows in part', () => {
    expect(describeError(new Error('refused pw abcdefgh'), ['abcd', 'abcdefgh', 'x'])).toBe('refused pw (sensitive)');
  });
});
