import { describe, expect, it } from 'vitest';
import { createOutputFilter } from '../../src/cli/output-filter.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { signSimToken } from '../../src/sim/index.js';

const TOKEN = 'opaque-7f3c9a1e5b2d8c4f6a0e9b7d3c1f5a8e2b6d4c0f9a7e3b1d5c8f2a6e4b0d9c7f';

describe('the output filter', () => {
  it('masks the whole token, from the environment or hidden later', () => {
    const later = createOutputFilter({});
    later.hide(TOKEN);
    for (const filter of [createOutputFilter({ PAYCFG_TOKEN: TOKEN }), later]) {
      expect(filter(`whole ${TOKEN}\n`)).toBe('whole [redacted]\n');
      expect(filter.display(`frame ${TOKEN}`)).toBe('frame [redacted]');
    }
  });

  it('leaves other text that shares long runs with the token alone: tokens of one issuer share their header', () => {
    const mine = signSimToken({ groupId: 'G-00000001' });
    const other = signSimToken({ groupId: 'G-00000002' });
    expect(mine.slice(0, 30)).toBe(other.slice(0, 30));
    const filter = createOutputFilter({ PAYCFG_TOKEN: mine });
    expect(filter(`partnerJwt: ${other}\n`)).toBe(`partnerJwt: ${other}\n`);
  });
});

describe('paycfg sim token', () => {
  it('prints the token whole even when it equals PAYCFG_TOKEN (signed in the same second)', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const before = signSimToken({ groupId: 'G-00000001' });
      const io = captureIo({ env: { PAYCFG_TOKEN: before } });
      expect(await main(['sim', 'token', '--group', 'G-00000001'], io)).toBe(0);
      const printed = io.out().trim();
      expect(printed).not.toContain('[redacted]');
      // Only a token signed in the same second is the same token; try again across a second boundary.
      if (printed === before) return;
    }
    throw new Error('never signed two tokens in the same second');
  });
});
