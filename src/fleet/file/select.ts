import { UsageError } from '../../errors.js';
import { didYouMean } from '../../manifest/did-you-mean.js';
import { showControls } from '../../util/visible-text.js';
import type { FleetFile, FleetTarget, TargetSelector } from '../types.js';

/** How many names a message lists before it says how many more there are. */
const NAMES_SHOWN = 10;

/**
 * The targets a selector picks, in the fleet's order: those whose name or group matches any of
 * `names` (`*` matching any text), and that carry every label of `labels`. A name or a label that
 * picks no target is refused rather than ignored: a misspelt --target would otherwise leave a
 * group out of the run without a word.
 *
 * @throws UsageError when a name given matches no target (did-you-mean), a label no target carries, or the selection is empty.
 */
export function selectTargets(fleet: FleetFile, selector: TargetSelector): FleetTarget[] {
  const { targets } = fleet;
  const names = selector.names ?? [];
  const labels = Object.entries(selector.labels ?? {});
  const matchers = names.map((pattern) => ({ pattern, matches: matcherOf(pattern) }));
  for (const { pattern, matches } of matchers) {
    if (targets.some((target) => matches(target.name) || matches(target.group))) continue;
    const shown = showControls(pattern);
    throw new UsageError(
      pattern.includes('*')
        ? `no target of ${fleet.name} has a name or group that matches "${shown}"; its targets are ${listed(targets.map((target) => target.name))}`
        : `${fleet.name} has no target named "${shown}", nor one of group "${shown}"${didYouMean(pattern, targets.map((target) => target.name))}; its targets are ${listed(targets.map((target) => target.name))}`,
      { targets: targets.length },
    );
  }
  for (const [key, value] of labels) {
    const carried = [...new Set(targets.flatMap((target) => (target.labels[key] === undefined ? [] : [target.labels[key]])))];
    if (carried.includes(value)) continue;
    const allKeys = new Set(targets.flatMap((target) => Object.keys(target.labels)));
    throw new UsageError(
      carried.length === 0
        ? `no target of ${fleet.name} has the label ${showControls(key)}${didYouMean(key, allKeys)}${allKeys.size > 0 ? `; its labels are ${listed([...allKeys].sort())}` : '; its targets have no labels'}`
        : `no target of ${fleet.name} has the label ${showControls(key)}=${showControls(value)}${didYouMean(value, carried)}; its targets have ${key}=${listed(carried.sort())}`,
      { targets: targets.length },
    );
  }
  const picked = targets.filter(
    (target) =>
      (matchers.length === 0 || matchers.some(({ matches }) => matches(target.name) || matches(target.group))) &&
      labels.every(([key, value]) => target.labels[key] === value),
  );
  if (picked.length === 0) {
    const asked = [...names.map((name) => `--target ${showControls(name)}`), ...labels.map(([key, value]) => `--label ${showControls(key)}=${showControls(value)}`)];
    throw new UsageError(`no target of ${fleet.name} is picked by ${asked.join(' and ')}: each picks some, but none all of them`, { targets: targets.length });
  }
  return picked;
}

/** `acme-*` → a test of a whole name; `*` matches any text, nothing else is special. */
function matcherOf(pattern: string): (text: string) => boolean {
  if (!pattern.includes('*')) return (text) => text === pattern;
  const expression = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's');
  return (text) => expression.test(text);
}

function listed(names: readonly string[]): string {
  return names.length <= NAMES_SHOWN ? names.join(', ') : `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more`;
}
