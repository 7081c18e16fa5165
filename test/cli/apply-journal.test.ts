/**
 * `paycfg apply --journal` as CI runs it: a JSON-lines record of each run (start, each change, end)
 * appended to a file, tied to the saved plan it applied by the plan's hash. The interrupted runs
 * (Ctrl-C once and twice) are in the pseudo-terminal suite, test/cli/pty/interactive-apply.test.ts.
 */
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { cliNodeArgs } from '../helpers/cli-build.js';
import { testWithSimulator, type TestSimulator } from '../helpers/simulator.js';

const basic = new URL('../../examples/basic/paycfg.yaml', import.meta.url).pathname;
const SECRET = 'till-admin-secret-42';
// Each test its own simulator, the tests side by side: most of a run is the twin check's settle
// after the terminal's create, which they then wait together; request counts stay each test's own.
const it = testWithSimulator();
let groupCounter = 0;

async function freshGroup(sim: TestSimulator, settings: { enablerParams?: string } = {}): Promise<{ env: Record<string, string> }> {
  groupCounter += 1;
  const groupId = `G-8${String(groupCounter).padStart(7, '0')}`;
  await sim.admin.createGroup({ groupId, ...settings });
  return { env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId), TILL_ADMIN_PASSWORD: SECRET, GITHUB_ACTOR: 'octo-reviewer' } };
}

/** examples/basic without its group pin, edited by `edit`, in a directory of its own. */
function workspace(edit: (text: string) => string = (text) => text): { dir: string; manifest: string; journal: string } {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-journal-'));
  const manifest = join(dir, 'paycfg.yaml');
  writeFileSync(manifest, edit(readFileSync(basic, 'utf8').replace(/^group: .*$/m, '')));
  return { dir, manifest, journal: join(dir, 'applies.jsonl') };
}

async function cli(argv: string[], env: Record<string, string>, cwd?: string) {
  const io = captureIo({ env, ...(cwd !== undefined ? { cwd } : {}) });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

function records(file: string): Array<Record<string, any>> {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>);
}

