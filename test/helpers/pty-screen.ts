/**
 * A headless xterm that text written for a terminal is fed into: tests read the rendered screen
 * (what a person sees after every redraw and erase), never the raw bytes.
 */
import xterm from '@xterm/headless';

export interface Screen {
  /** Feeds terminal output in; resolves once it is rendered. */
  write(data: string): Promise<void>;
  /** The rendered lines, scrollback included, without trailing spaces, trailing blank lines dropped. */
  lines(): string[];
  /** Whether the terminal shows its cursor now (DECTCEM as the program last set it). */
  cursorVisible(): boolean;
  /** The rendered lines that hold a character drawn in a colour (not the default foreground or background). */
  colouredLines(): string[];
  /**
   * Each rendered line with the style of its first character that is not a space (a display's
   * icon): its foreground as a palette index (0-255), undefined for the default, and whether it is dim.
   */
  leadingStyles(): { text: string; colour: number | undefined; dim: boolean }[];
  /** Resizes the terminal, as a person dragging its window does. */
  resize(cols: number, rows: number): void;
}

export function createScreen(cols = 100, rows = 30): Screen {
  const term = new xterm.Terminal({ cols, rows, scrollback: 5000, allowProposedApi: true });
  let cursorShown = true;
  // DECTCEM (CSI ? 25 h / l): xterm keeps it to itself, so it is watched on the way in.
  const watchCursor =
    (shown: boolean) =>
    (params: (number | number[])[]): boolean => {
      if (params.includes(25)) cursorShown = shown;
      return false;
    };
  term.parser.registerCsiHandler({ prefix: '?', final: 'h' }, watchCursor(true));
  term.parser.registerCsiHandler({ prefix: '?', final: 'l' }, watchCursor(false));
  const lines = (): string[] => {
    const buffer = term.buffer.active;
    const all: string[] = [];
    for (let y = 0; y < buffer.length; y += 1) all.push((buffer.getLine(y)?.translateToString(true) ?? '').trimEnd());
    while (all.length > 0 && all[all.length - 1] === '') all.pop();
    return all;
  };
  return {
    write: (data) => new Promise<void>((resolve) => term.write(data, resolve)),
    lines,
    cursorVisible: () => cursorShown,
    colouredLines() {
      const buffer = term.buffer.active;
      const cell = buffer.getNullCell();
      const coloured: string[] = [];
      for (let y = 0; y < buffer.length; y += 1) {
        const line = buffer.getLine(y);
        if (line === undefined) continue;
        for (let x = 0; x < line.length; x += 1) {
          line.getCell(x, cell);
          if (!cell.isFgDefault() || !cell.isBgDefault()) {
            coloured.push(line.translateToString(true).trimEnd());
            break;
          }
        }
      }
      return coloured;
    },
    leadingStyles() {
      const buffer = term.buffer.active;
      const cell = buffer.getNullCell();
      const styles: { text: string; colour: number | undefined; dim: boolean }[] = [];
      for (let y = 0; y < buffer.length; y += 1) {
        const line = buffer.getLine(y);
        if (line === undefined) continue;
        const text = line.translateToString(true).trimEnd();
        const x = text.length - text.trimStart().length;
        if (text === '' || line.getCell(x, cell) === undefined) {
          styles.push({ text, colour: undefined, dim: false });
          continue;
        }
        styles.push({ text, colour: cell.isFgPalette() ? cell.getFgColor() : undefined, dim: cell.isDim() !== 0 });
      }
      while (styles.length > 0 && styles[styles.length - 1]!.text === '') styles.pop();
      return styles;
    },
    resize: (cols, rows) => term.resize(cols, rows),
  };
}
