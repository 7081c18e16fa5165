/**
 * deploy/kubernetes/*.yaml checked offline: every document against Kubernetes' own schemas (the
 * OpenAPI of the API server, as kubernetes-models ships it), then what the schemas cannot say:
 * the pods' security settings, the Indexed Job's shard count, where the drift CronJob writes, and
 * the paycfg command lines against paycfg's syntax. No cluster runs them here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CronJob, Job } from 'kubernetes-models/batch/v1';
import { PersistentVolumeClaim, Secret } from 'kubernetes-models/v1';
import type { IContainer, IPodSpec } from 'kubernetes-models/v1';
import { repoRoot, shellInvocations } from '../ci/ci-files.js';
import { expectKnownFleetInvocation } from '../ci/fleet-invocations.js';

const DIR = join(repoRoot, 'deploy/kubernetes');
const files = readdirSync(DIR).filter((name) => name.endsWith('.yaml')).sort();

interface Manifest { file: string; doc: any }
const manifests: Manifest[] = files.flatMap((file) =>
  parseAllDocuments(readFileSync(join(DIR, file), 'utf8')).map((document) => {
    expect(document.errors, file).toEqual([]);
    return { file, doc: document.toJSON() };
  }),
);

const MODELS: Record<string, new (doc: any) => { validate(): void }> = {
  'v1/Secret': Secret,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'batch/v1/Job': Job,
  'batch/v1/CronJob': CronJob,
};

function byKind(kind: string): Manifest[] {
  return manifests.filter((m) => m.doc.kind === kind);
}

/** A Job's or a CronJob's pod, and its name. */
function pods(): { name: string; spec: IPodSpec; jobSpec: any }[] {
  return [
    ...byKind('Job').map((m) => ({ name: m.doc.metadata.name as string, spec: m.doc.spec.template.spec as IPodSpec, jobSpec: m.doc.spec })),
    ...byKind('CronJob').map((m) => ({ name: m.doc.metadata.name as string, spec: m.doc.spec.jobTemplate.spec.template.spec as IPodSpec, jobSpec: m.doc.spec.jobTemplate.spec })),
  ];
}

/** The script a container's `sh -c` runs. */
function scriptOf(container: IContainer): string {
  expect(container.command).toEqual(['/bin/sh', '-c']);
  expect(container.args).toHaveLength(1);
  return container.args![0]!;
}

/** The volume a path is on, and the mount's own settings. */
function volumeAt(spec: IPodSpec, container: IContainer, path: string) {
  const mount = (container.volumeMounts ?? []).filter((m) => path === m.mountPath || path.startsWith(`${m.mountPath}/`)).sort((a, b) => b.mountPath.length - a.mountPath.length)[0];
  expect(mount, `a volume at ${path}`).toBeDefined();
  return { mount: mount!, volume: spec.volumes!.find((v) => v.name === mount!.name)! };
}

describe('deploy/kubernetes, against Kubernetes’ schemas (kubernetes-models)', () => {
  it('holds the Secret example, the Indexed Job, its report Job and the drift CronJob with its volumes', () => {
    expect(files).toEqual(['drift-cronjob.yaml', 'fleet-plan-job.yaml', 'fleet-report-job.yaml', 'secret.example.yaml']);
    expect(manifests.map((m) => `${m.doc.kind}/${m.doc.metadata.name}`).sort()).toEqual([
      'CronJob/paycfg-fleet-drift',
      'Job/paycfg-fleet-plan',
      'Job/paycfg-fleet-report',
      'PersistentVolumeClaim/paycfg-drift-metrics',
      'PersistentVolumeClaim/paycfg-drift-state',
      'PersistentVolumeClaim/paycfg-fleet-results',
      'Secret/paycfg-drift-webhook',
      'Secret/paycfg-tokens',
    ]);
  });

  it.each(manifests.map((m) => [`${m.file}: ${m.doc.kind} ${m.doc.metadata.name}`, m] as const))('%s is valid', (_, { doc }) => {
    const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
    expect(Model, `${doc.apiVersion} ${doc.kind}`).toBeDefined();
    expect(() => new Model!(doc).validate()).not.toThrow();
  });

  it('the schemas refuse what the API server would: a count that is not a number, an unknown completion mode, a user id as text', () => {
    const job = byKind('Job').find((m) => m.doc.metadata.name === 'paycfg-fleet-plan')!.doc;
    const copy = () => structuredClone(job);
    const bad = [copy(), copy(), copy()];
    bad[0].spec.completions = 'four';
    bad[1].spec.completionMode = 'Numbered';
    bad[2].spec.template.spec.containers[0].securityContext.runAsUser = '1000';
    for (const doc of bad) expect(() => new Job(doc).validate()).toThrow();
  });
});

