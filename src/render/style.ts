/** ANSI styling that collapses to plain text when colour is off. */
export interface Style {
  green(s: string): string;
  yellow(s: string): string;
  red(s: string): string;
  magenta(s: string): string;
  bold(s: string): string;
  dim(s: string): string;
}

const sgr = (code: number): string => `\u001b[${code}m`;
const wrap = (open: number, close: number) => (s: string) => `${sgr(open)}${s}${sgr(close)}`;

/** The only escape sequences paycfg writes itself; output filters let these through (cli/output-filter). */
export const STYLE_SEQUENCES: readonly string[] = [1, 2, 22, 31, 32, 33, 35, 39].map(sgr);

export function createStyle(color: boolean): Style {
  if (!color) {
    const id = (s: string): string => s;
    return { green: id, yellow: id, red: id, magenta: id, bold: id, dim: id };
  }
  return { green: wrap(32, 39), yellow: wrap(33, 39), red: wrap(31, 39), magenta: wrap(35, 39), bold: wrap(1, 22), dim: wrap(2, 22) };
}
