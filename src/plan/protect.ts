import { protectMatcher } from '../manifest/protect-pattern.js';
import type { Address } from '../model/kinds.js';
import type { PlanWarning } from './plan.js';

/**
 * The manifest's `protect:` list, as the planner asks it: which pattern, if any, keeps a live record
 * from being deleted or replaced. Patterns come checked by the manifest (manifest/protect-pattern.ts).
 */
export class Protection {
  private readonly matchers: readonly { readonly pattern: string; readonly matches: (address: Address) => boolean }[];

  constructor(patterns: readonly string[]) {
    this.matchers = patterns.map((pattern) => ({ pattern, matches: protectMatcher(pattern) }));
  }

  get isEmpty(): boolean {
    return this.matchers.length === 0;
  }

  /** The first pattern, in the manifest's order, that matches the address. */
  patternFor(address: Address): string | undefined {
    for (const { pattern, matches } of this.matchers) if (matches(address)) return pattern;
    return undefined;
  }

  /**
   * A warning for each pattern that matches no address of the manifest or of the live group: it
   * protects nothing, which is most often a misspelt name that was meant to protect something.
   * `unknowable` says of a pattern that the run did not read all it may match (the bindings or
   * devices of a merchant the manifest does not manage them for): no warning is given for it.
   */
  unmatchedWarnings(known: Iterable<Address>, unknowable: (pattern: string) => boolean = () => false): PlanWarning[] {
    const left = new Set(this.matchers.filter(({ pattern }) => !unknowable(pattern)));
    for (const address of known) {
      for (const matcher of left) if (matcher.matches(address)) left.delete(matcher);
      if (left.size === 0) break;
    }
    return [...left].map(({ pattern }) => ({
      message: `protect: ${JSON.stringify(pattern)} matches no record of the manifest or of the live group, so it protects nothing; check its spelling`,
    }));
  }
}

/**
 * The reason and the way out of a change blocked by protection, in the plan's words. The way out
 * names what it is about: the record itself (`it`), or the record whose replacement a protected
 * record of its own holds back (a profile, for its binding).
 */
export function protectedWording(pattern: string, action: 'delete' | 'replace', what = 'it'): { reason: string; blocker: string } {
  return {
    reason: `protected by ${JSON.stringify(pattern)} in the manifest's protect: list, which refuses to ${action === 'replace' ? 'replace (delete and create again)' : 'delete'} the live record`,
    blocker: `to ${action} ${what}, first remove ${JSON.stringify(pattern)} from protect: (or narrow it) in a reviewed change of its own, then plan again`,
  };
}

/**
 * The merchants a binding or device pattern may reach, as a test of a merchant's key: its key's
 * first part (of `device/coffee-001/till-1`, `coffee-001`); a `**` there may reach any merchant.
 */
export function merchantPartMatcher(pattern: string): (merchant: string) => boolean {
  const key = pattern.slice(pattern.indexOf('/') + 1);
  const first = key.split('/')[0]!;
  const matches = protectMatcher(`merchant/${first}`);
  return (merchant) => matches(`merchant/${merchant}`);
}
