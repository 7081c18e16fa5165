/**
 * `paycfg drift` with alerts, in-process over real HTTP: a simulator group drifts, is fixed, and a
 * local receiver (node:http) stands for the webhook. Posts come on transitions only; a receiver that
 * fails is retried, then reported, and leaves the drift exit code as it was.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { BASIC_EXAMPLE_ENV } from '../helpers/example-secrets.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { startReceiver } from '../alerts/receiver.js';

const basic = new URL('../../examples/basic/paycfg.yaml', import.meta.url).pathname;
let sim: TestSimulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** One group, applied once: each test drifts it through the API and puts it back (an apply costs seconds). */
let group: { groupId: string; manifest: string; env: Record<string, string>; merchant: Record<string, unknown> };

const HOOK = '/services/T0000/B0000/hook-secret-part';
const alerts = ['--metrics', 'drift.prom', '--state', 'state.json'];

beforeAll(async () => {
  [sim, receiver] = await Promise.all([startTestSimulator(), startReceiver()]);
  const groupId = 'G-70000001';
  await sim.admin.createGroup({ groupId });
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-drift-alerts-'));
  const manifest = join(dir, 'paycfg.yaml');
  writeFileSync(manifest, readFileSync(basic, 'utf8').replace(/^group: .*$/m, `group: ${groupId}`));
  const env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId), PAYCFG_DRIFT_WEBHOOK_URL: `${receiver.url}${HOOK}`, ...BASIC_EXAMPLE_ENV };
  expect((await cli(['apply', '-f', manifest, '--auto-approve'], env, dir)).code).toBe(0);
  const [merchant] = (await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, groupId)).body.data.records;
  group = { groupId, manifest, env, merchant };
});
afterAll(async () => {
  await Promise.all([sim.close(), receiver.close()]);
});

/** The group as applied, and a fresh directory for the metrics and the state (the job's first run). */
async function setup() {
  await changeMerchant(group.groupId, {});
  receiver.received.length = 0;
  receiver.answer({ status: 200 });
  return { ...group, dir: mkdtempSync(join(tmpdir(), 'paycfg-drift-alerts-')), alerts };
}

