/** The manifest's `policies:`: its model, the one file that writes it, and the packs it names. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../src/manifest/index.js';
import { manifestPackSources } from '../../src/workflow/plan-checks.js';

function files(contents: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-policies-'));
  for (const [name, text] of Object.entries(contents)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('policies: in the manifest', () => {
  it('names packs relative to the file that writes it, each with where it is named', async () => {
    const dir = files({ 'a.yaml': 'version: 1\n', 'team/b.yaml': 'version: 1\npolicies:\n  - pack: builtin\n  - pack: ../packs/acme.js\n    levels: { acme-rule: off }\n    config: { max: 3 }\n' });
    const loaded = await loadManifest(['a.yaml', 'team/b.yaml'], { env: {}, cwd: dir });
    expect(manifestPackSources(loaded.manifest.policies, loaded.locate, dir)).toEqual([
      { pack: 'builtin', baseDir: join(dir, 'team'), namedAt: 'team/b.yaml:3:5' },
      { pack: '../packs/acme.js', baseDir: join(dir, 'team'), namedAt: 'team/b.yaml:4:5', levels: { 'acme-rule': 'off' }, config: { max: 3 } },
    ]);
  });

  it('is written in one file: a second is an error naming the first', async () => {
    const dir = files({ 'a.yaml': 'version: 1\npolicies: [{ pack: builtin }]\n', 'b.yaml': 'version: 1\npolicies: [{ pack: builtin }]\n' });
    await expect(loadManifest(['a.yaml', 'b.yaml'], { env: {}, cwd: dir })).rejects.toThrow(/b\.yaml:2:1: policies: policies is already written at a\.yaml:2:11; a manifest names its policies in one file/);
  });

  it('refuses a level that is not one, an empty pack, and an unknown key', async () => {
    const dir = files({ 'a.yaml': 'version: 1\npolicies:\n  - pack: ""\n  - pack: builtin\n    levels: { plan-terminal-reach: blocking }\n  - pack: builtin\n    level: mandatory\n' });
    const error = (await loadManifest(['a.yaml'], { env: {}, cwd: dir }).then(() => new Error('loaded'), (e: unknown) => e)) as Error;
    expect(error.message).toContain('a.yaml:3:11: policies[0].pack: must not be empty');
    expect(error.message).toContain('must be advisory, mandatory, overridable or off, got "blocking"');
    expect(error.message).toContain('a.yaml:7:5: policies[2].level: unknown key "level" (did you mean "levels"?)');
  });

  it("takes no ${NAME}: a pack's config is saved with the plan as written, and a variable there could be a secret", async () => {
    const dir = files({ 'a.yaml': 'version: 1\npolicies:\n  - pack: builtin\n    config: { maxTerminals: "${MAX_TERMINALS}", token: "${ACME_TOKEN}" }\n' });
    const error = (await loadManifest(['a.yaml'], { env: { MAX_TERMINALS: '5', ACME_TOKEN: 'tok-9931' }, cwd: dir }).then(() => new Error('loaded'), (e: unknown) => e)) as Error;
    expect(error.message).toContain("a.yaml:4:29: policies[0].config.maxTerminals: policies take no ${NAME}: a pack's path, levels and config are saved with the plan as written");
    expect(error.message).toContain('policies[0].config.token: policies take no ${NAME}');
    expect(error.message).not.toContain('tok-9931');
  });
});
