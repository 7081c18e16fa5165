import { PaycfgError } from '../errors.js';
import type { LiveState } from '../model/state.js';
import { listPlaces, stringsIn, tokenSearch, type TokenSearch } from '../util/token-search.js';
import type { ExportSource } from './read-export.js';

/**
 * The access token must never reach a file paycfg writes. A live record that holds it (a careless
 * service, a proxy that echoes the Authorization header into data) cannot be exported: masking the
 * value would write a manifest that sets the field to the mask, and `paycfg apply` would then
 * overwrite the live value with it. The export is refused instead, naming each record and field,
 * never the value, so that the record can be fixed in the service first.
 */
export class ExportHoldsTokenError extends PaycfgError {
  readonly code = 'EXPORT_HOLDS_TOKEN';
}

/** `record field` for each place of `live` whose text holds a form of the token. */
function placesIn(live: LiveState, { holds, name }: TokenSearch): string[] {
  const places: string[] = [];
  for (const [address, resource] of live.resources) {
    const record = `${name(address)} (id ${name(String(resource.id))})`;
    if (holds(address) || holds(String(resource.id))) places.push(`${record}: its key or id`);
    for (const { path, text } of stringsIn(resource.fields)) if (holds(text)) places.push(`${record} field ${name(path.join('.'))}`);
  }
  return places;
}

/** Throws ExportHoldsTokenError when any value the export would write holds the token in any form. */
export function refuseHeldToken(source: ExportSource, token: string): void {
  const search = tokenSearch(token);
  const { holds, name } = search;
  const places: string[] = [];
  if (holds(source.owner.groupId) || holds(source.owner.groupName ?? '')) places.push('the group (its id or name)');
  places.push(...placesIn(source.live, search));
  for (const m of source.unkeyed.merchants) {
    if (holds(m.mchId) || holds(m.mchName) || holds(m.providerReference ?? '')) places.push(`merchant id ${name(m.mchId)} (without a providerReference)`);
  }
  for (const place of placesIn(source.unkeyed.live, search)) if (!places.includes(place)) places.push(place);
  if (places.length === 0) return;
  throw new ExportHoldsTokenError(
    `the live group holds the access token in ${places.length === 1 ? 'one place' : `${places.length} places`}: ${listPlaces(places)}. ` +
      'An exported manifest never holds the token, and a masked value would be written back as it is, so nothing was exported. ' +
      'Change these values in the service (and consider the token exposed: revoke it), then export again.',
    { places: places.length },
  );
}

/** Belt and braces for text the structural check did not see (comments, headers): refuse rather than write the token. */
export function refuseTokenInText(text: string, where: string, token: string): void {
  const { holds } = tokenSearch(token);
  if (!holds(text)) return;
  const line = text.split('\n').findIndex(holds) + 1;
  throw new ExportHoldsTokenError(
    `the export for ${where} would hold the access token${line > 0 ? ` (line ${line})` : ''}, so nothing was written. ` +
      'A live value holds it: change it in the service (and consider the token exposed), then export again.',
  );
}
