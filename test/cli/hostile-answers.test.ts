import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { testWithSimulator, type TestSimulator } from '../helpers/simulator.js';
import { startRewritingProxy, type RewritingProxy } from './helpers/rewriting-proxy.js';

/**
 * The CLI against a service that answers with what it should not: request bodies echoed in its
 * messages, control sequences that would redraw the screen, live records holding the caller's own
 * token. Real HTTP, through `main` as the `paycfg` binary runs it.
 *
 * Output is recorded without the output filter (captureIo `outputFilter: false`): the filter would
 * escape and mask whatever the renderers, error classes and plan scrubs miss, and these tests are
 * about them. The filter itself is proven apart, with a deliberately raw write.
 */

const basic = new URL('../../examples/basic/paycfg.yaml', import.meta.url).pathname;
/** A device admin password with what JSON and URLs escape: a quote, a backslash, a slash, a space, a plus, a non-ASCII letter. */
const SECRET = 'ad"min\\pass/wörd +1';

let groupCounter = 0;

/**
 * Each test on a simulator and a rewriting proxy of its own, the tests side by side (see
 * testWithSimulator): what a test scripts the proxy to answer, and what it received, are its own.
 */
const it = testWithSimulator().extend<{ proxy: RewritingProxy }>({
  proxy: async ({ sim }, use) => {
    const proxy = await startRewritingProxy(sim.url);
    try {
      await use(proxy);
    } finally {
      await proxy.close();
    }
  },
});

async function freshGroup(sim: TestSimulator, proxy: RewritingProxy): Promise<{ groupId: string; token: string; env: Record<string, string> }> {
  groupCounter += 1;
  const groupId = `G-7${String(groupCounter).padStart(7, '0')}`;
  await sim.admin.createGroup({ groupId });
  const token = sim.token(groupId);
  return { groupId, token, env: { PAYCFG_BASE_URL: proxy.url, PAYCFG_TOKEN: token, TILL_ADMIN_PASSWORD: SECRET } };
}

function unpinned(edit: (yaml: string) => string = (yaml) => yaml): string {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-hostile-'));
  const file = join(dir, 'paycfg.yaml');
  writeFileSync(file, edit(readFileSync(basic, 'utf8').replace(/^group: .*$/m, '')));
  return file;
}

/** One run of the CLI; output recorded as paycfg wrote it, before the output filter unless `filtered`. */
async function cli(argv: string[], env: Record<string, string>, options: { tty?: boolean; answers?: string[]; filtered?: boolean } = {}) {
  const io = captureIo({
    env,
    outputFilter: options.filtered ?? false,
    ...(options.tty !== undefined ? { tty: options.tty } : {}),
    ...(options.answers !== undefined ? { answers: options.answers } : {}),
  });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), all: io.out() + io.err() };
}

async function merchantsOf(sim: TestSimulator, groupId: string): Promise<{ mchId: string; mchName: string; additionalData?: unknown }[]> {
  return (await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, groupId)).body.data.records;
}

/** Every encoding of `secret` a careless service or proxy might show it in. */
function encodingsOf(secret: string): Record<string, string> {
  const json = JSON.stringify(secret);
  return {
    raw: secret,
    'JSON-escaped': json.slice(1, -1),
    'JSON.stringify': json,
    'JSON-escaped twice': JSON.stringify(json).slice(1, -1),
    'JSON with \\u escapes': json.slice(1, -1).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    encodeURIComponent: encodeURIComponent(secret),
    'form-encoded': new URLSearchParams({ s: secret }).toString().slice(2),
    base64: Buffer.from(secret).toString('base64'),
    base64url: Buffer.from(secret).toString('base64url'),
  };
}

function expectNoneOf(secret: string, text: string, where: string): void {
  for (const [name, form] of Object.entries(encodingsOf(secret))) expect(text.includes(form), `${where} holds the secret ${name}`).toBe(false);
}

const isDeviceWrite = (r: { method: string; path: string }): boolean => r.method !== 'GET' && r.path.includes('/device');

