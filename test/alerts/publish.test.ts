import { mkdtempSync, readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertConfigError, failedDriftCheck, observeDrift, preflightDriftAlerts, publishDriftAlerts, type AlertOptions, type DriftObservation, type DriftSubject, type DriftTransition } from '../../src/alerts/index.js';
import { MAX_TRANSITIONS_PER_POST } from '../../src/alerts/webhook-message.js';
import { driftPlan, unmanaged, update } from './fixtures.js';
import { startReceiver } from './receiver.js';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

const at = new Date('2026-11-28T17:00:00Z');
const subject = (n: number, name?: string): DriftSubject => ({ group: `G-${String(n).padStart(8, '0')}`, baseUrl: 'https://pay.example.com', ...(name !== undefined ? { name } : {}) });
const drifted = (s: DriftSubject, field = 'contactName') => observeDrift(s, driftPlan({ changes: [update('merchant/coffee-001', field, 'secret-value')] }), { checkedAt: at, ignoreUnmanaged: false });
const clean = (s: DriftSubject) => observeDrift(s, driftPlan(), { checkedAt: at, ignoreUnmanaged: false });

function options(dir: string, extra: Partial<AlertOptions> = {}): AlertOptions {
  return { cwd: dir, metricsFile: 'drift.prom', stateFile: 'state.json', webhookUrl: `${receiver.url}/hooks/T000/B000/XXXXsecret`, backoffMs: () => 1, ...extra };
}

function posts(path = '/hooks/T000/B000/XXXXsecret'): { text: string }[] {
  return receiver.received.filter((entry) => entry.url === path).map((entry) => JSON.parse(entry.body) as { text: string });
}

