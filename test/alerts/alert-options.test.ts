import { describe, expect, it } from 'vitest';
import { alertOptionsOf, reportAlerts, WEBHOOK_URL_ENV } from '../../src/cli/alert-options.js';
import { captureIo } from '../../src/cli/io.js';
import { UsageError } from '../../src/errors.js';

describe('alertOptionsOf', () => {
  it('none given: undefined', () => {
    expect(alertOptionsOf('drift', {}, captureIo({ env: {} }))).toBeUndefined();
  });

  it('maps the flags, the webhook from the flag or the environment', () => {
    const io = captureIo({ env: { [WEBHOOK_URL_ENV]: 'https://hooks.example/T/B/from-env' } });
    expect(alertOptionsOf('drift', { metrics: 'm.prom', state: 's.json' }, io)).toEqual({ cwd: io.cwd, metricsFile: 'm.prom', stateFile: 's.json', webhookUrl: 'https://hooks.example/T/B/from-env' });
    expect(alertOptionsOf('drift', { webhook: 'https://hooks.example/T/B/flag', state: 's.json', 'push-gateway': 'http://gw:9091' }, io)).toMatchObject({
      webhookUrl: 'https://hooks.example/T/B/flag',
      pushGateway: 'http://gw:9091',
    });
  });

  it('refuses a webhook without --state, and an empty file name', () => {
    const refused = () => alertOptionsOf('drift', { webhook: 'https://hooks.example/T/B/secret' }, captureIo({ env: {} }));
    expect(refused).toThrow(UsageError);
    expect(refused).toThrow(/paycfg drift: --webhook needs --state FILE/);
    expect(() => alertOptionsOf('fleet drift', {}, captureIo({ env: { [WEBHOOK_URL_ENV]: 'https://hooks.example/x' } }))).toThrow(
      new RegExp(`paycfg fleet drift: \\$${WEBHOOK_URL_ENV} needs --state FILE`),
    );
    expect(() => alertOptionsOf('drift', { metrics: '' }, captureIo({ env: {} }))).toThrow(/--metrics needs a value/);
  });
});

describe('reportAlerts', () => {
  const a = { group: 'G-00000001', baseUrl: 'https://pay.example.com' };
  const b = { group: 'G-00000002', name: 'acme', baseUrl: 'https://pay.example.com' };

  it('says where the metrics went and what was posted, then each warning', () => {
    const io = captureIo({ env: {} });
    reportAlerts(
      {
        transitions: [
          { subject: a, kind: 'newly-drifted' },
          { subject: b, kind: 'resolved' },
        ],
        metricsFile: '/var/lib/node_exporter/paycfg.prom',
        stateFile: '/state/drift.json',
        webhook: { posted: 1, failed: [{ subject: b, error: 'HTTP 500' }] },
        warnings: ['the drift webhook at https://hooks.example did not take the post'],
      },
      io,
    );
    expect(io.err()).toBe(
      'drift alerts: metrics written to /var/lib/node_exporter/paycfg.prom; webhook: 1 transition posted (G-00000001 newly drifted), 1 not posted; state kept in /state/drift.json\n' +
        'warning: the drift webhook at https://hooks.example did not take the post\n',
    );
  });

  it('no change: says so; nothing asked: prints nothing', () => {
    const io = captureIo({ env: {} });
    reportAlerts({ transitions: [], stateFile: '/s.json', webhook: { posted: 0, failed: [] }, warnings: [] }, io);
    expect(io.err()).toBe('drift alerts: webhook: no change of drift, nothing posted; state kept in /s.json\n');
    const quiet = captureIo({ env: {} });
    reportAlerts({ transitions: [], warnings: [] }, quiet);
    expect(quiet.err()).toBe('');
  });
});
