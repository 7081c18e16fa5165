import type { RefreshLeadFigures } from './refresh-lead.js';
import { formatMb, formatMs, formatRatio, table } from './text-format.js';

/** The lead table: per latency, paycfg's plan and the refresh side by side, and the lead. */
export function refreshLeadText(figures: RefreshLeadFigures): string {
  const first = figures.points[0];
  if (first === undefined) return '';
  const g = figures.group;
  const runs = first.plan.runs.length;
  const out = [
    `paycfg's lead over a per-resource refresh (one GET per resource in state, as a Terraform provider refreshes; ${first.refresh.requests} requests, ` +
      `parallelism ${first.refresh.parallelism}; scripts/bench/refresh.ts), on a seeded ${g.merchants}-merchant group, median of ${runs} run${runs === 1 ? '' : 's'} each, by turns:`,
    table(
      ['latency', 'paycfg plan (par. ' + String(first.plan.parallelism) + ')', 'requests', 'w/o load', 'peak RSS', 'refresh', 'refresh / bound', 'lead'],
      figures.points.map((p) => [
        `${p.latencyMs} ms`,
        formatMs(p.plan.median.wallMs),
        String(p.plan.median.requests),
        formatMs(p.plan.readsMs),
        formatMb(p.plan.median.maxRssKb),
        formatMs(p.refresh.medianWallMs),
        formatRatio(p.refresh.ratio),
        formatRatio(p.lead),
      ]),
    ),
    `lead = refresh wall / plan wall, the plan's manifest load (${formatMs(figures.loadMs)}, paycfg validate) included; "w/o load" takes it off.`,
  ];
  return `${out.join('\n')}\n`;
}
