/**
 * How the simulator words its answers where the API reference leaves the choice open. `real`
 * follows the live service's published captures (legacy /api/v2, same backend): error bodies
 * `{code, msg}` without `data`, MyBatis-Plus pages `{records, total, size, current, pages}` without
 * `hasNext`, merchant ids `M` + creation epoch second with `uuid` equal to the id, and the owner's
 * `messageFormat`/`emailSender` as JSON-encoded strings, and `null` for a record's unset optional
 * fields. `reference` keeps the reference's own
 * wording: `{msg, code, data}` with `data: null` on errors, pages `{total, current, hasNext,
 * records}`, random 12-digit merchant ids with a UUID, plain owner strings, unset fields left out. The records and every
 * rule are the same in both; clients must read both.
 */
export type WireStyle = 'real' | 'reference';

export const WIRE_STYLES: readonly WireStyle[] = ['real', 'reference'];

export const DEFAULT_WIRE_STYLE: WireStyle = 'real';

export function isWireStyle(value: unknown): value is WireStyle {
  return value === 'real' || value === 'reference';
}

/**
 * A record (merchant, profile, EMV config, binding, device) as sent. The views leave an unset
 * optional field `undefined`, which JSON leaves out, as the reference style does; the live
 * service's captures show such a field as `null` (`"mcc": null`), so `real` writes each one as
 * `null`. Only the record's own fields: the values inside them are complete in both styles.
 */
export function wireRecord(view: Record<string, unknown>, style: WireStyle): Record<string, unknown> {
  if (style !== 'real') return view;
  const sent: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(view)) sent[key] = value === undefined ? null : value;
  return sent;
}

/**
 * The HTTP status of an injected fault (`--fault-rate`), whose body is code 10001 `System Error`.
 * The live service answers its errors with HTTP 200 (its captured refusals all do), so `real`
 * answers the fault with 200 and leaves the envelope code alone to say it; `reference` keeps 503,
 * the status the reference's wording implies for a service that cannot answer. A fault of the
 * simulator itself (a bug) is HTTP 500 in both styles.
 */
export function faultStatus(style: WireStyle): number {
  return style === 'real' ? 200 : 503;
}
