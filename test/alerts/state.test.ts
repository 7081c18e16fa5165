import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AlertConfigError, readDriftState } from '../../src/alerts/index.js';
import { emptyDriftState, groupKey, writeDriftState, type DriftState } from '../../src/alerts/state.js';

const dir = () => mkdtempSync(join(tmpdir(), 'paycfg-alert-state-'));

describe('the drift state file', () => {
  it('reads as empty when missing, and round-trips, groups sorted by key', async () => {
    const path = join(dir(), 'state.json');
    expect(await readDriftState(path)).toEqual(emptyDriftState());
    const state: DriftState = {
      ...emptyDriftState(),
      groups: {
        [groupKey({ baseUrl: 'https://b.example/', group: 'G-00000002' })]: { baseUrl: 'https://b.example', group: 'G-00000002', lastCheckedAt: '2026-11-28T17:00:00.000Z', checkErrors: 1 },
        [groupKey({ baseUrl: 'https://a.example', group: 'G-00000001' })]: {
          baseUrl: 'https://a.example',
          group: 'G-00000001',
          name: 'acme',
          lastCheckedAt: '2026-11-28T17:00:00.000Z',
          lastSuccessAt: '2026-11-28T17:00:00.000Z',
          checkErrors: 0,
          drifted: true,
          fingerprint: 'sha256:ab',
          notified: { drifted: true, fingerprint: 'sha256:ab' },
        },
      },
    };
    await writeDriftState(path, state);
    expect(await readDriftState(path)).toEqual(state);
    const text = readFileSync(path, 'utf8');
    expect(text.indexOf('https://a.example G-00000001')).toBeLessThan(text.indexOf('https://b.example G-00000002'));
    expect(JSON.parse(text)).toMatchObject({ formatVersion: 1, kind: 'paycfg-drift-state' });
  });

  it.each([
    ['not JSON', '{"formatVersion": 1,', /is not JSON/],
    ['another kind of file', '{"formatVersion": 1, "kind": "paycfg-plan", "groups": {}}', /is not a paycfg drift state at kind/],
    ['a malformed group', '{"formatVersion": 1, "kind": "paycfg-drift-state", "groups": {"x": {"group": 1}}}', /is not a paycfg drift state at groups\.x/],
    ['a newer version', '{"formatVersion": 2, "kind": "paycfg-drift-state", "groups": {}}', /format version 2, written by a newer paycfg/],
  ])('refuses %s, naming the file', async (_name, text, message) => {
    const path = join(dir(), 'state.json');
    writeFileSync(path, text);
    const error = await readDriftState(path).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AlertConfigError);
    expect((error as AlertConfigError).exitCode).toBe(1);
    expect((error as AlertConfigError).message).toMatch(message);
    expect((error as AlertConfigError).message).toContain(path);
  });

  it('refuses a state file that cannot be read (a directory)', async () => {
    const path = dir();
    await expect(readDriftState(path)).rejects.toThrow(new RegExp(`cannot read the drift state file ${path}: it is a directory`));
  });
});