describe.concurrent('a service that echoes request bodies in its messages', () => {
  it('never shows a secret holding " and \\ in any encoding, in progress lines, the summary or --json', async ({ sim, proxy, expect }) => {
    const { env } = await freshGroup(sim, proxy);
    proxy.script = { answer: (r) => (isDeviceWrite(r) ? { code: 10000, msg: `bad body: ${r.body}` } : undefined) };
    const manifest = unpinned();
    const text = await cli(['apply', '-f', manifest, '--auto-approve'], env);
    const json = await cli(['apply', '-f', manifest, '--auto-approve', '--json'], env);
    proxy.script = {};

    // Not vacuous: the secret went out in the body, the service echoed it, the CLI printed the echo.
    expect(proxy.received.some((r) => isDeviceWrite(r) && r.body.includes(JSON.stringify(SECRET)))).toBe(true);
    for (const run of [text, json]) {
      expect(run.code).toBe(1);
      expect(run.all).toContain('bad body: {');
      expectNoneOf(SECRET, run.all, 'apply output');
    }
    expect(text.out).toMatch(/FAILED: .*code 10000\): bad body: \{.*"deviceAdmin":"\[redacted\]"/);
    const outcome = JSON.parse(json.out).outcomes.find((o: { status: string }) => o.status === 'failed');
    expect(outcome.error.message).toContain('bad body');
  });
});

describe.concurrent('a service message with control characters', () => {
  const FORGED = '\x1b[2K\x1b[1AApply complete: 3 done, 0 failed, 0 skipped.\r\u202e\x9b2J';

  it('is shown escaped: it can neither erase the FAILED line nor print a fake line of its own', async ({ sim, proxy, expect }) => {
    const { env } = await freshGroup(sim, proxy);
    proxy.script = { answer: (r) => (isDeviceWrite(r) ? { code: 10000, msg: FORGED } : undefined) };
    const manifest = unpinned();
    const text = await cli(['apply', '-f', manifest, '--auto-approve'], env);
    const json = await cli(['apply', '-f', manifest, '--auto-approve', '--json'], env);
    proxy.script = {};

    expect(text.code).toBe(1);
    expect(text.out).toContain('FAILED: ');
    expect(text.out).toContain('\\e[2K\\e[1AApply complete: 3 done, 0 failed, 0 skipped.\\r\\u202e\\u009b2J');
    for (const run of [text, json]) expect(run.all).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
    // Only the real summary line starts a line, and it says the run failed: the forged one stays inside the FAILED line.
    expect(text.out.split('\n').filter((line) => line.startsWith('Apply ')).map((line) => line.split(':')[0])).toEqual(['Apply failed']);
    expect(() => JSON.parse(json.out)).not.toThrow();
  });
});

