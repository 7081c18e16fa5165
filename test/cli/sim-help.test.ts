import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

const ROUTES_DIR = new URL('../../src/sim/http/routes/', import.meta.url);

/** Every route pattern the simulator serves, from every route table module (a new module is seen too). */
async function servedPatterns(): Promise<string[]> {
  const patterns: string[] = [];
  for (const file of (await readdir(ROUTES_DIR)).filter((name) => name.endsWith('-routes.ts'))) {
    const module = (await import(new URL(file, ROUTES_DIR).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!Array.isArray(value)) continue;
      for (const route of value) if (typeof route?.pattern === 'string') patterns.push(route.pattern);
    }
  }
  return patterns;
}

/** How help must name a route: the API's prefix and the resource's first path segment. */
function familyOf(pattern: string): string[] {
  const v1 = /^\/api\/openapi\/v1\/([^/]+)/.exec(pattern);
  if (v1) return ['/api/openapi/v1', v1[1]!];
  const v2 = /^\/api\/v2\/([^/]+)/.exec(pattern);
  if (v2) return [`/api/v2/${v2[1]!}`];
  if (pattern.startsWith('/_sim')) return ['/_sim/'];
  throw new Error(`a route outside /api and /_sim: ${pattern}`);
}

describe('paycfg sim --help', () => {
  it('names every API the simulator serves: configuration, current, transactions, settlements, legacy, admin', async () => {
    const io = captureIo();
    expect(await main(['sim', '--help'], io)).toBe(0);
    const help = io.out();
    const patterns = await servedPatterns();
    // The route tables were found: a glob that matched nothing would pass vacuously.
    expect(patterns).toContain('/api/v2/order');
    const unnamed = [...new Set(patterns.flatMap(familyOf))].filter((name) => !help.includes(name));
    expect(unnamed).toEqual([]);
  });
});
