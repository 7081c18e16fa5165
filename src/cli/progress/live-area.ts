import wrapAnsi from 'wrap-ansi';
import type { DisplaySink } from '../io.js';

/**
 * The rows at the bottom of a terminal that the display redraws in place: each frame erases the
 * rows the last one took and writes itself, in one write, so that the terminal never shows the
 * area blank between two frames; a frame equal to the last one at the same width is not written
 * at all. The cursor is hidden while the area is drawn and shown again when it is closed. Only the
 * sequences the output filter keeps for the display are written (output-filter DISPLAY_SEQUENCES):
 * erase line, cursor up one row, column 1, hide and show the cursor, colours.
 */

const ERASE_LINE = '\u001b[2K';
const CURSOR_UP = '\u001b[1A';
const COLUMN_ONE = '\u001b[G';
const HIDE_CURSOR = '\u001b[?25l';
const SHOW_CURSOR = '\u001b[?25h';

/** Size of a terminal that does not say (as log-update assumed), or says 0 (a pseudo-terminal never sized). */
const DEFAULT_COLUMNS = 80;
const DEFAULT_ROWS = 24;

const sized = (value: number | undefined, fallback: number): number => (value !== undefined && value > 0 ? value : fallback);

/** Erases `count` rows upwards from the cursor's, and leaves the cursor in column 1 of the top one. */
function eraseRows(count: number): string {
  let erase = '';
  for (let i = 0; i < count; i += 1) erase += ERASE_LINE + (i < count - 1 ? CURSOR_UP : '');
  return count > 0 ? erase + COLUMN_ONE : erase;
}

export class LiveArea {
  readonly #sink: DisplaySink;
  /** Rows the last frame took on the terminal, the one the cursor waits on under it included. */
  #rows = 0;
  #lastFrame: string | undefined;
  #lastWidth = 0;
  #state: 'unopened' | 'open' | 'closed' = 'unopened';

  constructor(sink: DisplaySink) {
    this.#sink = sink;
  }

  /** The terminal's width now: read for every frame, so that a resized window gets frames of its new width. */
  get width(): number {
    return sized(this.#sink.columns, DEFAULT_COLUMNS);
  }

  /**
   * Redraws the area with `rows`, none wider than the terminal. A frame taller than the terminal
   * shows its last rows: rows scrolled out of sight could not be erased by the next frame.
   */
  draw(rows: readonly string[]): void {
    if (this.#state === 'closed') return;
    const height = sized(this.#sink.rows, DEFAULT_ROWS);
    // The frame, then the row under it where the cursor waits.
    const all = [...rows, ''];
    const frame = all.slice(Math.max(0, all.length - height)).join('\n');
    const width = this.width;
    if (frame === this.#lastFrame && width === this.#lastWidth) return;
    this.#lastFrame = frame;
    this.#lastWidth = width;
    // What the terminal will make of it, should a row be wider than it after all: the rows to erase next time.
    const onScreen = wrapAnsi(frame, width, { trim: false, hard: true, wordWrap: false });
    const opening = this.#state === 'unopened' ? HIDE_CURSOR : '';
    this.#state = 'open';
    this.#sink.write(opening + eraseRows(this.#rows) + onScreen);
    this.#rows = onScreen.split('\n').length;
  }

  /**
   * Replaces the area with its last frame, `rows` in full (what scrolls up stays in the
   * terminal's history now), and shows the cursor again. Nothing is drawn after.
   */
  close(rows: readonly string[]): void {
    if (this.#state === 'closed') return;
    const opened = this.#state === 'open';
    this.#state = 'closed';
    // An area never drawn has no cursor to show again, and the run's end needs no frame of its own.
    if (!opened) return;
    this.#sink.write(`${eraseRows(this.#rows)}${rows.join('\n')}\n${SHOW_CURSOR}`);
  }
}