describe('the pods run locked down', () => {
  it.each(pods().map((pod) => [pod.name, pod] as const))('%s: non-root 1000, read-only root, no privilege escalation, no capability, RuntimeDefault seccomp, bounded resources, /tmp an emptyDir', (_, { spec, jobSpec }) => {
    expect(spec.restartPolicy).toBe('Never');
    expect(spec.automountServiceAccountToken).toBe(false);
    expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } });
    expect(jobSpec.ttlSecondsAfterFinished).toBeGreaterThan(0);
    for (const container of spec.containers) {
      expect(container.securityContext).toEqual({
        runAsNonRoot: true,
        runAsUser: 1000,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      });
      for (const kind of ['requests', 'limits'] as const) expect(Object.keys(container.resources?.[kind] ?? {}).sort(), kind).toEqual(['cpu', 'memory']);
      // An image pinned by tag, never latest.
      expect(container.image).toMatch(/:[\w][\w.-]*$/);
      expect(container.image).not.toMatch(/:latest$/);
      expect(volumeAt(spec, container, '/tmp').volume.emptyDir).toBeDefined();
      // Every mount names a volume of the pod, every claim a PersistentVolumeClaim of these files.
      for (const mount of container.volumeMounts ?? []) expect(spec.volumes!.map((v) => v.name)).toContain(mount.name);
    }
    for (const volume of spec.volumes ?? []) {
      if (volume.persistentVolumeClaim) expect(byKind('PersistentVolumeClaim').map((m) => m.doc.metadata.name)).toContain(volume.persistentVolumeClaim.claimName);
    }
  });

  it('tokens: the Secret mounted read-only at /var/run/secrets/paycfg, one file per group, as the fleet template reads them', () => {
    for (const { name, spec } of pods().filter((pod) => pod.name !== 'paycfg-fleet-report')) {
      const container = spec.containers[0]!;
      const { mount, volume } = volumeAt(spec, container, '/var/run/secrets/paycfg/G-00000001');
      expect(mount, name).toMatchObject({ mountPath: '/var/run/secrets/paycfg', readOnly: true });
      expect(volume.secret, name).toMatchObject({ secretName: 'paycfg-tokens', defaultMode: 0o440 });
      // No token in an environment variable or a command line.
      expect(JSON.stringify(container), name).not.toMatch(/TOKEN/);
    }
    // The report reads summaries only: no token reaches it.
    expect(JSON.stringify(pods().find((pod) => pod.name === 'paycfg-fleet-report')!.spec)).not.toContain('paycfg-tokens');
  });

  it('the Secret example holds placeholders only, never a token', () => {
    for (const { doc } of byKind('Secret')) {
      expect(doc.data, doc.metadata.name).toBeUndefined();
      for (const [key, value] of Object.entries(doc.stringData as Record<string, string>)) {
        expect(value, `${doc.metadata.name}: ${key}`).toMatch(/^<[^<>]+>$/);
        expect(value).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
      }
    }
    expect(Object.keys(byKind('Secret').find((m) => m.doc.metadata.name === 'paycfg-tokens')!.doc.stringData)).toEqual(['G-00000001', 'G-00000002']);
  });
});

