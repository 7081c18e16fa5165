import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { failedDriftCheck, observeDrift, renderDriftMetrics } from '../../src/alerts/index.js';
import { escapeLabelValue } from '../../src/alerts/metrics.js';
import { stepGroup } from '../../src/alerts/transitions.js';
import type { DriftObservation } from '../../src/alerts/index.js';
import type { GroupState } from '../../src/alerts/state.js';
import { driftPlan, SUBJECT, unmanaged, update } from './fixtures.js';

const at = new Date('2026-11-28T17:00:00.500Z');

function rows(...entries: [DriftObservation, GroupState | undefined][]) {
  return entries.map(([observation, previous]) => ({ observation, state: stepGroup(previous, observation).told }));
}

function family(text: string, name: string) {
  const found = parsePrometheusTextFormat(text).find((entry) => entry.name === name);
  if (found === undefined) throw new Error(`no family ${name}`);
  return found;
}

describe('renderDriftMetrics', () => {
  const drifted = observeDrift(SUBJECT, driftPlan({ changes: [update('merchant/m1', 'contactName', 'x')], unmanaged: [unmanaged('device/m1/till-2')] }), { checkedAt: at, ignoreUnmanaged: false });

  it('parses back as the Prometheus text format: gauges by kind, the verdict, success and its time, the error counter, # EOF last', () => {
    const text = renderDriftMetrics(rows([drifted, undefined]));
    expect(text.endsWith('\n# EOF\n')).toBe(true);
    const labels = { group: 'G-00000001', name: 'acme', base_url: 'https://pay.example.com' };
    const records = family(text, 'paycfg_drift_records');
    expect(records.type).toBe('GAUGE');
    expect(records.help).not.toBe('');
    expect(records.metrics).toContainEqual({ value: '1', labels: { ...labels, kind: 'merchant' } });
    expect(records.metrics).toContainEqual({ value: '0', labels: { ...labels, kind: 'device' } });
    expect(records.metrics).toHaveLength(5);
    expect(family(text, 'paycfg_drift_unmanaged_records').metrics).toContainEqual({ value: '1', labels: { ...labels, kind: 'device' } });
    expect(family(text, 'paycfg_drift_drifted').metrics).toEqual([{ value: '1', labels }]);
    expect(family(text, 'paycfg_drift_check_success').metrics).toEqual([{ value: '1', labels }]);
    expect(family(text, 'paycfg_drift_last_success_timestamp_seconds').metrics).toEqual([{ value: '1795885200.5', labels }]);
    // OpenMetrics' counter: TYPE on the family, its sample suffixed _total; a 0.0.4 parser reads the sample untyped.
    expect(text).toContain('# TYPE paycfg_drift_check_errors counter\n');
    expect(family(text, 'paycfg_drift_check_errors_total').metrics).toEqual([{ value: '0', labels }]);
    for (const entry of parsePrometheusTextFormat(text)) for (const sample of entry.metrics) expect(sample.timestamp_ms).toBeUndefined();
  });

  it('keeps each family together with its HELP and TYPE first, and HELP texts that need no escaping', () => {
    const other = observeDrift({ group: 'G-00000002', baseUrl: 'https://pay.example.com' }, driftPlan(), { checkedAt: at, ignoreUnmanaged: false });
    const text = renderDriftMetrics(rows([drifted, undefined], [other, undefined]));
    const lines = text.trimEnd().split('\n');
    const seen: string[] = [];
    for (const line of lines) {
      if (line === '# EOF') continue;
      const name = line.startsWith('# ') ? line.split(' ')[2]! : line.slice(0, line.indexOf('{')).replace(/_total$/, '');
      if (seen.at(-1) !== name) {
        expect(seen, `${name} comes twice`).not.toContain(name);
        expect(line.startsWith(`# HELP ${name} `)).toBe(true);
        seen.push(name);
      }
    }
    for (const line of lines.filter((entry) => entry.startsWith('# HELP'))) expect(line).not.toMatch(/[\\"]/);
    // A group without a name has no name label; the families hold both groups.
    expect(family(text, 'paycfg_drift_check_success').metrics).toContainEqual({ value: '1', labels: { group: 'G-00000002', base_url: 'https://pay.example.com' } });
  });

  it('a failed check: success 0, no counts, the last success and the verdict carried from the state, the error counted', () => {
    const previous: GroupState = {
      baseUrl: 'https://pay.example.com',
      group: 'G-00000001',
      lastCheckedAt: '2026-11-28T16:00:00.000Z',
      lastSuccessAt: '2026-11-28T16:00:00.000Z',
      checkErrors: 2,
      drifted: true,
      fingerprint: 'sha256:x',
      notified: { drifted: true, fingerprint: 'sha256:x' },
    };
    const failed = failedDriftCheck(SUBJECT, { code: 'AUTH', message: 'token expired' }, at);
    const text = renderDriftMetrics(rows([failed, previous]));
    const labels = { group: 'G-00000001', name: 'acme', base_url: 'https://pay.example.com' };
    expect(family(text, 'paycfg_drift_check_success').metrics).toEqual([{ value: '0', labels }]);
    expect(family(text, 'paycfg_drift_last_success_timestamp_seconds').metrics).toEqual([{ value: '1795881600', labels }]);
    expect(family(text, 'paycfg_drift_drifted').metrics).toEqual([{ value: '1', labels }]);
    expect(family(text, 'paycfg_drift_check_errors_total').metrics).toEqual([{ value: '3', labels }]);
    expect(text).not.toContain('paycfg_drift_records{');
    expect(text).not.toContain('token expired');
    // With no state: no verdict, no last success, this run's error alone.
    const alone = renderDriftMetrics(rows([failed, undefined]));
    expect(alone).not.toContain('paycfg_drift_drifted{');
    expect(alone).not.toContain('paycfg_drift_last_success_timestamp_seconds{');
    expect(family(alone, 'paycfg_drift_check_errors_total').metrics).toEqual([{ value: '1', labels }]);
  });

  it('escapes label values as the format says, and labels a base URL by its origin alone', () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    const odd = observeDrift({ name: 'x"y\\z', group: 'G-00000003', baseUrl: 'https://user:pw@pay.example.com:8443/secret/path?key=1' }, driftPlan(), { checkedAt: at, ignoreUnmanaged: false });
    const text = renderDriftMetrics(rows([odd, undefined]));
    expect(text).not.toContain('secret');
    expect(text).not.toContain('pw');
    expect(family(text, 'paycfg_drift_check_success').metrics).toEqual([{ value: '1', labels: { group: 'G-00000003', name: 'x"y\\z', base_url: 'https://pay.example.com:8443' } }]);
  });
});