describe.concurrent('a live record that holds the token', () => {
  it('is masked in plan, drift, apply and saved plans, and refused by export naming the record and field', async ({ sim, proxy, expect }) => {
    const { token, env } = await freshGroup(sim, proxy);
    const manifest = unpinned();
    expect((await cli(['apply', '-f', manifest, '--auto-approve'], env)).code).toBe(0);
    // The service now returns the merchant's name and a device field holding the caller's token.
    proxy.script = {
      rewrite: (r, body) =>
        r.method === 'GET'
          ? body.replaceAll('Coffee Shop', `Coffee ${r.authorization.replace(/^Bearer /, '')}`).replaceAll('"0840"', JSON.stringify(Buffer.from(token).toString('base64')))
          : body,
    };
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-hostile-out-'));
    const saved = join(dir, 'plan.json');
    const runs = {
      plan: await cli(['plan', '-f', manifest, '--out', saved], env),
      'plan --json': await cli(['plan', '-f', manifest, '--json'], env),
      'plan --markdown': await cli(['plan', '-f', manifest, '--markdown'], env),
      drift: await cli(['drift', '-f', manifest], env),
      'drift --json': await cli(['drift', '-f', manifest, '--json'], env),
      export: await cli(['export', '-o', join(dir, 'export.yaml')], env),
      'export to stdout': await cli(['export'], env),
      // Last: these write (the name back), and what they print of the plan must be masked too.
      'apply --json': await cli(['apply', '-f', manifest, '--auto-approve', '--json'], env),
      apply: await cli(['apply', '-f', manifest, '--auto-approve'], env),
    };
    proxy.script = {};

    expect(runs.plan.code, runs.plan.err).toBe(0);
    expect(runs.plan.out).toContain('mchName = "Coffee (sensitive)" → "Coffee Shop"');
    expect(JSON.parse(runs['drift --json'].out).drifted).toBe(true);
    expect(runs.apply.out).toContain('mchName = "Coffee (sensitive)" → "Coffee Shop"');
    for (const [name, run] of Object.entries(runs)) expectNoneOf(token, run.all, name);
    expectNoneOf(token, readFileSync(saved, 'utf8'), 'saved plan');

    for (const run of [runs.export, runs['export to stdout']]) {
      expect(run.code).toBe(1);
      expect(run.out).toBe('');
      expect(run.err).toContain('merchant/coffee-001');
      expect(run.err).toContain('field mchName');
      expect(run.err).toContain('nothing was exported');
    }
    expect(existsSync(join(dir, 'export.yaml'))).toBe(false);
  });

  it('shows control characters in live values escaped in plan output, and writes them escaped in an export', async ({ sim, proxy, expect }) => {
    const { env } = await freshGroup(sim, proxy);
    const manifest = unpinned();
    expect((await cli(['apply', '-f', manifest, '--auto-approve'], env)).code).toBe(0);
    const hostile = 'Front\x1b[2K till\u202e\x9b';
    proxy.script = { rewrite: (r, body) => (r.method === 'GET' ? body.replaceAll('"Front till"', JSON.stringify(hostile)) : body) };
    const plan = await cli(['plan', '-f', manifest], env);
    const markdown = await cli(['drift', '-f', manifest, '--markdown'], env);
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-hostile-export-'));
    const exported = await cli(['export', '-o', join(dir, 'paycfg.yaml')], env);
    proxy.script = {};

    const raw = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
    expect(plan.out).toContain('deviceName = "Front\\u001b[2K till\\u202e\\u009b" → "Front till"');
    expect(plan.all).not.toMatch(raw);
    expect(markdown.all).not.toMatch(raw);
    const yaml = readFileSync(join(dir, 'paycfg.yaml'), 'utf8');
    expect(yaml).not.toMatch(raw);
    expect(exported.all).not.toMatch(raw);
    // Double-quoted, where YAML reads the escapes back as the very characters the service holds.
    expect(yaml).toContain('deviceName: "Front\\e[2K till\\u202e\\u009b"');
  });
});

describe.concurrent('the output filter, the last step before the terminal', () => {
  it('masks the token and escapes a raw control sequence that a command wrote without escaping it', async ({ expect }) => {
    const token = 'tok-0123456789abcdef';
    const io = captureIo({ env: { PAYCFG_TOKEN: token } });
    // Written as no renderer would: raw, as a bug in some stage might.
    io.stdout.write(`x\x1b[2K\x1b[1AApply complete \u202e\x9b ${token} ${Buffer.from(token).toString('base64')}\n`);
    io.stderr.write(`\x1b]0;title\x07${encodeURIComponent(token)}\n`);
    expect(io.out()).toBe('x\\e[2K\\e[1AApply complete \\u202e\\u009b [redacted] [redacted]\n');
    expect(io.err()).toBe('\\e]0;title\\x07[redacted]\n');
    // The progress display's channel keeps its own cursor sequences, and nothing else.
    io.display?.write(`\x1b[2K\x1b[1A\x1b[G\x1b[32m✔\x1b[39m ${token}\x1b[2J\x1b]0;t\x07\n`);
    expect(io.out()).toContain('\x1b[2K\x1b[1A\x1b[G\x1b[32m✔\x1b[39m [redacted]\\e[2J\\e]0;t\\x07\n');
  });
});

