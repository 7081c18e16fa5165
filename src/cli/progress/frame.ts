import wrapAnsi from 'wrap-ansi';
import type { LineState, LineView } from './kind-lines.js';

/**
 * Lays the display's lines out as the rows of one frame, at the terminal's width: each line's
 * icon in its colour, then its text; a line's detail (its failures) under it behind `›`. A text
 * wider than the terminal wraps at a word, its next rows indented, so that no row is wider than
 * the terminal and the frame can be redrawn over itself row for row (cli/progress/live-area).
 * These are the glyphs, colours and layout listr2's default renderer drew them with.
 */

/** The spinner of a line with a change in flight: one glyph per tick. */
export const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'] as const;

const ICON: Record<Exclude<LineState, 'running'>, string> = { done: '✔', failed: '✖', skipped: '↓', waiting: '◼' };
const DETAIL_ICON = '›';

/** SGR open and close of each state's icon. */
const COLOUR: Record<LineState, readonly [string, string]> = {
  running: ['\u001b[33m', '\u001b[39m'],
  done: ['\u001b[32m', '\u001b[39m'],
  failed: ['\u001b[31m', '\u001b[39m'],
  skipped: ['\u001b[33m', '\u001b[39m'],
  waiting: ['\u001b[2m', '\u001b[22m'],
};

/** Columns each level of the layout is indented by; a row's wrapped continuations by as much again. */
const INDENT = 2;

export interface FrameOptions {
  /** The terminal's width in columns. */
  readonly width: number;
  /** The spinner's glyph for this frame. */
  readonly spinner: string;
  readonly colour: boolean;
}

export function layoutFrame(lines: readonly LineView[], options: FrameOptions): string[] {
  const icon = (state: LineState): string => {
    const glyph = state === 'running' ? options.spinner : ICON[state];
    if (!options.colour) return glyph;
    const [open, close] = COLOUR[state];
    return `${open}${glyph}${close}`;
  };
  return lines.flatMap((line) => [
    ...rows(`${icon(line.state)} ${line.text}`, 0, options.width),
    ...(line.detail !== undefined ? rows(`${DETAIL_ICON} ${line.detail}`, 1, options.width) : []),
  ]);
}

/**
 * One text as rows at `level`: wrapped at a word two columns short of the width (the margin
 * listr2 left, which the screens pinned in test/cli keep), continuations indented.
 */
function rows(text: string, level: number, width: number): string[] {
  const columns = Math.max(1, width - level * INDENT - 2);
  return wrapAnsi(text, columns, { hard: true, trim: false })
    .split('\n')
    .map((row, i) => (i > 0 ? indent(row.trimEnd(), INDENT) : row.trimEnd()))
    .filter((row) => row !== '')
    .map((row) => indent(row, level * INDENT));
}

function indent(row: string, columns: number): string {
  return row.trim() === '' ? row : `${' '.repeat(columns)}${row}`;
}
