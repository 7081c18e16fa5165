import type { Prng } from './prng.js';

/**
 * Service-shaped identifiers. Random ids come from a seeded generator (reproducible runs) and are
 * checked against the store, so a restored state file can never produce a duplicate.
 */
export class IdGenerator {
  constructor(private readonly prng: Prng) {}

  digits(count: number): string {
    let text = '';
    for (let i = 0; i < count; i += 1) text += String(this.prng.nextInt(10));
    return text;
  }

  /** A fresh `prefix + digits` value for which `taken` is false. */
  unique(prefix: string, count: number, taken: (candidate: string) => boolean): string {
    for (;;) {
      const candidate = `${prefix}${this.digits(count)}`;
      if (!taken(candidate)) return candidate;
    }
  }

  /** An RFC 4122 version 4 UUID drawn from the seeded generator. */
  uuid(): string {
    const bytes: number[] = [];
    for (let i = 0; i < 16; i += 1) bytes.push(this.prng.nextInt(256));
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
