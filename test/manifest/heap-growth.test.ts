/**
 * withHeapGrowthCapped nests: a fleet run caps V8's heap growth for all of it, and the loads that
 * run inside it neither change the cap nor give V8 its own rule back before the run ends.
 */
import { describe, expect, it, vi } from 'vitest';

const flags: string[] = [];
vi.mock('node:v8', () => ({ setFlagsFromString: (flag: string) => void flags.push(flag) }));

const { withHeapGrowthCapped } = await import('../../src/manifest/heap-growth.js');

describe('withHeapGrowthCapped', () => {
  it('caps the growth around one load, then gives V8 its rule back', async () => {
    flags.length = 0;
    expect(await withHeapGrowthCapped(async () => 'loaded')).toBe('loaded');
    expect(flags).toEqual(['--heap-growing-percent=100', '--heap-growing-percent=0']);
  });

  it('keeps the outermost cap while loads run inside it, at once, and restores V8 only when the last ends', async () => {
    flags.length = 0;
    const seen: string[][] = [];
    await withHeapGrowthCapped(async () => {
      await Promise.all([1, 2, 3].map((n) => withHeapGrowthCapped(async () => {
        await new Promise((resolve) => setTimeout(resolve, n));
        seen.push([...flags]);
      })));
    }, 50);
    expect(seen).toEqual([['--heap-growing-percent=50'], ['--heap-growing-percent=50'], ['--heap-growing-percent=50']]);
    expect(flags).toEqual(['--heap-growing-percent=50', '--heap-growing-percent=0']);
  });

  it('gives V8 its rule back when the run fails', async () => {
    flags.length = 0;
    await expect(withHeapGrowthCapped(async () => Promise.reject(new Error('bad file')), 50)).rejects.toThrow('bad file');
    expect(flags).toEqual(['--heap-growing-percent=50', '--heap-growing-percent=0']);
  });
});