describe('publishDriftAlerts', () => {
  it('posts on transitions only, keeps the state, writes the metrics each run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-alerts-'));
    receiver.received.length = 0;
    receiver.answer({ status: 200 });
    const a = subject(1, 'acme');
    const b = subject(2);

    const first = await publishDriftAlerts([drifted(a), clean(b)], options(dir));
    expect(first.transitions).toEqual([{ subject: a, kind: 'newly-drifted' }]);
    expect(first.webhook).toEqual({ posted: 1, failed: [] });
    expect(first).toMatchObject({ metricsFile: join(dir, 'drift.prom'), stateFile: join(dir, 'state.json'), warnings: [] });
    expect(posts()).toHaveLength(1);
    const text = posts()[0]!.text;
    expect(text).toBe('paycfg drift: 1 group newly drifted\n• G-00000001 (acme) at https://pay.example.com: newly drifted: 1 record differs (1 merchant): merchant/coffee-001');
    expect(text).not.toContain('secret-value');
    expect(parsePrometheusTextFormat(readFileSync(join(dir, 'drift.prom'), 'utf8')).find((family) => family.name === 'paycfg_drift_drifted')?.metrics).toHaveLength(2);

    const again = await publishDriftAlerts([drifted(a), clean(b)], options(dir));
    expect(again.transitions).toEqual([]);
    expect(again.webhook).toEqual({ posted: 0, failed: [] });
    expect(posts()).toHaveLength(1);

    const changed = await publishDriftAlerts([drifted(a, 'mchName'), drifted(b)], options(dir));
    expect(changed.transitions.map((entry) => entry.kind)).toEqual(['changed', 'newly-drifted']);
    expect(posts()).toHaveLength(2);
    expect(posts()[1]!.text.split('\n')[0]).toBe('paycfg drift: 1 group newly drifted, 1 drifted differently');

    const resolved = await publishDriftAlerts([clean(a), drifted(b)], options(dir));
    expect(resolved.transitions).toEqual([{ subject: a, kind: 'resolved' }]);
    expect(posts()[2]!.text).toBe('paycfg drift: 1 group resolved\n• G-00000001 (acme) at https://pay.example.com: drift resolved: the live group matches the manifests');
  });

  it('a post that fails after its attempts: a warning without the URL path, the state not advanced, posted again next run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-alerts-'));
    receiver.received.length = 0;
    receiver.answer({ status: 500 });
    const a = subject(1);
    const failing = await publishDriftAlerts([drifted(a)], options(dir));
    expect(failing.transitions).toEqual([{ subject: a, kind: 'newly-drifted' }]);
    expect(failing.webhook).toEqual({ posted: 0, failed: [{ subject: a, error: 'HTTP 500' }] });
    expect(failing.warnings).toEqual([
      `the drift webhook at ${receiver.url} did not take the post of G-00000001 newly drifted after 3 attempts (HTTP 500); the state keeps them pending and the next run posts them again`,
    ]);
    expect(JSON.stringify(failing)).not.toContain('XXXXsecret');
    expect(posts()).toHaveLength(3);
    const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));
    expect(state.groups['https://pay.example.com G-00000001']).toMatchObject({ drifted: true, checkErrors: 0 });
    expect(state.groups['https://pay.example.com G-00000001'].notified).toBeUndefined();

    receiver.answer({ status: 200 });
    const next = await publishDriftAlerts([drifted(a)], options(dir));
    expect(next.webhook).toEqual({ posted: 1, failed: [] });
    expect(posts()).toHaveLength(4);
  });

  it('splits many transitions into messages of at most MAX_TRANSITIONS_PER_POST', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-alerts-'));
    receiver.received.length = 0;
    receiver.answer({ status: 200 });
    const observations = Array.from({ length: MAX_TRANSITIONS_PER_POST + 3 }, (_, index) => drifted(subject(index + 1)));
    const report = await publishDriftAlerts(observations, options(dir));
    expect(report.webhook?.posted).toBe(MAX_TRANSITIONS_PER_POST + 3);
    expect(posts().map((post) => post.text.split('\n').length - 1)).toEqual([MAX_TRANSITIONS_PER_POST, 3]);
  });

  it('shows a key read from the service, not obeyed: control characters escaped, Slack mentions defused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-alerts-'));
    receiver.received.length = 0;
    receiver.answer({ status: 200 });
    const observation = observeDrift(subject(9), driftPlan({ unmanaged: [unmanaged('emv/<!channel>\n• G-00000002 & x\u001b[2K')] }), { checkedAt: at, ignoreUnmanaged: false });
    await publishDriftAlerts([observation], options(dir));
    const text = posts()[0]!.text;
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toContain('emv/&lt;!channel&gt;\\n• G-00000002 &amp; x\\e[2K');
  });

  it('a failed check posts nothing and keeps the state; the metrics say it failed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-alerts-'));
    receiver.received.length = 0;
    const a = subject(1);
    await publishDriftAlerts([drifted(a)], options(dir));
    const before = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')).groups['https://pay.example.com G-00000001'];
    const report = await publishDriftAlerts([failedDriftCheck(a, { code: 'AUTH', message: 'expired' }, new Date('2026-11-28T18:00:00Z'))], options(dir));
    expect(report.transitions).toEqual([]);
    expect(posts()).toHaveLength(1);
    const after = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')).groups['https://pay.example.com G-00000001'];
    expect(after).toEqual({ ...before, lastCheckedAt: '2026-11-28T18:00:00.000Z', checkErrors: 1 });
    const metrics = readFileSync(join(dir, 'drift.prom'), 'utf8');
    expect(metrics).toContain('paycfg_drift_check_success{group="G-00000001",base_url="https://pay.example.com"} 0\n');
    expect(metrics).toContain('paycfg_drift_check_errors_total{group="G-00000001",base_url="https://pay.example.com"} 1\n');
  });

  it('state without a webhook: transitions reckoned and the state advanced, nothing posted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-alerts-'));
    receiver.received.length = 0;
    const { webhookUrl: _w, ...noWebhook } = options(dir);
    const report = await publishDriftAlerts([drifted(subject(1))], noWebhook);
    expect(report.transitions.map((entry) => entry.kind)).toEqual(['newly-drifted']);
    expect(report.webhook).toBeUndefined();
    expect((await publishDriftAlerts([drifted(subject(1))], noWebhook)).transitions).toEqual([]);
    expect(receiver.received).toHaveLength(0);
  });

  it('pushes the metrics to a push gateway under the group, a failed push a warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-alerts-'));
    receiver.received.length = 0;
    receiver.answer({ status: 200 });
    const report = await publishDriftAlerts([drifted(subject(1))], { cwd: dir, pushGateway: `${receiver.url}/` });
    expect(report).toEqual({ transitions: [], pushed: true, warnings: [] });
    expect(receiver.received[0]).toMatchObject({ method: 'PUT', url: '/metrics/job/paycfg_drift/group/G-00000001' });
    expect(receiver.received[0]!.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(receiver.received[0]!.body).toMatch(/# EOF\n$/);

    await publishDriftAlerts([drifted(subject(1)), drifted(subject(2))], { cwd: dir, pushGateway: receiver.url, pushGroupingKey: { shard: '2/4' } });
    expect(receiver.received[1]!.url).toBe(`/metrics/job/paycfg_drift/shard@base64/${Buffer.from('2/4').toString('base64url')}`);

    receiver.answer({ status: 503 });
    const failed = await publishDriftAlerts([drifted(subject(1))], { cwd: dir, pushGateway: receiver.url, backoffMs: () => 1 });
    expect(failed.pushed).toBe(false);
    expect(failed.warnings).toEqual([`push to the push gateway at ${receiver.url} failed after 3 attempts (HTTP 503); the metrics there are those of an earlier run`]);
  });

  it('nothing asked: nothing done', async () => {
    expect(await publishDriftAlerts([drifted(subject(1))], { cwd: tmpdir() })).toEqual({ transitions: [], warnings: [] });
  });
});

