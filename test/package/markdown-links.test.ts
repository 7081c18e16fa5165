import { describe, expect, it } from 'vitest';
import { headingAnchors, relativeLinks, slug } from '../helpers/markdown-links.js';

describe('markdown-links', () => {
  it('finds inline and reference links outside code, not URLs', () => {
    const text = [
      'See [the plan](docs/plan.md#what-plan-compares), [CI](<docs/ci.md> "CI recipes") and [site](https://paycfg.dev).',
      'Mail [us](mailto:a@b.example); the `[not](a-link.md)` in code is no link.',
      '```md',
      '[fenced](fenced.md)',
      '```',
      '[ref]: examples/basic/paycfg.yaml',
      '[url-ref]: https://example.com/x',
    ].join('\n');
    expect(relativeLinks(text)).toEqual(['docs/plan.md#what-plan-compares', 'docs/ci.md', 'examples/basic/paycfg.yaml']);
  });

  it('makes GitHub’s anchors of headings, not of lines in code', () => {
    expect(slug('One apply at a time')).toBe('one-apply-at-a-time');
    expect(slug('`moved:` and plan --base')).toBe('moved-and-plan---base');
    expect([...headingAnchors('# Title\n\n```sh\n# not a heading\n```\n## Two applies at once\n')]).toEqual(['title', 'two-applies-at-once']);
  });
});
