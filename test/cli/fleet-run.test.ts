/**
 * `paycfg fleet validate|plan|apply|drift` in-process, over real HTTP against ONE simulator holding
 * every group, behind a proxy that sees every request: a template fleet whose targets come from a
 * CSV, planned and applied with one target failing while the rest go on (the summary grouping its
 * cause, a line per target on stderr, --summary FILE, the global bound), `fleet plan -o DIR` then
 * `fleet apply DIR`, Ctrl-C through io's interrupt (no target starts after it, the running one
 * finishes; a second stops running applies), and bad input refused before any request.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startHoldingProxy, isWrite, type HeldRequest, type HoldingProxy } from '../helpers/holding-proxy.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { groupOfAuthorization, TEMPLATE, tokenOf } from '../fleet/run/fleet-fixture.js';
import { EMV_AND_PROFILE, merchant, till } from '../helpers/small-manifest.js';

const SECRET = 'fleet-cli-secret';
let sim: TestSimulator;
let proxy: HoldingProxy;
let inFlight = 0;
let peak = 0;
/** Called as each request arrives; resolves when it may go on. */
let gate: (request: HeldRequest) => Promise<void> | void = () => undefined;
/** What the service's answer says, as the proxy passes it on. */
let answer: (request: HeldRequest, body: string) => string = (_request, body) => body;

beforeAll(async () => {
  sim = await startTestSimulator({ jwtSecret: SECRET });
  proxy = await startHoldingProxy(sim.url, {
    hold: async (request) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await gate(request);
    },
    rewrite: (request, body) => {
      inFlight -= 1;
      return answer(request, body);
    },
  });
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});

const tokenVar = (group: string): string => `PAYCFG_TOKEN_${group.replace(/-/g, '_')}`;

/** A fleet repository: the template, the fleet file and groups.csv listing `names` at groups base+1…; every group made in the simulator. */
async function repository(names: readonly string[], base: number): Promise<{ dir: string; groups: string[]; env: Record<string, string> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paycfg-fleet-cli-'));
  const groups = names.map((_, i) => `G-${String(base + i + 1).padStart(8, '0')}`);
  for (const [i, group] of groups.entries()) await sim.admin.createGroup({ groupId: group, groupName: names[i] });
  writeFileSync(path.join(dir, 'template.yaml'), TEMPLATE);
  writeFileSync(
    path.join(dir, 'paycfg.fleet.yaml'),
    `version: 1\ntemplate:\n  baseUrl: ${proxy.url}\n  token: { env: "PAYCFG_TOKEN_{{group}}" }\n  manifests: [template.yaml]\ntargetsFrom:\n  - groups.csv\n`,
  );
  writeFileSync(path.join(dir, 'groups.csv'), `name,group,label:tier,REF,SHOP\n${names.map((name, i) => `${name},${groups[i]},${i % 2 === 0 ? 'gold' : 'silver'},shop-${name},"Shop ${name}"`).join('\n')}\n`);
  const env = Object.fromEntries(groups.map((group) => [tokenVar(group), tokenOf(group, SECRET)]));
  return { dir, groups, env };
}

async function run(argv: string[], dir: string, env: Record<string, string>, interrupted?: Promise<string>) {
  const io = captureIo({ cwd: dir, env, ...(interrupted !== undefined ? { interrupted } : {}) });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), io };
}