describe('preflightDriftAlerts', () => {
  it('refuses a malformed state file, a webhook without a state, bad URLs and a missing metrics directory, before anything is sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-alerts-'));
    receiver.received.length = 0;
    writeFileSync(join(dir, 'state.json'), 'not json');
    await expect(preflightDriftAlerts(options(dir))).rejects.toThrow(new RegExp(`the drift state file ${join(dir, 'state.json')} is not JSON`));
    await expect(preflightDriftAlerts({ cwd: dir, webhookUrl: 'https://hooks.example/T/B/secret' })).rejects.toThrow(/needs a state file/);
    const bad = await preflightDriftAlerts({ cwd: dir, stateFile: 'other.json', webhookUrl: 'hooks.example/T/B/secret' }).catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(AlertConfigError);
    expect((bad as Error).message).not.toContain('hooks.example');
    await expect(preflightDriftAlerts({ cwd: dir, pushGateway: 'ftp://gw.example' })).rejects.toThrow(/push gateway URL "ftp:\/\/gw.example" is not an http/);
    await expect(preflightDriftAlerts({ cwd: dir, metricsFile: 'missing/drift.prom' })).rejects.toThrow(/cannot write the metrics file .*missing\/drift\.prom: its directory .*: no such file or directory/);
    mkdirSync(join(dir, 'ok'));
    await expect(preflightDriftAlerts({ cwd: dir, metricsFile: 'ok/drift.prom', stateFile: 'ok/state.json' })).resolves.toBeUndefined();
    expect(existsSync(join(dir, 'ok', 'state.json'))).toBe(false);
    // publish refuses the malformed state as well, before it posts.
    await expect(publishDriftAlerts([drifted(subject(1))], options(dir))).rejects.toBeInstanceOf(AlertConfigError);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('the webhook message', () => {
  // docs/fleet.md now shows a captured post (scripts/captures: drift-alerts-post); this pins the
  // message of two transitions the docs showed before, word for word.
  it('reads as the docs showed it: one post for every transition, addresses and counts only', async () => {
    const { webhookMessage } = await import('../../src/alerts/webhook-message.js');
    const production = { name: 'production', group: 'G-00000001', baseUrl: 'https://pay.example.com' };
    const test = { name: 'test', group: 'G-00000002', baseUrl: 'https://pay.example.com' };
    const newly: DriftTransition = { subject: production, kind: 'newly-drifted' };
    const resolved: DriftTransition = { subject: test, kind: 'resolved' };
    const observed = new Map<DriftTransition, DriftObservation>([
      [newly, observeDrift(production, driftPlan({ changes: [update('merchant/coffee-001', 'contactName', 'x')], unmanaged: [unmanaged('emv/stray')] }), { checkedAt: at, ignoreUnmanaged: false })],
      [resolved, clean(test)],
    ]);
    const message = webhookMessage([newly, resolved], observed);
    expect(JSON.stringify(message)).toBe(
      '{"text":"paycfg drift: 1 group newly drifted, 1 resolved\\n• G-00000001 (production) at https://pay.example.com: newly drifted: 1 record differs (1 merchant); 1 not managed (1 EMV config): emv/stray, merchant/coffee-001\\n• G-00000002 (test) at https://pay.example.com: drift resolved: the live group matches the manifests"}',
    );
  });
});
