import type { TargetCheck } from './bench-report.js';

/** How the benchmark's text report writes its figures and tables. */

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}

export function formatMb(kib: number): string {
  return Number.isFinite(kib) ? `${(kib / 1024).toFixed(0)} MB` : '-';
}

export function formatRatio(ratio: number): string {
  return Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : '-';
}

/** A plain-text table: the first column left-aligned, the others right-aligned, a rule under the header. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The targets as the report lists them: what, the figure, and met / NOT MET / n/a (measured at another size). */
export function targetTable(targets: readonly TargetCheck[]): string {
  return table(['target', 'measured', ''], targets.map((t) => [t.target, t.measured, t.met === undefined ? 'n/a' : t.met ? 'met' : 'NOT MET']));
}
