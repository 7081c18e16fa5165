/**
 * Where a run finds its record, offline: the command line (the flag before the variable), the
 * environments file (an environment's own before the file's), the manifest (one file of it, relative
 * to that file); one source, or several naming the same file; two files refused, naming both.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnvironmentsFile } from '../../src/environments/index.js';
import { formatDiagnostic, loadManifest, ManifestError } from '../../src/manifest/index.js';
import { ServiceRecordError } from '../../src/service-record/errors.js';
import { serviceRecordText } from '../../src/service-record/file.js';
import { chooseSource, loadRunRecord, sourceOfCommandLine, sourceOfEnvironment, sourceOfManifest } from '../../src/service-record/resolve.js';
import { BINDING_RECORD } from './fixture.js';

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paycfg-record-resolve-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const ENVIRONMENTS = `version: 1
serviceRecord: records/shared.yaml
environments:
  test:
    baseUrl: http://127.0.0.1:8181
    group: G-00000001
    token: { env: TEST_TOKEN }
    manifests: [config]
    serviceRecord: records/test.yaml
  production:
    baseUrl: https://pay.example.com
    group: G-00000002
    token: { env: PROD_TOKEN }
    manifests: [config]
`;

describe('the sources of a run\'s record', () => {
  it('takes the flag before the variable, an empty variable as none, each relative to the working directory', () => {
    expect(sourceOfCommandLine('a.yaml', { PAYCFG_SERVICE_RECORD: 'b.yaml' }, '/repo')).toEqual({ file: '/repo/a.yaml', namedBy: '--service-record' });
    expect(sourceOfCommandLine(undefined, { PAYCFG_SERVICE_RECORD: 'b.yaml' }, '/repo')).toEqual({ file: '/repo/b.yaml', namedBy: '$PAYCFG_SERVICE_RECORD' });
    expect(sourceOfCommandLine(undefined, { PAYCFG_SERVICE_RECORD: ' ' }, '/repo')).toBeUndefined();
    expect(sourceOfCommandLine(undefined, {}, '/repo')).toBeUndefined();
  });

  it("gives an environment its own serviceRecord:, else the file's, relative to the environments file", async () => {
    const dir = workspace({ 'repo/paycfg.environments.yaml': ENVIRONMENTS });
    const file = await loadEnvironmentsFile('repo/paycfg.environments.yaml', { cwd: dir });
    const test = file.environments.get('test')!;
    const production = file.environments.get('production')!;
    expect(test.serviceRecord).toBe(path.join(dir, 'repo/records/test.yaml'));
    expect(production.serviceRecord).toBe(path.join(dir, 'repo/records/shared.yaml'));
    expect(sourceOfEnvironment(test)?.namedBy).toBe('the serviceRecord: of environment test (repo/paycfg.environments.yaml:9:20)');
    expect(sourceOfEnvironment(production)?.namedBy).toBe('the serviceRecord: of environment production (repo/paycfg.environments.yaml:2:16)');
    const none = await loadEnvironmentsFile('e.yaml', { cwd: workspace({ 'e.yaml': ENVIRONMENTS.replace('serviceRecord: records/shared.yaml\n', '') }) });
    expect(none.environments.get('production')!.serviceRecord).toBeUndefined();
    expect(sourceOfEnvironment(none.environments.get('production')!)).toBeUndefined();
  });

  it("takes the manifest's serviceRecord: relative to the file that writes it, and refuses it in two files", async () => {
    const dir = workspace({
      'config/main.yaml': 'version: 1\nserviceRecord: ../records/r.yaml\n',
      'config/more/other.yaml': 'version: 1\n',
    });
    const loaded = await loadManifest(['config'], { env: {}, cwd: dir });
    expect(loaded.manifest.serviceRecord).toBe('../records/r.yaml');
    expect(sourceOfManifest(loaded.manifest.serviceRecord, loaded.locate, dir)).toEqual({
      file: path.join(dir, 'records/r.yaml'),
      namedBy: "the manifest's serviceRecord: (config/main.yaml:2:16)",
    });

    const twice = workspace({ 'config/a.yaml': 'version: 1\nserviceRecord: r.yaml\n', 'config/b.yaml': 'version: 1\nserviceRecord: r.yaml\n' });
    const error = await loadManifest(['config'], { env: {}, cwd: twice }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).diagnostics.map(formatDiagnostic)).toEqual([
      'config/b.yaml:2:1: serviceRecord: serviceRecord is already written at config/a.yaml:2:16; a manifest names its serviceRecord in one file',
    ]);
  });

  it('is one source, or several naming the same file; two files are refused, naming both in the order of the sources', async () => {
    const flag = { file: '/repo/records/a.yaml', namedBy: '--service-record' };
    const environment = { file: '/repo/records/a.yaml', namedBy: 'the serviceRecord: of environment test (e.yaml:5:20)' };
    const manifest = { file: '/repo/records/b.yaml', namedBy: "the manifest's serviceRecord: (m.yaml:2:16)" };
    expect(chooseSource([], '/repo')).toBeUndefined();
    expect(chooseSource([undefined, manifest], '/repo')).toBe(manifest);
    expect(chooseSource([flag, environment, undefined], '/repo')).toBe(flag);
    const error = (() => {
      try {
        return chooseSource([flag, environment, manifest], '/repo');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ServiceRecordError);
    expect((error as Error).message).toBe(
      "two service records for one run: --service-record names records/a.yaml, the manifest's serviceRecord: (m.yaml:2:16) names records/b.yaml; " +
        'nothing was read or changed. A run reads the service with one record: name the same file in both places, or remove one.',
    );
  });

  it('loads the one source, offline; none is no record', async () => {
    const dir = workspace({ 'records/a.yaml': serviceRecordText(BINDING_RECORD) });
    expect(await loadRunRecord([undefined], dir)).toBeUndefined();
    const loaded = await loadRunRecord([{ file: path.join(dir, 'records/a.yaml'), namedBy: '--service-record' }], dir);
    expect(loaded).toMatchObject({ file: 'records/a.yaml', record: { summaryLists: 'binding' } });
  });
});
