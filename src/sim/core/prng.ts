import { randomInt } from 'node:crypto';

/** A small deterministic generator: the same seed gives the same fault pattern and the same ids. */
export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, maxExclusive). */
  nextInt(maxExclusive: number): number;
}

/** sfc32 seeded through splitmix32, so that neighbouring seeds give unrelated streams. */
export function createPrng(seed: number): Prng {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i += 1) next32();
  return {
    next: () => next32() / 0x1_0000_0000,
    nextInt: (maxExclusive) => Math.floor((next32() / 0x1_0000_0000) * maxExclusive),
  };
}

export function randomSeed(): number {
  return randomInt(0, 0x7fff_ffff);
}
