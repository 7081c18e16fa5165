import type { RefreshLeadFigures } from './refresh-lead.js';
import { formatMb, formatMs, formatRatio, table } from './text-format.js';

/**
 * The lead table: per latency, paycfg's plan without a record and with the binding reading
 * recorded, the bare client's time for the recorded plan's reads, the refresh, and the leads.
 */
export function refreshLeadText(figures: RefreshLeadFigures): string {
  const first = figures.points[0];
  if (first === undefined) return '';
  const runs = first.plan.runs.length;
  const rows = figures.points.flatMap((p) => [
    [`${p.latencyMs} ms`, 'no record', formatMs(p.plan.median.wallMs), String(p.plan.median.requests), formatMs(p.plan.readsMs), '', '', formatMb(p.plan.median.maxRssKb), formatMs(p.refresh.medianWallMs), formatRatio(p.lead)],
    [
      '',
      'binding recorded',
      formatMs(p.recordedPlan.median.wallMs),
      String(p.recordedPlan.median.requests),
      formatMs(p.recordedPlan.readsMs),
      formatMs(p.bareRecordedReads.medianWallMs),
      formatRatio(p.recordedReadsOverBare),
      formatMb(p.recordedPlan.median.maxRssKb),
      '',
      formatRatio(p.recordedLead),
    ],
  ]);
  const out = [
    `paycfg's lead over a per-resource refresh (one GET per resource in state, as a Terraform provider refreshes: ${first.refresh.requests} requests, ` +
      `parallelism ${first.refresh.parallelism}; scripts/bench/refresh.ts) of a seeded ${figures.group.merchants}-merchant group; ` +
      `paycfg plan --parallelism ${first.plan.parallelism}; median of ${runs} run${runs === 1 ? '' : 's'} each, run by turns:`,
    table(['latency', 'paycfg plan', 'wall', 'requests', 'w/o load', 'bare client', 'w/o load / bare', 'peak RSS', 'refresh', 'lead'], rows),
    `lead = refresh wall / plan wall, the plan's manifest load (${formatMs(figures.loadMs)}, paycfg validate) included; "w/o load" takes it off; ` +
      `"bare client": undici alone sending the recorded plan's reads (owner, three lists, one device list per merchant).`,
    `The refresh against its lower bound (owner, then ceil(${first.refresh.requests - 1} / ${first.refresh.parallelism}) rounds): ` +
      figures.points.map((p) => `${formatRatio(p.refresh.ratio)} at ${p.latencyMs} ms`).join(', ') +
      `. "binding recorded": plan --service-record FILE, a record of the simulator's binding reading.`,
  ];
  return `${out.join('\n')}\n`;
}
