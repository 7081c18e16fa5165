/**
 * Masking pieces of a token in text that came from elsewhere. A gateway that cuts the token it
 * echoes ("token eyJhbGciOi… expired") or quotes its middle defeats a scrubber that looks for the
 * whole token, and a piece of an opaque token is as secret as the token: with a known prefix, the
 * rest is that much easier to guess. Every run of MIN_FRAGMENT characters or more that is a piece
 * of the token is masked.
 */

export type FragmentMask = (text: string) => string;

/**
 * Shortest piece masked. Shorter runs turn up by chance: a token of base64 characters holds, for
 * almost any word of eight letters, a run a message might also hold.
 */
export const MIN_FRAGMENT = 12;

/**
 * Every MIN_FRAGMENT-character piece of the token is indexed once; a text is then read one window
 * at a time, each a set lookup, so the cost is linear in the text whatever the token's length
 * (about 1,000 windows for a token of 1,000 characters). A run that is a piece of the token is
 * made of such windows, so it is masked whole; two windows from different places of the token
 * that overlap in the text are masked together too, which never shows more.
 */
export function tokenFragmentMask(token: string, marker: string): FragmentMask {
  if (token.length < MIN_FRAGMENT) return (text) => text;
  const windows = new Set<string>();
  for (let i = 0; i + MIN_FRAGMENT <= token.length; i += 1) windows.add(token.slice(i, i + MIN_FRAGMENT));
  return (text) => {
    let out = '';
    let copiedTo = 0;
    // The masked run being extended is [runStart, runEnd); runStart is -1 until a window matches.
    let runStart = -1;
    let runEnd = -1;
    for (let i = 0; i + MIN_FRAGMENT <= text.length; i += 1) {
      if (!windows.has(text.slice(i, i + MIN_FRAGMENT))) continue;
      if (runStart >= 0 && i <= runEnd) {
        runEnd = i + MIN_FRAGMENT;
        continue;
      }
      if (runStart >= 0) {
        out += text.slice(copiedTo, runStart) + marker;
        copiedTo = runEnd;
      }
      runStart = i;
      runEnd = i + MIN_FRAGMENT;
    }
    if (runStart < 0) return text;
    return out + text.slice(copiedTo, runStart) + marker + text.slice(runEnd);
  };
}