// Side by side, a test's time is shared with the others': a minute, not the 20 s of one alone.
describe.concurrent('paycfg apply --journal', { timeout: 60_000 }, () => {
  it('records a successful run: who, where, the manifest with its SHA-256, each change with its created id, and the end', async ({ sim, expect }) => {
    const { env } = await freshGroup(sim);
    const { manifest, journal } = workspace();
    const run = await cli(['apply', '-f', manifest, '--auto-approve', '--journal', journal], env);
    expect(run.code, run.err).toBe(0);
    const lines = records(journal);
    expect(lines.map((r) => r['type'])).toEqual(['run-start', ...Array(6).fill('change'), 'run-end']);
    const [start, ...rest] = lines;
    expect(start).toMatchObject({
      baseUrl: sim.url,
      actor: { name: 'octo-reviewer', from: 'GITHUB_ACTOR' },
      planHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      source: { kind: 'manifest', files: [{ sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }] },
    });
    const emv = rest.find((r) => r['address'] === 'emv/visa-usd');
    expect(emv).toMatchObject({ action: 'create', outcome: 'done', createdId: expect.any(String), durationMs: expect.any(Number) });
    expect(lines.at(-1)).toMatchObject({ exitCode: 0, interrupted: false, summary: { done: 6, failed: 0, skipped: 0, notStarted: 0 } });
    // The plan apply shows before it runs names the hash its journal records.
    expect(run.out).toContain(`Plan ${String(start!['planHash']).slice(0, 19)} (the journal of its apply shows the same; --json gives the full hash)\n`);
    const text = readFileSync(journal, 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(env.PAYCFG_TOKEN);

    // A second run appends; one with nothing to do is recorded too.
    expect((await cli(['apply', '-f', manifest, '--auto-approve'], { ...env, PAYCFG_JOURNAL: journal })).code).toBe(0);
    const after = records(journal);
    expect(after.slice(lines.length).map((r) => r['type'])).toEqual(['run-start', 'run-end']);
    expect(new Set(after.map((r) => r['run'])).size).toBe(2);
  });

  it('records the OS account when no variable says who runs it, as in most containers, and says so', async ({ sim, expect }) => {
    const { env } = await freshGroup(sim);
    const { GITHUB_ACTOR: _, ...noActor } = env;
    const { manifest, journal } = workspace();
    const run = await cli(['apply', '-f', manifest, '--auto-approve', '--journal', journal], noActor);
    expect(run.code, run.err).toBe(0);
    const account = userInfo().username;
    expect(records(journal)[0]).toMatchObject({ type: 'run-start', actor: { name: account, from: 'os-account' } });
    expect((await cli(['journal', journal], noActor)).out).toContain(` by ${account} (OS account)\n`);
    // In CI the CI's actor wins over the account, and the summary names the variable.
    expect((await cli(['apply', '-f', manifest, '--auto-approve', '--journal', journal], { ...noActor, GITLAB_USER_LOGIN: 'tanuki', USER: 'runner' })).code).toBe(0);
    expect(records(journal).at(-2)).toMatchObject({ type: 'run-start', actor: { name: 'tanuki', from: 'GITLAB_USER_LOGIN' } });
    expect((await cli(['journal', journal], noActor)).out).toContain(' by tanuki (GITLAB_USER_LOGIN)\n');
  });

  it('records a failed change with the service code and message, and the run ending with exit code 1', async ({ sim, expect }) => {
    // The group requires tid and mid of every device; till-2 has no mid, so the service refuses it.
    const { env } = await freshGroup(sim, { enablerParams: 'tid,mid' });
    const { manifest, journal } = workspace((text) =>
      text.replace('    enablerParams: [tid, mid]\n', '').replace(
        /(\n        deviceAdmin: .*\n)/,
        '$1      - deviceAlias: till-2\n        deviceName: Back till\n        deviceType: COTS\n        methods: ["01"]\n        acquirerFields:\n          host-a-usd: { tid: "00000002" }\n',
      ),
    );
    const run = await cli(['apply', '-f', manifest, '--auto-approve', '--journal', journal], env);
    expect(run.code).toBe(1);
    const lines = records(journal);
    const failed = lines.find((r) => r['outcome'] === 'failed');
    expect(failed).toMatchObject({ address: 'device/coffee-001/till-2', action: 'create', error: { code: expect.any(String), message: expect.stringContaining('code 10000') } });
    expect(lines.at(-1)).toMatchObject({ type: 'run-end', exitCode: 1, summary: { done: 6, failed: 1 } });
    const summary = await cli(['journal', journal, '--json'], env);
    expect(summary.code).toBe(0);
    expect(JSON.parse(summary.out).runs[0]).toMatchObject({ status: 'failed' });
  });

  it('ties a saved plan to the run that applied it by its hash, and refuses a plan edited after it was saved', async ({ sim, expect }) => {
    const { env } = await freshGroup(sim);
    const { dir, manifest, journal } = workspace();
    expect((await cli(['plan', '-f', manifest, '-o', 'plan.json'], env, dir)).code).toBe(0);
    const saved = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as { planHash: string };
    expect(saved.planHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    // The reviewer reads the same hash on the plan: text, the pull-request Markdown, the JSON, and show.
    // Text is read, so it shows the hash as git shows a commit: sha256: and 12 hex digits; what is copied keeps all 64.
    const short = saved.planHash.slice(0, 'sha256:'.length + 12);
    const shortLine = `Plan ${short} (the journal of its apply shows the same; --json gives the full hash)\n`;
    const reviewed = await cli(['plan', '-f', manifest], env, dir);
    expect(reviewed.out).toContain(shortLine);
    expect(reviewed.out).not.toContain(saved.planHash.slice(0, short.length + 1));
    expect((await cli(['plan', '-f', manifest, '--markdown'], env, dir)).out).toContain(`<sub>Plan hash ${saved.planHash}:`);
    expect(JSON.parse((await cli(['plan', '-f', manifest, '--json'], env, dir)).out).planHash).toBe(saved.planHash);
    const shown = (await cli(['show', 'plan.json'], env, dir)).out;
    expect(shown).toContain(shortLine);
    expect(shown).not.toContain(saved.planHash);

    const edited = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as { plan: { changes: Array<{ reason: string }> } };
    edited.plan.changes[0]!.reason = 'approved by nobody';
    writeFileSync(join(dir, 'edited.json'), JSON.stringify(edited));
    const refused = await cli(['apply', 'edited.json', '--journal', journal], env, dir);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('edited.json was edited after it was saved');

    const run = await cli(['apply', 'plan.json', '--journal', journal], env, dir);
    expect(run.code, run.err).toBe(0);
    const [start] = records(journal);
    expect(start).toMatchObject({ planHash: saved.planHash, source: { kind: 'saved-plan', file: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } } });
    // The journal's summary shows the short form the reviewer read on the plan; its JSON, the full hash.
    expect((await cli(['journal', journal], env, dir)).out).toContain(`  plan     ${short}\n`);
    expect((await cli(['journal', journal, '--markdown'], env, dir)).out).toContain(` | ${short} | `);
    expect(JSON.parse((await cli(['journal', journal, '--json'], env, dir)).out).runs[0].planHash).toBe(saved.planHash);
  });

  it('refuses the run before any request when the journal cannot be written', async ({ sim, expect }) => {
    const { env } = await freshGroup(sim);
    const { dir, manifest } = workspace();
    await sim.admin.resetStats();
    const missing = await cli(['apply', '-f', manifest, '--auto-approve', '--journal', join(dir, 'no-such-dir', 'j.jsonl')], env);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('its directory does not exist; nothing was changed');
    const foreign = await cli(['apply', '-f', manifest, '--auto-approve', '--journal', manifest], env);
    expect(foreign.code).toBe(1);
    expect(foreign.err).toContain('it is not a paycfg journal');
    const empty = await cli(['apply', '-f', manifest, '--auto-approve', '--journal', ''], env);
    expect(empty.code).toBe(1);
    expect(empty.err).toContain('--journal needs a file');
    expect((await sim.admin.stats()).total).toBe(0);
    // Root may write anywhere: the read-only case stands only for other users.
    if (process.getuid?.() !== 0) {
      const readOnly = join(dir, 'ro.jsonl');
      writeFileSync(readOnly, '');
      chmodSync(readOnly, 0o400);
      expect((await cli(['apply', '-f', manifest, '--auto-approve', '--journal', readOnly], env)).err).toContain('permission denied');
    }
  });

  it('refuses /dev/stdout when standard output goes to a file: the journal lines would land among the plan\'s', async ({ sim, expect }) => {
    const { env } = await freshGroup(sim);
    const { dir, manifest } = workspace();
    const out = join(dir, 'out.txt');
    const fd = openSync(out, 'w');
    try {
      // Run asynchronously: a spawnSync would stop this process's simulator for as long as the child
      // runs, and a keep-alive connection closed meanwhile made the next test's first request fail.
      const run = await new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [...cliNodeArgs(), 'apply', '-f', manifest, '--auto-approve', '--journal', '/dev/stdout'],
          { env: { ...process.env, ...env, NO_COLOR: '1' }, stdio: ['ignore', fd, 'pipe'], timeout: 60_000 },
        );
        let stderr = '';
        child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.on('error', reject);
        child.on('close', (status) => resolve({ status, stderr }));
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("cannot write the journal /dev/stdout: it is the file this process's standard output goes to; nothing was changed");
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(out, 'utf8')).not.toContain('journalVersion');
  });
  it('closes the journal on every way out: a run, a run with nothing to do, and a saved plan refused as stale', async ({ sim, expect }) => {
    const { env } = await freshGroup(sim);
    const { dir, manifest, journal } = workspace();
    // Linux names each open descriptor's file under /proc/self/fd: none may still name the journal.
    const openOnJournal = (): number => readdirSync('/proc/self/fd').filter((fd) => { try { return readlinkSync(`/proc/self/fd/${fd}`) === journal; } catch { return false; } }).length;
    expect((await cli(['plan', '-f', manifest, '-o', 'plan.json'], env, dir)).code).toBe(0);
    expect((await cli(['apply', '-f', manifest, '--auto-approve', '--journal', journal], env)).code).toBe(0);
    expect(openOnJournal()).toBe(0);
    expect((await cli(['apply', '-f', manifest, '--auto-approve', '--journal', journal], env)).code).toBe(0);
    expect(openOnJournal()).toBe(0);
    const stale = await cli(['apply', 'plan.json', '--journal', journal], env, dir);
    expect(stale.code, stale.err).toBe(1);
    expect(openOnJournal()).toBe(0);
  });
});
