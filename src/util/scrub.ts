/**
 * Replaces every occurrence of each secret in `text` with `marker`, longest secret first, so that
 * a secret containing another is masked whole (`abcdefgh` before `abcd`).
 */
export function scrub(text: string, secrets: Iterable<string>, marker: string): string {
  let out = text;
  const ordered = [...secrets].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  for (const secret of ordered) out = out.split(secret).join(marker);
  return out;
}
