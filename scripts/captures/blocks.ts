/**
 * The captured blocks of a Markdown page: a fenced block right after a `<!-- capture: NAME -->`
 * line is the output of the named capture (scripts/captures/catalogue.ts), rewritten by
 * `npm run docs:captures` and checked by test/docs/captures.test.ts. Pure text work: finding the
 * blocks, putting new bodies in, and the one normalisation both sides of a comparison go through.
 */

export const CAPTURE_MARKER = /^\s*<!-- capture: ([a-z0-9-]+) -->\s*$/;
const FENCE_OPEN = /^(\s*)(`{3,}|~{3,})([^`]*)$/;

export interface CaptureBlock {
  name: string;
  /** 1-based line of the marker */
  line: number;
  /** 0-based index of the opening fence line */
  open: number;
  /** 0-based index of the closing fence line */
  close: number;
  /** the fence's indentation, as a list item's block has it */
  indent: string;
  fence: string;
  /** the info string (`console`, `text`) */
  info: string;
  /** the lines between the fences, indentation removed */
  body: string;
}

export class CaptureBlockError extends Error {}

/** Every captured block of a page, in order; a marker not followed by a fenced block is an error. */
export function captureBlocks(markdown: string, file = 'the page'): CaptureBlock[] {
  const lines = markdown.split('\n');
  const blocks: CaptureBlock[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const marker = CAPTURE_MARKER.exec(lines[i]!);
    if (marker === null) continue;
    const opening = FENCE_OPEN.exec(lines[i + 1] ?? '');
    if (opening === null) throw new CaptureBlockError(`${file}:${i + 1}: capture ${marker[1]} is not followed by a fenced block on the next line`);
    const [, indent, fence, info] = opening as unknown as [string, string, string, string];
    let close = i + 2;
    while (close < lines.length && lines[close]!.trimEnd() !== `${indent}${fence}`) close += 1;
    if (close >= lines.length) throw new CaptureBlockError(`${file}:${i + 2}: the block of capture ${marker[1]} is never closed`);
    const body = lines.slice(i + 2, close).map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()));
    blocks.push({ name: marker[1]!, line: i + 1, open: i + 1, close, indent, fence, info: info.trim(), body: body.join('\n') });
    i = close;
  }
  return blocks;
}

/** A fence longer than any run of the same character that starts a line of the body, so no line can close it. */
function fenceFor(fence: string, body: string): string {
  const char = fence[0]!;
  let longest = 0;
  for (const line of body.split('\n')) {
    const run = new RegExp(`^\\s*(\\${char}+)`).exec(line)?.[1]?.length ?? 0;
    longest = Math.max(longest, run);
  }
  return longest >= fence.length ? char.repeat(longest + 1) : fence;
}

/**
 * The page with each captured block's body replaced by `bodyOf(name)`. A page whose every block
 * reads the same once normalised is left as it is, so that regenerating leaves no diff of
 * timestamps and ids alone; otherwise every block of it is rewritten, so that two blocks of one
 * run (a session at the interrupt and at its end) never show two runs' hashes.
 */
export function withCaptures(markdown: string, bodyOf: (name: string) => string | undefined, file?: string, options: { all?: boolean } = {}): string {
  const lines = markdown.split('\n');
  const blocks = captureBlocks(markdown, file);
  const current = options.all !== true && blocks.every((block) => {
    const body = bodyOf(block.name);
    return body === undefined || normalised(body) === normalised(block.body);
  });
  if (current) return markdown;
  for (const block of blocks.reverse()) {
    const body = bodyOf(block.name);
    if (body === undefined) continue;
    const fence = fenceFor(block.fence, body);
    const indented = body.split('\n').map((line) => (line === '' ? '' : `${block.indent}${line}`));
    lines.splice(block.open, block.close - block.open + 1, `${block.indent}${fence}${block.info}`, ...indented, `${block.indent}${fence}`);
  }
  return lines.join('\n');
}

/**
 * What differs from one run to the next, whatever the seed: times, durations, run ids, hashes
 * (a plan's hash covers the base URL, whose port is the free one of the day), the ids the
 * service draws at the moment of the request, and the spinner's frame. Both sides of a comparison
 * go through it.
 */
export function normalised(text: string): string {
  return text
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, '<time>')
    .replace(/\b\d{4}-\d\d-\d\d \d\d:\d\d UTC\b/g, '<time>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, '<uuid>')
    // The length stays: a short hash where a whole one was is a change of output.
    .replace(/\bsha256([: ])([0-9a-f]{12,64})\b/g, (_, separator: string, hex: string) => `sha256${separator}<hash of ${hex.length}>`)
    .replace(/\(\d+(?:\.\d+)? m?s\)/g, '(<duration>)')
    .replace(/"durationMs":\d+/g, '"durationMs":<duration>')
    .replace(/\b\d+(?:\.\d+)? m?s\b/g, '<duration>')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/\bM\d{10}\b/g, 'M<id>')
    .replace(/\bT\d{10}\b/g, 'T<id>')
    .replace(/\bCD-\d{12}\b/g, 'CD-<code>')
    // The progress display's spinner shows whichever frame was drawn last.
    .replace(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/g, '⠋')
    .replace(/[ \t]+$/gm, '');
}

/** The first line where two bodies differ once normalised, 1-based within the block, with both lines. */
export function firstDifference(committed: string, generated: string): { line: number; committed: string; generated: string } | undefined {
  const a = normalised(committed).split('\n');
  const b = normalised(generated).split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) return { line: i + 1, committed: a[i] ?? '(the block ends here)', generated: b[i] ?? '(the block ends here)' };
  }
  return undefined;
}

/**
 * The fenced blocks that show what a program printed but are no capture: a ```text block, or a
 * ```console block holding a line that is not a `$ ` command. A block of commands alone (what to
 * type) is no output, and neither is a synopsis (`$ paycfg plan [--json]`). Returns their 1-based lines.
 */
export function uncapturedOutputBlocks(markdown: string): number[] {
  const lines = markdown.split('\n');
  const found: number[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const opening = FENCE_OPEN.exec(lines[i]!);
    if (opening === null) continue;
    const [, indent, fence, info] = opening as unknown as [string, string, string, string];
    let close = i + 1;
    while (close < lines.length && lines[close]!.trimEnd() !== `${indent}${fence}`) close += 1;
    const body = lines.slice(i + 1, close);
    const captured = CAPTURE_MARKER.test(lines[i - 1] ?? '');
    const kind = info.trim();
    const output = kind === 'text' || (kind === 'console' && body.some((line) => line.trim() !== '' && !line.trimStart().startsWith('$ ')) && body.some((line) => line.trimStart().startsWith('$ ')));
    if (output && !captured) found.push(i + 1);
    i = close;
  }
  return found;
}