describe('the Indexed Job: a shard per pod, its index from JOB_COMPLETION_INDEX', () => {
  const job = byKind('Job').find((m) => m.doc.metadata.name === 'paycfg-fleet-plan')!.doc;
  const container = job.spec.template.spec.containers[0] as IContainer;
  const argv = shellInvocations(scriptOf(container));

  it('completions = parallelism = --shards N, Indexed', () => {
    expect(job.spec.completionMode).toBe('Indexed');
    expect(argv).toEqual([['fleet', 'plan', '--shards', '4', '--summary', '/out/plan-shard-$JOB_COMPLETION_INDEX.json', '--no-color']]);
    expect(job.spec.completions).toBe(4);
    expect(job.spec.parallelism).toBe(4);
    // Each shard retried alone.
    expect(job.spec.backoffLimitPerIndex).toBeGreaterThanOrEqual(1);
  });

  it('the summaries go to a volume every shard’s pod shares, which the report Job reads', () => {
    const { volume } = volumeAt(job.spec.template.spec, container, '/out/plan-shard-0.json');
    const claim = byKind('PersistentVolumeClaim').find((m) => m.doc.metadata.name === volume.persistentVolumeClaim?.claimName)!.doc;
    expect(claim.spec.accessModes).toEqual(['ReadWriteMany']);
    const report = byKind('Job').find((m) => m.doc.metadata.name === 'paycfg-fleet-report')!.doc;
    const reportContainer = report.spec.template.spec.containers[0] as IContainer;
    expect(shellInvocations(scriptOf(reportContainer))).toEqual([['fleet', 'report', '/out/plan-shard-*.json', '--markdown', '--summary', '/out/plan-report.json']]);
    expect(volumeAt(report.spec.template.spec, reportContainer, '/out/plan-report.json').volume.persistentVolumeClaim?.claimName).toBe(claim.metadata.name);
  });

  it('the pod’s shell: exit 2 (changes) is the plan’s result, not a failure to retry; the summary named by the index', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-indexed-job-'));
    writeFileSync(join(dir, 'paycfg'), `#!/bin/sh\nprintf '%s\\n' "$@" > "${dir}/args"\nexit "$FAKE_CODE"\n`, { mode: 0o755 });
    const run = (code: number): number => {
      try {
        execFileSync('sh', ['-c', scriptOf(container)], { env: { PATH: `${dir}:${process.env['PATH']}`, FAKE_CODE: String(code), JOB_COMPLETION_INDEX: '3' }, stdio: 'pipe' });
        return 0;
      } catch (error) {
        return (error as { status: number }).status;
      }
    };
    expect(run(2)).toBe(0);
    expect(readFileSync(join(dir, 'args'), 'utf8')).toBe('fleet\nplan\n--shards\n4\n--summary\n/out/plan-shard-3.json\n--no-color\n');
    expect(run(0)).toBe(0);
    expect(run(1)).toBe(1);
    expect(run(130)).toBe(130);
  });

  it('the pod removes its summary of an earlier run first: a pod that dies before writing leaves no stale summary to merge', () => {
    const script = scriptOf(container);
    const removal = script.indexOf('rm -f "/out/plan-shard-$JOB_COMPLETION_INDEX.json"');
    expect(removal).toBeGreaterThanOrEqual(0);
    expect(removal).toBeLessThan(script.indexOf('paycfg fleet plan'));
  });
});

describe('the drift CronJob', () => {
  const cron = byKind('CronJob')[0]!.doc;
  const spec = cron.spec.jobTemplate.spec.template.spec as IPodSpec;
  const container = spec.containers[0]!;
  const argv = shellInvocations(scriptOf(container))[0]!;
  const flag = (name: string): string => argv[argv.indexOf(name) + 1]!;

  it('one run at a time, on a schedule', () => {
    expect(cron.spec.concurrencyPolicy).toBe('Forbid');
    expect(cron.spec.schedule).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
    expect(argv.slice(0, 2)).toEqual(['fleet', 'drift']);
  });

  it('--state on its PersistentVolumeClaim, --metrics on the volume the textfile collector reads, the webhook URL from a Secret, never on the command line', () => {
    const state = volumeAt(spec, container, flag('--state'));
    expect(state.volume.persistentVolumeClaim?.claimName).toBe('paycfg-drift-state');
    const metrics = volumeAt(spec, container, flag('--metrics'));
    expect(metrics.volume.persistentVolumeClaim?.claimName).toBe('paycfg-drift-metrics');
    expect(flag('--metrics')).toMatch(/\.prom$/);
    expect(argv).not.toContain('--webhook');
    expect(container.env).toContainEqual({ name: 'PAYCFG_DRIFT_WEBHOOK_URL', valueFrom: { secretKeyRef: { name: 'paycfg-drift-webhook', key: 'url' } } });
    expect(byKind('Secret').find((m) => m.doc.metadata.name === 'paycfg-drift-webhook')!.doc.stringData).toHaveProperty('url');
  });
});

describe('the paycfg command lines of the manifests', () => {
  it('only use commands and flags paycfg has', async () => {
    for (const { name, spec } of pods()) {
      for (const container of spec.containers) {
        for (const argv of shellInvocations(scriptOf(container))) await expectKnownFleetInvocation(argv, `deploy/kubernetes ${name}`);
      }
    }
  });
});
