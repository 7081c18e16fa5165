/**
 * How help text is laid out at a fixed width. Commands write their descriptions as source text,
 * broken wherever the source line ended; laid out as written, a line a few characters wider than
 * the help was cut again by the wrapper, leaving a word or two alone on a line ("or / by /
 * unsettled"). So a description is read as prose: lines run together into paragraphs, a blank
 * line ends a paragraph, and an indented line (a command to type, a table row) is kept as written,
 * since its layout is its meaning.
 */

/**
 * Words of `text` in lines of at most `width` columns; a word wider than that stands alone on its
 * line. A code span (`paycfg sim token --help`) is one word: a command cut in two cannot be copied.
 */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.match(/(?:`[^`]*`|[^\s`])+`?/g) ?? []) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}

/** A description laid out at `width`: prose re-wrapped, blank lines and indented lines kept. */
export function layOutDescription(text: string, width: number): string {
  const out: string[] = [];
  let prose: string[] = [];
  const flush = (): void => {
    if (prose.length > 0) out.push(...wrapWords(prose.join(' '), width));
    prose = [];
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      flush();
      out.push('');
    } else if (/^\s/.test(line)) {
      flush();
      out.push(line.trimEnd());
    } else prose.push(line.trim());
  }
  flush();
  return out.join('\n');
}

/**
 * Commander's wrapping (flag help, a description already laid out): a line that fits is kept as it
 * is, spaces and all; a longer one is wrapped as prose is.
 */
export function boxWrap(text: string, width: number): string {
  return text
    .split('\n')
    .flatMap((line) => (line.length <= width ? [line] : wrapWords(line, width)))
    .join('\n');
}

/** Rows of a two-column table (`  KEY  text`), the text wrapped at `width` under its own column. */
export function layOutTable(title: string, rows: readonly (readonly [number | string, string])[], width: number): string {
  const keyWidth = Math.max(...rows.map(([key]) => String(key).length));
  const lead = 2 + keyWidth + 2;
  const lines = rows.flatMap(([key, text]) => {
    const [first = '', ...rest] = wrapWords(text, width - lead);
    return [`  ${String(key).padEnd(keyWidth)}  ${first}`, ...rest.map((line) => `${' '.repeat(lead)}${line}`)];
  });
  return [title, ...lines].join('\n');
}