describe.concurrent('the progress display on a terminal', () => {
  it('draws through the output filter, and shows a live-only device alias escaped in its failure line', async ({ sim, proxy, expect }) => {
    const { groupId, token, env } = await freshGroup(sim, proxy);
    const manifest = unpinned();
    expect((await cli(['apply', '-f', manifest, '--auto-approve'], env)).code).toBe(0);
    const [merchant] = await merchantsOf(sim, groupId);
    // A pending code the manifest does not name: the plan deletes it, and the service refuses.
    await sim.api('POST', '/api/openapi/v1/device', { mchId: merchant!.mchId, deviceAlias: 'till-x', deviceName: 'Back till', methodList: '01' }, groupId);
    const alias = 'till-x\x1b[2K\x1b[1A\x1b[2J\u202e\x9b';
    proxy.script = {
      rewrite: (r, body) => (r.method === 'GET' ? body.replaceAll('"till-x"', JSON.stringify(alias)) : body),
      answer: (r) => (r.method === 'DELETE' && r.path.includes('/device') ? { code: 10000, msg: `no ${token}` } : undefined),
    };
    const runs = {
      raw: await cli(['apply', '-f', manifest], { ...env, NO_COLOR: '1' }, { tty: true, answers: ['yes'] }),
      filtered: await cli(['apply', '-f', manifest], { ...env, NO_COLOR: '1' }, { tty: true, answers: ['yes'], filtered: true }),
    };
    proxy.script = {};

    for (const [name, run] of Object.entries(runs)) {
      expect(run.code, `${name}: ${run.err}`).toBe(1);
      // The apply display drew into io (its cursor sequences are in what was captured), not on process.stdout.
      expect(run.out, name).toContain('\x1b[1A');
      expect(run.out, name).toMatch(/Remove devices/);
      // Its failure line names the device with the alias escaped: no erase, no reorder from the service.
      expect(run.out, name).toContain('till-x\\e[2K\\e[1A\\e[2J\\u202e\\u009b');
      expect(run.out, name).not.toContain('till-x\x1b');
      expect(run.all, name).not.toMatch(/\x1b\[2J|[\x7f-\x9f\u202a-\u202e]/);
      expectNoneOf(token, run.all, name);
    }
  });
});

describe.concurrent('a manifest value that holds the token', () => {
  it('refuses plan --out naming the change and field, never masks it in what apply writes, and shows it masked', async ({ sim, proxy, expect }) => {
    const { groupId, token, env } = await freshGroup(sim, proxy);
    const logo = Buffer.from(`logo:${token}:end`).toString('base64');
    const manifest = unpinned((yaml) =>
      yaml.replace('mchName: Coffee Shop', `mchName: "Coffee ${token}"`).replace('additionalData: { region: east }', `additionalData: { region: east, logo: "${logo}" }`),
    );
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-hostile-desired-'));
    const saved = join(dir, 'plan.json');
    const refused = await cli(['plan', '-f', manifest, '--out', saved], env);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('merchant/coffee-001 field mchName');
    expect(refused.err).toContain('merchant/coffee-001 field additionalData.logo');
    expect(refused.err).toContain('the plan was not saved');
    expect(refused.out).toBe('');
    expectNoneOf(token, refused.all, 'plan --out');
    expect(existsSync(saved)).toBe(false);

    // Shown masked; written as the manifest says.
    const plan = await cli(['plan', '-f', manifest], env);
    expect(plan.code, plan.err).toBe(0);
    expect(plan.out).toContain('"Coffee (sensitive)"');
    const apply = await cli(['apply', '-f', manifest, '--auto-approve'], env);
    expect(apply.code, apply.err).toBe(0);
    expectNoneOf(token, apply.all, 'apply');
    const [merchant] = await merchantsOf(sim, groupId);
    expect(merchant!.mchName).toBe(`Coffee ${token}`);
    expect(JSON.stringify(merchant!.additionalData)).toContain(logo);
  });
});

describe.concurrent('right-to-left names with bidirectional marks', () => {
  it('are shown as they are in plan output and exported as they are, as the manifest allows them', async ({ sim, proxy, expect }) => {
    const { env } = await freshGroup(sim, proxy);
    const name = 'קפה\u200f 12\u200e';
    const manifest = unpinned((yaml) => yaml.replace('mchName: Coffee Shop', `mchName: "${name}"`));
    expect((await cli(['validate', '-f', manifest], env)).code).toBe(0);
    expect((await cli(['apply', '-f', manifest, '--auto-approve'], env)).code).toBe(0);
    const changed = unpinned((yaml) => yaml.replace('mchName: Coffee Shop', 'mchName: Coffee'));
    const plan = await cli(['plan', '-f', changed], env);
    expect(plan.out).toContain(`mchName = ${JSON.stringify(name)} → "Coffee"`);
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-hostile-rtl-'));
    expect((await cli(['export', '-o', join(dir, 'paycfg.yaml')], env)).code).toBe(0);
    expect(readFileSync(join(dir, 'paycfg.yaml'), 'utf8')).toContain(`mchName: ${name}\n`);
  });
});