async function cli(argv: string[], env: Record<string, string>, cwd: string) {
  const io = captureIo({ env, cwd });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** The merchant as applied, with `fields` changed behind paycfg's back. */
async function changeMerchant(groupId: string, fields: Record<string, string>) {
  const { acquirers: _a, ...body } = group.merchant;
  expect((await sim.api('PUT', `/api/openapi/v1/mchInfo/${String(group.merchant['mchId'])}`, { ...body, ...fields }, groupId)).body.code).toBe(0);
}

function posts(): string[] {
  return receiver.received.filter((entry) => entry.url === HOOK).map((entry) => (JSON.parse(entry.body) as { text: string }).text);
}

function gauge(dir: string, name: string): string | undefined {
  const families = parsePrometheusTextFormat(readFileSync(join(dir, 'drift.prom'), 'utf8'));
  const samples = families.find((family) => family.name === name)?.metrics ?? [];
  expect(samples.length).toBeLessThanOrEqual(1);
  return samples[0]?.value;
}

function recordsOf(dir: string, kind: string): string | undefined {
  const families = parsePrometheusTextFormat(readFileSync(join(dir, 'drift.prom'), 'utf8'));
  return families.find((family) => family.name === 'paycfg_drift_records')?.metrics.find((sample) => sample.labels?.['kind'] === kind)?.value;
}

describe('paycfg drift with alerts', () => {
  it('posts when the drift changes only: newly drifted, the same drift again, changed, resolved; the metrics after each run', async () => {
    const { groupId, dir, manifest, env, alerts } = await setup();
    const clean = await cli(['drift', '-f', manifest, ...alerts], env, dir);
    expect(clean.code, clean.err).toBe(0);
    expect(posts()).toEqual([]);
    expect(clean.err).toBe(`drift alerts: metrics written to ${join(dir, 'drift.prom')}; webhook: no change of drift, nothing posted; state kept in ${join(dir, 'state.json')}\n`);
    expect(gauge(dir, 'paycfg_drift_drifted')).toBe('0');
    expect(gauge(dir, 'paycfg_drift_check_success')).toBe('1');

    await changeMerchant(groupId, { contactName: 'Somebody Else' });
    const first = await cli(['drift', '-f', manifest, ...alerts], env, dir);
    expect(first.code).toBe(2);
    expect(first.out).toContain('~ contactName = "Somebody Else" → "Jane Doe"');
    expect(first.err).toContain(`webhook: 1 transition posted (${groupId} newly drifted)`);
    expect(posts()).toEqual([`paycfg drift: 1 group newly drifted\n• ${groupId} at ${sim.url}: newly drifted: 1 record differs (1 merchant): merchant/coffee-001`]);
    expect(gauge(dir, 'paycfg_drift_drifted')).toBe('1');
    expect(recordsOf(dir, 'merchant')).toBe('1');
    // The text holds no value of a record, and stderr not the webhook's secret path.
    expect(posts()[0]).not.toContain('Somebody Else');
    expect(first.err).not.toContain('hook-secret-part');

    const again = await cli(['drift', '-f', manifest, ...alerts], env, dir);
    expect(again.code).toBe(2);
    expect(posts()).toHaveLength(1);

    await changeMerchant(groupId, { mchName: 'Another Shop' });
    const changed = await cli(['drift', '-f', manifest, ...alerts, '--json'], env, dir);
    expect(changed.code).toBe(2);
    expect(JSON.parse(changed.out)).toMatchObject({ kind: 'paycfg-drift', drifted: true });
    expect(posts()).toHaveLength(2);
    expect(posts()[1]).toMatch(new RegExp(`^paycfg drift: 1 group drifted differently\n• ${groupId} at `));

    await changeMerchant(groupId, {});
    const fixed = await cli(['drift', '-f', manifest, ...alerts], env, dir);
    expect(fixed.code).toBe(0);
    expect(posts()[2]).toBe(`paycfg drift: 1 group resolved\n• ${groupId} at ${sim.url}: drift resolved: the live group matches the manifests`);
    expect(gauge(dir, 'paycfg_drift_drifted')).toBe('0');
    expect(recordsOf(dir, 'merchant')).toBe('0');
    expect(gauge(dir, 'paycfg_drift_check_errors_total')).toBe('0');
  });

  it('a receiver that fails then answers: retried and posted; one that always fails: a warning, the exit code and the state as they were', async () => {
    const { groupId, dir, manifest, env, alerts } = await setup();
    await changeMerchant(groupId, { contactName: 'Somebody Else' });
    receiver.received.length = 0;
    receiver.answer({ status: 500 }, { status: 200 });
    const retried = await cli(['drift', '-f', manifest, ...alerts], env, dir);
    expect(retried.code).toBe(2);
    expect(posts()).toHaveLength(2);
    expect(retried.err).toContain(`webhook: 1 transition posted (${groupId} newly drifted)`);

    // Another drift, with a receiver that answers 500 every time.
    await changeMerchant(groupId, { mchName: 'Another Shop' });
    const stateBefore = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));
    receiver.received.length = 0;
    receiver.answer({ status: 500 });
    const failing = await cli(['drift', '-f', manifest, ...alerts], env, dir);
    expect(failing.code).toBe(2);
    expect(posts()).toHaveLength(3);
    expect(failing.err).toContain('webhook: 0 transitions posted, 1 not posted');
    expect(failing.err).toContain(
      `warning: the drift webhook at ${receiver.url} did not take the post of ${groupId} drift changed after 3 attempts (HTTP 500); the state keeps them pending and the next run posts them again\n`,
    );
    expect(failing.err).not.toContain('hook-secret-part');
    const key = `${sim.url} ${groupId}`;
    const stateAfter = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));
    expect(stateAfter.groups[key].notified).toEqual(stateBefore.groups[key].notified);
    expect(gauge(dir, 'paycfg_drift_drifted')).toBe('1');

    // The next run posts the change again, and the receiver takes it.
    receiver.answer({ status: 200 });
    const next = await cli(['drift', '-f', manifest, ...alerts], env, dir);
    expect(next.code).toBe(2);
    expect(next.err).toContain(`webhook: 1 transition posted (${groupId} drift changed)`);
  });

  it('a failed check writes the metrics with check_success 0, the last success and the verdict carried, the error counted; no post', async () => {
    const { groupId, dir, manifest, env, alerts } = await setup();
    await changeMerchant(groupId, { contactName: 'Somebody Else' });
    expect((await cli(['drift', '-f', manifest, ...alerts], env, dir)).code).toBe(2);
    const lastSuccess = gauge(dir, 'paycfg_drift_last_success_timestamp_seconds');
    const failed = await cli(['drift', '-f', manifest, ...alerts], { ...env, PAYCFG_TOKEN: sim.token('G-79999999') }, dir);
    expect(failed.code).toBe(1);
    expect(failed.err).toContain(`drift alerts: metrics written to ${join(dir, 'drift.prom')}; webhook: no change of drift, nothing posted`);
    expect(gauge(dir, 'paycfg_drift_check_success')).toBe('0');
    expect(gauge(dir, 'paycfg_drift_last_success_timestamp_seconds')).toBe(lastSuccess);
    expect(gauge(dir, 'paycfg_drift_drifted')).toBe('1');
    expect(gauge(dir, 'paycfg_drift_check_errors_total')).toBe('1');
    expect(recordsOf(dir, 'merchant')).toBeUndefined();
    expect(posts()).toHaveLength(1);
  });

  it('with --env, a check that fails before any request still writes the metrics of the environment\'s group', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-drift-alerts-'));
    writeFileSync(join(dir, 'paycfg.yaml'), 'version: 1\ngroup: G-70000009\n');
    writeFileSync(
      join(dir, 'paycfg.environments.yaml'),
      `version: 1\nenvironments:\n  production:\n    baseUrl: ${sim.url}\n    group: G-70000009\n    token: { env: PAYCFG_PROD_TOKEN }\n    manifests: [paycfg.yaml]\n`,
    );
    const failed = await cli(['drift', '--env', 'production', '--metrics', 'drift.prom'], {}, dir);
    expect(failed.code).toBe(1);
    expect(failed.err).toContain('PAYCFG_PROD_TOKEN');
    expect(failed.err).toContain(`drift alerts: metrics written to ${join(dir, 'drift.prom')}\n`);
    const families = parsePrometheusTextFormat(readFileSync(join(dir, 'drift.prom'), 'utf8'));
    expect(families.find((family) => family.name === 'paycfg_drift_check_success')?.metrics).toEqual([
      { value: '0', labels: { group: 'G-70000009', name: 'production', base_url: sim.url } },
    ]);
  });

  it('refuses a bad state file, and a webhook without --state, before any request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-drift-alerts-'));
    const manifest = join(dir, 'paycfg.yaml');
    writeFileSync(manifest, readFileSync(basic, 'utf8'));
    writeFileSync(join(dir, 'state.json'), '{"formatVersion": 1, "kind": "paycfg-drift-state", "groups": []}');
    receiver.received.length = 0;
    // The receiver stands for the service too: it would see any request.
    const env = { PAYCFG_BASE_URL: receiver.url, PAYCFG_TOKEN: sim.token('G-00000001'), PAYCFG_DRIFT_WEBHOOK_URL: `${receiver.url}${HOOK}`, ...BASIC_EXAMPLE_ENV };
    const bad = await cli(['drift', '-f', manifest, '--state', 'state.json'], env, dir);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain(`the drift state file ${join(dir, 'state.json')} is not a paycfg drift state at groups`);
    const noState = await cli(['drift', '-f', manifest, '--metrics', 'drift.prom'], env, dir);
    expect(noState.code).toBe(1);
    expect(noState.err).toContain('paycfg drift: $PAYCFG_DRIFT_WEBHOOK_URL needs --state FILE');
    expect(receiver.received).toEqual([]);
  });
});
