import type { TargetCheck } from './bench-report.js';
import { formatMb, formatMs } from './bench-report.js';
import type { FleetFigures } from './fleet.js';

const ratio = (r: number): string => (Number.isFinite(r) ? `${r.toFixed(2)}x` : '-');

function targetTable(targets: readonly TargetCheck[]): string[] {
  const rows = targets.map((t) => [t.target, t.measured, t.met === undefined ? 'n/a' : t.met ? 'met' : 'NOT MET']);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length), ['target', 'measured', ''][i]!.length));
  const line = (cells: readonly string[]): string => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(['target', 'measured', '']), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

/** The fleet's figures as the benchmark prints them: how each was measured, then the targets. */
export function fleetText(f: FleetFigures): string {
  const g = f.group;
  const o = f.oneMachine;
  const b = o.bound;
  const runs = o.runs.length;
  const out: string[] = [
    `Fleet: paycfg fleet plan of ${f.groups} groups of ${g.merchants} merchants (${g.bindingsPerMerchant} bindings, ${g.devicesPerMerchant} devices each, ` +
      `${g.profiles} profiles, ${g.emvConfigs} EMV configs; 2 updates per group), latency ${f.latencyMs} ms, global bound ${f.maxInFlight} ` +
      `(default), ${f.parallelTargets} targets at once, parallelism ${f.parallelism} per group; medians of ${runs} run${runs === 1 ? '' : 's'}; ` +
      `walls from spawn to exit; groups seeded through the API in ${formatMs(f.seedMs)} (not measured).`,
    `  one machine: ${formatMs(o.medianMs)} (runs ${o.runs.map((r) => formatMs(r.wallMs)).join(', ')}), ${o.requests} requests ` +
      `(${o.requests / f.groups} per group; a single plan's model ${o.modelRequests / f.groups})`,
    `  lower bound ${formatMs(b.boundMs)} = load ${formatMs(f.load.medianMs)} (fleet validate of the ${f.groups} targets, offline, start-up included) ` +
      `+ max(ceil(${o.requests} / ${f.maxInFlight}) x ${f.latencyMs} ms = ${formatMs(b.requestsMs)}, ` +
      `the first target alone ${formatMs(f.alone.longestTargetMs)} = fleet plan --target ${f.alone.target} ${formatMs(f.alone.medianMs)} - start-up) -> ${ratio(o.ratio)}`,
    `  strict bound (the loads overlapped with the requests) ${formatMs(b.strictBoundMs)} = start-up + max(load - start-up, requests, first target alone) -> ${ratio(o.strictRatio)}`,
    `  start-up: ${formatMs(f.startup.medianMs)}, the wall of \`paycfg ${f.startup.command}\` (Node, paycfg's modules, the fleet file, one target's manifests)`,
    `  peak RSS of the fleet plan: ${f.memory.points.map((p) => `${p.groups} groups ${formatMb(p.maxRssKb)}`).join(', ')}; ` +
      `${f.memory.line.kibPerGroup.toFixed(1)} KiB per group (R² ${Number.isFinite(f.memory.line.r2) ? f.memory.line.r2.toFixed(3) : '-'}); ` +
      `the JSON summary ${f.memory.line.summaryKibPerTarget.toFixed(2)} KiB per target; runs at ${f.groups} groups spread ${formatMb(f.memory.line.noiseKib)}`,
    `  ${f.shards.count} shards as ${f.shards.count} processes started together (--shard i/${f.shards.count}): longest ${formatMs(f.shards.medianLongestMs)} ` +
      `(runs: ${f.shards.runs.map((r) => r.shards.map((s) => formatMs(s.wallMs)).join(' / ')).join('; ')}) against ${formatMs(f.shards.boundMs)} = ` +
      `${formatMs(o.medianMs)} / ${f.shards.count} + start-up ${formatMs(f.startup.medianMs)} -> ${ratio(f.shards.ratio)}`,
    '',
    ...targetTable(f.targets),
  ];
  return `${out.join('\n')}\n`;
}
