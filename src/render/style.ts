/** ANSI styling that collapses to plain text when colour is off. */
export interface Style {
  green(s: string): string;
  yellow(s: string): string;
  red(s: string): string;
  magenta(s: string): string;
  bold(s: string): string;
  dim(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;

export function createStyle(color: boolean): Style {
  if (!color) {
    const id = (s: string): string => s;
    return { green: id, yellow: id, red: id, magenta: id, bold: id, dim: id };
  }
  return { green: wrap(32, 39), yellow: wrap(33, 39), red: wrap(31, 39), magenta: wrap(35, 39), bold: wrap(1, 22), dim: wrap(2, 22) };
}
