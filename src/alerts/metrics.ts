import { KINDS } from '../model/kinds.js';
import type { GroupState } from './state.js';
import type { DriftObservation, DriftSubject } from './types.js';

/**
 * The drift of each group checked, as text both Prometheus parsers read: OpenMetrics 1.0 (HELP and
 * TYPE before each family's samples, a counter's sample suffixed `_total`, `# EOF` last), which
 * the 0.0.4 text parser of node_exporter's textfile collector and of the push gateway also reads
 * (`# EOF` is a comment there; the counter's sample, whose name differs from its TYPE line, comes
 * in untyped, its `_total` name saying what it is). No sample carries a timestamp: the textfile
 * collector refuses a file that has one.
 *
 * Labels: `group`, `name` (the environment or fleet target, when the run had one), `base_url` (the
 * service's origin alone: scheme, host and port; a path, query or user part may hold what is not
 * for a dashboard), and `kind` on the counts. No token, no webhook, no record key: the series stay
 * few (kinds × groups) and hold nothing secret.
 */

/** One group's row: this run's observation, and its state after this run (counters carried from earlier runs). */
export interface MetricsRow {
  readonly observation: DriftObservation;
  readonly state: GroupState;
}

interface Family {
  readonly name: string;
  readonly type: 'gauge' | 'counter';
  readonly help: string;
  readonly samples: readonly string[];
}

export function renderDriftMetrics(rows: readonly MetricsRow[]): string {
  const ordered = [...rows].sort((a, b) => compare(labelsOf(a.observation.subject), labelsOf(b.observation.subject)));
  const records: string[] = [];
  const unmanaged: string[] = [];
  const drifted: string[] = [];
  const success: string[] = [];
  const lastSuccess: string[] = [];
  const errors: string[] = [];
  for (const { observation, state } of ordered) {
    const labels = labelsOf(observation.subject);
    const { drift } = observation;
    if (drift !== undefined) {
      for (const kind of KINDS) {
        records.push(sample('paycfg_drift_records', [...labels, ['kind', kind]], drift.drifted[kind] ?? 0));
        unmanaged.push(sample('paycfg_drift_unmanaged_records', [...labels, ['kind', kind]], drift.unmanaged[kind] ?? 0));
      }
    }
    // A failed check keeps the last verdict the state knows, so that a drift alert does not resolve
    // because one check could not run; with no state, there is no verdict to give.
    if (state.drifted !== undefined) drifted.push(sample('paycfg_drift_drifted', labels, state.drifted ? 1 : 0));
    success.push(sample('paycfg_drift_check_success', labels, drift !== undefined ? 1 : 0));
    if (state.lastSuccessAt !== undefined) lastSuccess.push(sample('paycfg_drift_last_success_timestamp_seconds', labels, Date.parse(state.lastSuccessAt) / 1000));
    errors.push(sample('paycfg_drift_check_errors_total', labels, state.checkErrors));
  }
  const families: Family[] = [
    { name: 'paycfg_drift_records', type: 'gauge', help: 'Records that differ from the manifests (changes apply would make, blocked changes), by kind, at this check.', samples: records },
    { name: 'paycfg_drift_unmanaged_records', type: 'gauge', help: 'Live records the manifests do not manage, by kind, at this check.', samples: unmanaged },
    { name: 'paycfg_drift_drifted', type: 'gauge', help: '1 when the group drifted at its last successful check, 0 when it matched the manifests.', samples: drifted },
    { name: 'paycfg_drift_check_success', type: 'gauge', help: "1 when this run's drift check of the group succeeded, 0 when it failed.", samples: success },
    { name: 'paycfg_drift_last_success_timestamp_seconds', type: 'gauge', help: "When the group's last successful drift check ended, in seconds since the epoch.", samples: lastSuccess },
    { name: 'paycfg_drift_check_errors', type: 'counter', help: 'Failed drift checks of the group, counted across runs in the drift state file.', samples: errors },
  ];
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${family.help}`, `# TYPE ${family.name} ${family.type}`, ...family.samples);
  }
  lines.push('# EOF');
  return `${lines.join('\n')}\n`;
}

type Labels = readonly (readonly [string, string])[];

function labelsOf(subject: DriftSubject): Labels {
  return [['group', subject.group], ...(subject.name !== undefined ? [['name', subject.name] as const] : []), ['base_url', originOf(subject.baseUrl)]];
}

/** The base URL's origin: what tells two services apart, without a path or credentials. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

function sample(name: string, labels: Labels, value: number): string {
  return `${name}{${labels.map(([label, text]) => `${label}="${escapeLabelValue(text)}"`).join(',')}} ${formatValue(value)}`;
}

/** A label value as both formats escape it: backslash, double quote and line feed. */
export function escapeLabelValue(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  return String(value);
}

function compare(a: Labels, b: Labels): number {
  const key = (labels: Labels): string => labels.map(([, value]) => value).join('\u0000');
  const [x, y] = [key(a), key(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}