describe('paycfg fleet', () => {
  it('plans and applies a template fleet from a CSV; a target with a token of another group fails and the rest go on, under one bound on requests', async () => {
    const { dir, groups, env } = await repository(['north', 'south', 'east', 'west'], 200);
    env[tokenVar(groups[2]!)] = tokenOf(groups[0]!, SECRET);

    const valid = await run(['fleet', 'validate', '--allow-missing-env'], dir, {});
    expect(valid.code).toBe(0);
    expect(valid.err).toMatch(/^\[\d\/4\] north: ok: 4 records/m);

    peak = 0;
    const plan = await run(['fleet', 'plan', '--max-in-flight', '2', '--parallel-targets', '4', '--summary', 'plan-summary.json'], dir, env);
    expect(plan.code).toBe(1);
    expect(plan.err).toMatch(/^\[\d\/4\] east: failed \(token of another group\): /m);
    expect(plan.err).toMatch(/^\[\d\/4\] west: changes: 4 to create \(\d+\.\d s\)$/m);
    expect(peak).toBeLessThanOrEqual(2);
    expect(plan.out).toContain('token of another group');
    const summary = JSON.parse(readFileSync(path.join(dir, 'plan-summary.json'), 'utf8'));
    expect(summary).toMatchObject({ kind: 'paycfg-fleet-summary', command: 'plan', exitCode: 1, causes: [{ cause: { id: 'token-of-another-group' }, targets: ['east'] }] });
    expect(summary.targets.map((t: { name: string; status: string }) => [t.name, t.status])).toEqual([
      ['east', 'failed'],
      ['north', 'changes'],
      ['south', 'changes'],
      ['west', 'changes'],
    ]);

    const refused = await run(['fleet', 'apply'], dir, env);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('--auto-approve');

    const applied = await run(['fleet', 'apply', '--auto-approve', '--json'], dir, env);
    expect(applied.code).toBe(1);
    const json = JSON.parse(applied.out);
    expect(json.totals.byStatus).toMatchObject({ applied: 3, failed: 1 });
    // Only the silver targets, which are now as their manifests say.
    const silver = await run(['fleet', 'drift', '--label', 'tier=silver', '--markdown'], dir, env);
    expect(silver.code).toBe(0);
    expect(silver.err.match(/^\[\d\/2\] (south|west): ok/gm)).toHaveLength(2);
  });

  it('applies exactly the plans `fleet plan -o DIR` saved', async () => {
    const { dir, groups, env } = await repository(['alpha', 'beta'], 210);
    const planned = await run(['fleet', 'plan', '-o', 'plans'], dir, env);
    expect(planned.code).toBe(2);
    const index = JSON.parse(readFileSync(path.join(dir, 'plans', 'fleet.json'), 'utf8'));
    expect(index.targets.map((t: { file: string }) => t.file)).toEqual(['alpha.plan.json', 'beta.plan.json']);
    const from = proxy.received.length;
    const applied = await run(['fleet', 'apply', 'plans', '--canary', 'beta'], dir, env);
    expect(applied.code).toBe(0);
    expect(applied.err).toMatch(/^canary wave: 1 target$/m);
    expect(new Set(proxy.received.slice(from).filter(isWrite).map((r) => groupOfAuthorization(r.authorization)))).toEqual(new Set(groups));
    expect((await run(['fleet', 'plan'], dir, env)).code).toBe(0);
  });

  it('runs one shard with --shard I/N, or --shards N and the index a Kubernetes Indexed Job sets; together they cover the fleet once', async () => {
    const { dir, env } = await repository(['kilo', 'lima', 'mike'], 215);
    const first = await run(['fleet', 'plan', '--shard', '1/2', '--summary', 'shard-1.json'], dir, env);
    const second = await run(['fleet', 'plan', '--shards', '2', '--summary', 'shard-2.json'], dir, { ...env, JOB_COMPLETION_INDEX: '1' });
    expect([first.code, second.code]).toEqual([2, 2]);
    const shard = (file: string): { shards: unknown; names: string[] } => {
      const summary = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      return { shards: summary.shards, names: summary.targets.map((t: { name: string }) => t.name) };
    };
    const [one, two] = [shard('shard-1.json'), shard('shard-2.json')];
    expect(one.shards).toEqual([{ index: 1, count: 2 }]);
    expect(two.shards).toEqual([{ index: 2, count: 2 }]);
    expect([...one.names, ...two.names].sort()).toEqual(['kilo', 'lima', 'mike']);
  });

  it('stops starting targets at Ctrl-C and lets the running one finish; a second Ctrl-C stops its apply between changes', async () => {
    const { dir, groups, env } = await repository(['one', 'two', 'three'], 220);
    let interrupt!: (signal: string) => void;
    const interrupted = new Promise<string>((resolve) => (interrupt = resolve));
    const io = captureIo({ cwd: dir, env, interrupted });
    let words: string | undefined;
    gate = async (request) => {
      if (groupOfAuthorization(request.authorization) !== groups[1] || words !== undefined) return;
      interrupt('SIGINT');
      await delay(1);
      words = io.lastWords();
    };
    try {
      const code = await main(['fleet', 'apply', '--auto-approve', '--parallel-targets', '1'], io);
      expect(code).toBe(130);
    } finally {
      gate = () => undefined;
    }
    expect(io.err()).toMatch(/Stopping: no other target starts; 1 running target finishes/);
    expect(words).toMatch(/stopped at once; 1 target was still running.*: two\./);
    expect(io.out()).toMatch(/one/);
    const result = await run(['fleet', 'plan', '--json'], dir, env);
    const statuses = Object.fromEntries(JSON.parse(result.out).targets.map((t: { name: string; status: string }) => [t.name, t.status]));
    // one applied; two planned but stopped before its first change; three never started.
    expect(statuses).toEqual({ one: 'ok', two: 'changes', three: 'changes' });
  });

  it('exits 143 when SIGTERM (a cancelled CI job) stops the run, as apply does; the summary says interrupted', async () => {
    const { dir, groups, env } = await repository(['sun', 'moon'], 260);
    let interrupt!: (signal: string) => void;
    const interrupted = new Promise<string>((resolve) => (interrupt = resolve));
    const io = captureIo({ cwd: dir, env, interrupted });
    gate = async (request) => {
      if (groupOfAuthorization(request.authorization) === groups[0]) interrupt('SIGTERM');
    };
    try {
      expect(await main(['fleet', 'apply', '--auto-approve', '--parallel-targets', '1', '--summary', 'summary.json'], io)).toBe(143);
    } finally {
      gate = () => undefined;
    }
    const summary = JSON.parse(readFileSync(path.join(dir, 'summary.json'), 'utf8'));
    expect(summary.interrupted).toBe(true);
    expect(summary.targets.find((t: { name: string }) => t.name === 'moon').status).toBe('untouched');
  });

  describe('refuses bad input before any request', () => {
    const refused = async (argv: string[], dir: string, env: Record<string, string>): Promise<string> => {
      const from = proxy.received.length;
      const { code, err } = await run(argv, dir, env);
      expect(code).not.toBe(0);
      expect(proxy.received.length).toBe(from);
      return err;
    };

    it('a duplicate group in the CSV', async () => {
      const { dir, env } = await repository(['red', 'blue'], 230);
      writeFileSync(path.join(dir, 'groups.csv'), `${readFileSync(path.join(dir, 'groups.csv'), 'utf8')}green,G-00000231,gold,shop-green,Green\n`);
      expect(await refused(['fleet', 'plan'], dir, env)).toMatch(/groups\.csv:4:\d+: .*G-00000231/);
    });

    it('missing token variables, every target listed', async () => {
      const { dir, groups, env } = await repository(['cyan', 'teal', 'lime'], 240);
      delete env[tokenVar(groups[0]!)];
      delete env[tokenVar(groups[2]!)];
      const err = await refused(['fleet', 'apply', '--auto-approve'], dir, env);
      expect(err).toMatch(/2 targets of paycfg\.fleet\.yaml cannot run \(2 problems\)/);
      expect(err).toMatch(/target cyan: .*PAYCFG_TOKEN_G_00000241 is not set/);
      expect(err).toMatch(/target lime: .*PAYCFG_TOKEN_G_00000243 is not set/);
    });

    it('a shard index out of range', async () => {
      const { dir, env } = await repository(['ash', 'oak'], 250);
      expect(await refused(['fleet', 'plan', '--shard', '5/4'], dir, env)).toMatch(/paycfg fleet plan: --shard: shard 5 is out of range: shards are numbered 1 to 4/);
      expect(await refused(['fleet', 'drift', '--shards', '2'], dir, { ...env, JOB_COMPLETION_INDEX: '2' })).toMatch(/shard 3 is out of range/);
    });

    it('a canary that names no target, and a wave size that is no size', async () => {
      const { dir, env } = await repository(['fir'], 260);
      expect(await refused(['fleet', 'apply', '--auto-approve', '--canary', 'pine'], dir, env)).toMatch(/the canary names pine, which is not a target of this run/);
      expect(await refused(['fleet', 'apply', '--auto-approve', '--wave-size', '0%'], dir, env)).toMatch(/--wave-size "0%" is not a size/);
    });
  });

  describe('after review', () => {
    it('never prints a token or a secret value a service answer echoes, nor writes it in --summary FILE', async () => {
      const { dir, groups, env } = await repository(['quartz', 'onyx'], 270);
      // SHOP read from a variable of each group, not written in the CSV: a secret value.
      writeFileSync(path.join(dir, 'groups.csv'), `name,group,REF\nquartz,${groups[0]},shop-quartz\nonyx,${groups[1]},shop-onyx\n`);
      writeFileSync(
        path.join(dir, 'paycfg.fleet.yaml'),
        `version: 1\ntemplate:\n  baseUrl: ${proxy.url}\n  token: { env: "PAYCFG_TOKEN_{{group}}" }\n  manifests: [template.yaml]\n  values: { SHOP: { env: "SHOP_{{group}}" } }\ntargetsFrom:\n  - groups.csv\n`,
      );
      const shop = 'Shop quartz-secret-5551234';
      env[`SHOP_${groups[0]!.replace(/-/g, '_')}`] = shop;
      env[`SHOP_${groups[1]!.replace(/-/g, '_')}`] = 'Shop onyx-secret-5554321';
      const token = env[tokenVar(groups[0]!)]!;
      answer = (request, body) =>
        groupOfAuthorization(request.authorization) === groups[0] ? JSON.stringify({ code: 40099, msg: `cannot read with ${token}: the value ${shop} is refused` }) : body;
      try {
        for (const command of ['plan', 'drift']) {
          const result = await run(['fleet', command, '--summary', `${command}.json`], dir, env);
          expect(result.code).toBe(1);
          expect(result.err).toMatch(/quartz: failed .*is refused/);
          const written = readFileSync(path.join(dir, `${command}.json`), 'utf8');
          expect(written).toContain('is refused');
          for (const text of [result.out, result.err, written]) {
            expect(text).not.toContain(token);
            expect(text).not.toContain('quartz-secret-5551234');
          }
        }
      } finally {
        answer = (_request, body) => body;
      }
    });

    it('prints and writes the summary before the error of drift alerts that cannot be published once every target ran', async () => {
      const { dir, env } = await repository(['ruby', 'jade'], 275);
      mkdirSync(path.join(dir, 'drift.prom'));
      const result = await run(['fleet', 'drift', '--metrics', 'drift.prom', '--summary', 'drift.json'], dir, env);
      expect(result.code).toBe(1);
      expect(result.out).toMatch(/Fleet drift: drift detected in 2 of 2 targets\./);
      expect(result.err).toMatch(/cannot write the metrics file/);
      const written = JSON.parse(readFileSync(path.join(dir, 'drift.json'), 'utf8'));
      expect(written.targets.map((t: { name: string; status: string }) => [t.name, t.status])).toEqual([
        ['jade', 'drifted'],
        ['ruby', 'drifted'],
      ]);
    });

    it('fleet validate counts records, not changes, and prints each target\'s warnings under its line, at most 5', async () => {
      const { dir, env } = await repository(['amber', 'coral'], 280);
      const devices = Array.from({ length: 7 }, (_, i) => till(`till-${i + 1}`, `Till ${i + 1}`, '${TILL_SECRET:-1234}').replace('    devices:\n', '')).join('');
      writeFileSync(path.join(dir, 'template.yaml'), `${EMV_AND_PROFILE}merchants:${merchant('${REF}', '${SHOP}', `\n    devices:${devices}`)}\n`);
      writeFileSync(path.join(dir, 'paycfg.fleet.yaml'), readFileSync(path.join(dir, 'paycfg.fleet.yaml'), 'utf8').replace('  manifests: [template.yaml]\n', '  manifests: [template.yaml]\n  values: { TILL_SECRET: { env: TILL_SECRET } }\n'));
      env['TILL_SECRET'] = '98765';
      const result = await run(['fleet', 'validate'], dir, env);
      expect(result.code).toBe(0);
      const lines = result.err.split('\n');
      const at = lines.findIndex((line) => / amber: ok: 11 records /.test(line));
      expect(at).toBeGreaterThanOrEqual(0);
      const under = lines.slice(at + 1, at + 7);
      expect(under.slice(0, 5).every((line) => /^  warning: .*template\.yaml:\d+:\d+: .*TILL_SECRET/.test(line))).toBe(true);
      expect(under[5]).toBe('  and 2 more');
      expect(result.out).toMatch(/^  amber  G-00000281  ok  11 records  7 findings$/m);
      expect(result.out).not.toContain('+0 ~0');
      const markdown = await run(['fleet', 'validate', '--markdown'], dir, env);
      expect(markdown.out).toContain('| target | group | status | records | notes |');
      expect(markdown.out).toContain('| `amber` | `G-00000281` | ok | 11 | 7 findings |');
    });
  });
});
