/**
 * `--assign-references`: a providerReference proposal for each live merchant that has none. The
 * proposal is only ever written into the exported file (commented out): paycfg never sets it on the
 * service, because a manifest entry with a reference the live merchant does not carry yet would make
 * `apply` create a second merchant.
 */

const MAX_SLUG_LENGTH = 40;

/** `Café du Nord` → `cafe-du-nord`; empty when nothing usable is left. */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
}

/**
 * One proposal per merchant (by mchId): slug of mchName, then the last 4 characters of the mchId;
 * a clash with a live reference or an earlier proposal takes more of the mchId, then a counter.
 * Merchants are taken in mchId order, so the result does not depend on the order given.
 */
export function proposeReferences(
  merchants: readonly { mchId: string; mchName: string }[],
  liveReferences: Iterable<string>,
): Map<string, string> {
  const taken = new Set<string>(liveReferences);
  const proposals = new Map<string, string>();
  const sorted = [...merchants].sort((a, b) => (a.mchId < b.mchId ? -1 : a.mchId > b.mchId ? 1 : 0));
  for (const { mchId, mchName } of sorted) {
    const slug = slugOf(mchName) || 'merchant';
    const idPart = mchId.toLowerCase().replace(/[^a-z0-9]/g, '') || 'x';
    let proposal: string | undefined;
    for (let length = Math.min(4, idPart.length); proposal === undefined; length = Math.min(length + 2, idPart.length)) {
      const candidate = `${slug}-${idPart.slice(-length)}`;
      if (!taken.has(candidate)) proposal = candidate;
      else if (length === idPart.length) break;
    }
    for (let counter = 2; proposal === undefined; counter++) {
      const candidate = `${slug}-${idPart}-${counter}`;
      if (!taken.has(candidate)) proposal = candidate;
    }
    taken.add(proposal);
    proposals.set(mchId, proposal);
  }
  return proposals;
}
