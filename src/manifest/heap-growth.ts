import { setFlagsFromString } from 'node:v8';

/**
 * Runs `load` with V8's heap allowed to grow to twice what it held after its last full collection,
 * then gives V8 back its own rule (the flag's default, 0, lets V8 choose).
 *
 * V8-specific, kept because the benchmark shows it matters. Parsing a file with the yaml package
 * leaves garbage of about 70 times its text (its syntax tree, then its document), alive long enough
 * to be promoted to the old generation, and on a machine with memory to spare V8 lets that grow to
 * about four times what it keeps before collecting it. Measured in one session at 10,000 merchants
 * (the benchmark's manifest: twenty files of 816 KB), peak RSS of a plan of the unchanged group:
 * 481, 527 and 540 MB without this, 391, 377 and 384 MB with it. It costs little time: `paycfg
 * validate` of 2,000 merchants took 3.85 s without it and 3.91 s with it (fastest of seven runs).
 * V8 reads the flag whenever it sizes the heap, so it can be set around the load alone.
 */
export async function withHeapGrowthCapped<T>(load: () => Promise<T>, percent = 100): Promise<T> {
  // Loads run at once in a fleet, and a fleet run caps the growth for all of it (the outermost
  // cap holds): the last one out gives V8 its rule back.
  if (capped++ === 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
  try {
    return await load();
  } finally {
    if (--capped === 0) setFlagsFromString('--heap-growing-percent=0');
  }
}

/** Runs inside withHeapGrowthCapped now. */
let capped = 0;
