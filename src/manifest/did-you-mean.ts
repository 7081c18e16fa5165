/**
 * "Did you mean" suggestions for misspelt keys and names.
 */

/** Above this many candidates a suggestion is not worth the edit-distance work (10,000 merchants). */
const MAX_CANDIDATES = 2_000;

/**
 * The candidate closest to `input`: an exact match ignoring case wins, otherwise the smallest
 * edit distance within a third of the input's length (at least 1, at most 3). Undefined when nothing
 * is close enough.
 */
export function closestMatch(input: string, candidates: Iterable<string>): string | undefined {
  const lower = input.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(input.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  let seen = 0;
  for (const candidate of candidates) {
    if (++seen > MAX_CANDIDATES) break;
    if (candidate === input) continue;
    const candidateLower = candidate.toLowerCase();
    if (candidateLower === lower) return candidate;
    if (Math.abs(candidate.length - input.length) >= bestDistance) continue;
    const distance = editDistance(lower, candidateLower, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** ` (did you mean "x"?)` or the empty string. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const match = closestMatch(input, candidates);
  return match === undefined ? '' : ` (did you mean ${JSON.stringify(match)}?)`;
}

/** Levenshtein distance with adjacent transpositions counted as one edit; stops early past `cap`. */
function editDistance(a: string, b: string, cap: number): number {
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (previousPrevious[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin >= cap) return cap;
    previousPrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? cap;
}

/**
 * Up to `count` candidates closest to `input`, closest first (ties in the order given): for lists
 * of suggestions, such as the addresses near a `--target` that matches nothing. Every candidate is
 * looked at (the caller has an error to explain, not a loop to keep fast); a candidate is close
 * within `limit` edits.
 */
export function closestMatches(input: string, candidates: Iterable<string>, count: number, limit: number): string[] {
  const lower = input.toLowerCase();
  const found: { candidate: string; distance: number }[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (candidate === input || seen.has(candidate)) continue;
    seen.add(candidate);
    // Past the `count` best so far, only something closer is worth the distance.
    const cap = found.length < count ? limit + 1 : found[found.length - 1]!.distance;
    if (Math.abs(candidate.length - input.length) >= cap) continue;
    const candidateLower = candidate.toLowerCase();
    const distance = candidateLower === lower ? 0 : editDistance(lower, candidateLower, cap);
    if (distance >= cap) continue;
    const at = found.findIndex((f) => f.distance > distance);
    found.splice(at < 0 ? found.length : at, 0, { candidate, distance });
    if (found.length > count) found.pop();
  }
  return found.map((f) => f.candidate);
}
