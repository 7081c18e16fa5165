/**
 * `paycfg fleet matrix` end to end in this process: a fleet file with a template and per-group
 * manifests of different sizes, read offline with no token set (a matrix job has no secret).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { captureIo } from '../../../src/cli/io.js';
import { main } from '../../../src/cli/main.js';
import { EMV_AND_PROFILE, merchant } from '../../helpers/small-manifest.js';

/** 23 targets: every fifth one declares 4 merchants (and their bindings) instead of 1: 10 records instead of 4. */
function fleetDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-fleet-matrix-'));
  writeFileSync(join(dir, 'small.yaml'), `${EMV_AND_PROFILE}merchants:${merchant('${REF}', 'Shop')}\n`);
  writeFileSync(join(dir, 'large.yaml'), `${EMV_AND_PROFILE}merchants:${[1, 2, 3, 4].map((n) => merchant(`\${REF}-${n}`, `Shop ${n}`)).join('')}\n`);
  const rows = Array.from({ length: 23 }, (_, i) => {
    const name = `shop-${String(i + 1).padStart(2, '0')}`;
    return `  - { name: ${name}, group: G-${String(i + 1).padStart(8, '0')}, labels: { tier: ${i % 2 === 0 ? 'gold' : 'silver'} },${i % 5 === 0 ? ' manifests: [large.yaml],' : ''} values: { REF: ${name} } }\n`;
  });
  writeFileSync(
    join(dir, 'paycfg.fleet.yaml'),
    `version: 1\ntemplate:\n  baseUrl: https://pay.example.com\n  token: { env: "PAYCFG_TOKEN_{{group}}" }\n  manifests: [small.yaml]\ntargets:\n${rows.join('')}`,
  );
  return dir;
}

async function run(dir: string, ...args: string[]) {
  const io = captureIo({ env: {}, cwd: dir });
  const code = await main(['fleet', 'matrix', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe('paycfg fleet matrix', () => {
  const dir = fleetDir();

  it('GitHub: one line of JSON, about 10 targets per shard, sizes from the manifests, with no token set', async () => {
    const { code, out, err } = await run(dir, '--ci', 'github');
    expect(code, err).toBe(0);
    expect(out.endsWith('\n')).toBe(true);
    expect(out.trimEnd()).not.toContain('\n');
    const include = (JSON.parse(out) as { include: { shard: string; targets: number; size: number }[] }).include;
    expect(include.map((entry) => entry.shard)).toEqual(['1/3', '2/3', '3/3']);
    expect(include.reduce((sum, entry) => sum + entry.targets, 0)).toBe(23);
    // 5 large targets and 18 small: 122 records, balanced to within one target.
    expect(include.reduce((sum, entry) => sum + entry.size, 0)).toBe(5 * 10 + 18 * 4);
    const sizes = include.map((entry) => entry.size);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(10);
  });

  it('--shards and --targets-per-shard, fewer shards than asked when there are fewer targets (said on stderr)', async () => {
    expect(JSON.parse((await run(dir, '--ci', 'github', '--targets-per-shard', '5')).out).include).toHaveLength(5);
    const many = await run(dir, '--ci', 'github', '--shards', '40');
    expect(many.code).toBe(0);
    expect(JSON.parse(many.out).include).toHaveLength(23);
    expect(many.err).toContain('23 shards, not 40: the selection holds 23 targets');
  });

  it('GitLab: a child pipeline whose shards select what the matrix selected', async () => {
    const { code, out, err } = await run(dir, '--ci', 'gitlab', '--label', 'tier=gold', '--shards', '4');
    expect(code, err).toBe(0);
    const child = parse(out) as Record<string, any>;
    expect(child['paycfg:fleet:shard'].parallel.matrix).toEqual([{ SHARD: ['1/4', '2/4', '3/4', '4/4'] }]);
    expect(child['paycfg:fleet:shard'].script[1]).toContain('--shard "$SHARD" --label tier=gold --summary');
    expect(out).toContain('12 targets in 4 shards');
    // Plain YAML: no anchor for the image both jobs run.
    expect(out).not.toMatch(/[&*]a\d/);
  });

  it('refuses, before reading any target: no --ci, an unknown CI, --shards over the CI’s limit, both counts', async () => {
    expect(await run(dir)).toMatchObject({ code: 1, err: expect.stringContaining('say which CI the matrix is for: --ci github or --ci gitlab') });
    expect(await run(dir, '--ci', 'circleci')).toMatchObject({ code: 1, err: expect.stringContaining('--ci "circleci" is not one of github, gitlab') });
    expect(await run(dir, '--ci', 'github', '--shards', '257')).toMatchObject({ code: 1, err: expect.stringContaining('--shards 257 is over the limit of GitHub Actions: 256 jobs in one matrix') });
    expect(await run(dir, '--ci', 'gitlab', '--shards', '201')).toMatchObject({ code: 1, err: expect.stringContaining('--shards 201 is over the limit of GitLab: 200 jobs in one matrix') });
    expect(await run(dir, '--ci', 'github', '--shards', '2', '--targets-per-shard', '3')).toMatchObject({ code: 1, err: expect.stringContaining('give --shards N or --targets-per-shard N, not both') });
    expect(await run(dir, '--ci', 'github', '--shards', '0')).toMatchObject({ code: 1, err: expect.stringContaining('--shards must be a whole number from 1') });
    expect(await run(dir, '--ci', 'github', '--target', 'nothing-*')).toMatchObject({ code: 1 });
  });
});
