/**
 * Every captured block of the repository's pages and the output that should fill it: the pages
 * are README.md and docs/*.md, the captures those of catalogue.ts, run once each against one
 * capture simulator. `npm run docs:captures` writes the result; test/docs/captures.test.ts compares.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { captureBlocks, type CaptureBlock } from './blocks.js';
import { CAPTURES, Scenes } from './catalogue.js';
import { CaptureContext, ROOT } from './context.js';

/** The pages that may hold captures, relative to the repository root. */
export function capturePages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs')).filter((file) => file.endsWith('.md')).sort();
  return ['README.md', ...docs.map((file) => `docs/${file}`)];
}

export interface PageBlocks {
  page: string;
  text: string;
  blocks: CaptureBlock[];
}

export function readPages(): PageBlocks[] {
  return capturePages().map((page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    return { page, text, blocks: captureBlocks(text, page) };
  });
}

/** Runs every capture the pages name (a name the catalogue lacks is an error) and answers each body by name. */
export async function runCaptures(pages: readonly PageBlocks[]): Promise<Map<string, string>> {
  const names = [...new Set(pages.flatMap((page) => page.blocks.map((block) => block.name)))];
  const unknown = pages.flatMap((page) => page.blocks.filter((block) => !(block.name in CAPTURES)).map((block) => `${page.page}:${block.line}: ${block.name}`));
  if (unknown.length > 0) throw new Error(`no such capture in scripts/captures/catalogue.ts: ${unknown.join(', ')}`);
  const ctx = await CaptureContext.start();
  const scenes = new Scenes(ctx);
  const bodies = new Map<string, string>();
  try {
    for (const name of names) bodies.set(name, await CAPTURES[name]!(scenes));
  } finally {
    await ctx.close();
  }
  return bodies;
}
