import { describe, expect, it } from 'vitest';
import { createOutputFilter } from '../../src/cli/output-filter.js';

const TOKEN = 'opaque-7f3c9a1e5b2d8c4f6a0e9b7d3c1f5a8e2b6d4c0f9a7e3b1d5c8f2a6e4b0d9c7f';

describe('the output filter', () => {
  it('masks the token whole and any long piece of it, from the environment or hidden later', () => {
    for (const filter of [createOutputFilter({ PAYCFG_TOKEN: TOKEN }), withHidden()]) {
      const out = filter(`whole ${TOKEN}; prefix ${TOKEN.slice(0, 20)}…; middle ${TOKEN.slice(25, 45)}; short ${TOKEN.slice(0, 6)}\n`);
      expect(out).not.toContain(TOKEN.slice(0, 12));
      expect(out).not.toContain(TOKEN.slice(25, 37));
      // Pieces shorter than twelve characters turn up by chance in ordinary words: they stay.
      expect(out).toContain(`short ${TOKEN.slice(0, 6)}`);
      expect(filter.display(`frame ${TOKEN.slice(10, 40)}`)).not.toContain(TOKEN.slice(10, 22));
    }
  });
});

function withHidden() {
  const filter = createOutputFilter({});
  filter.hide(TOKEN);
  return filter;
}
