import { fieldsOfKind } from '../kinds/of-kind.js';
import type { MethodsMap } from '../model/state.js';
import { ServiceRecordContradictedError } from '../service-record/errors.js';
import { READINGS, type RecordedReading } from '../service-record/types.js';
import type { Contradiction } from './summary-reading.js';

/**
 * The refusal of a run whose group reads otherwise than its service record says: the record file,
 * the merchant, the binding and the lists that show it, and what to do. The same evidence is in
 * the details (for --json), the lists as method code → EMV configs (and allows, where the list has
 * them).
 */
export function recordContradicted(recorded: RecordedReading, mchId: string, found: Contradiction): ServiceRecordContradictedError {
  const { item, record, profile } = found;
  const { acquirer, currency, methods = {} } = fieldsOfKind(item, 'binding');
  const merchant = item.merchant ?? '';
  const binding = `its binding to ${acquirer} ${currency}`;
  // Under `profile`, an item may differ from its profile in allows alone: they are part of the evidence.
  const reading = READINGS[recorded.summaryLists];
  const withAllows = !reading.trustsSummary;
  const evidence =
    reading.trustsSummary
      ? `the summary lists ${binding} as ${listed(methods, false)}, but its binding record binds ${listed(record, false)}` +
        (profile === undefined ? '' : ` (profile ${acquirer} holds ${listed(profile, false)})`) +
        `: the summary carries ${READINGS.profile.carries}`
      : `the summary lists ${binding} as ${listed(methods, true)} and its binding record binds the same, but profile ${acquirer} holds ${listed(profile ?? {}, true)}: ` +
        `the summary carries ${READINGS.binding.carries}`;
  return new ServiceRecordContradictedError(
    `${recorded.source} records that a merchant's acquirers[] summary carries ${reading.carries} (summaryLists: ${recorded.summaryLists}), ` +
      `but merchant ${merchant} (mchId ${mchId}) reads otherwise: ${evidence}. Nothing was planned or changed (the run sent reads only). ` +
      'A profile or binding edited while paycfg read looks the same: run again. If it is refused again, the service does not follow the record: ' +
      `establish it again with \`paycfg probe --record ${recorded.source}\` against a group where writes are acceptable.`,
    {
      serviceRecord: recorded.source,
      recorded: recorded.summaryLists,
      shows: reading.other,
      mchId,
      providerReference: merchant,
      profile: acquirer,
      currency,
      summaryLists: detail(methods, withAllows),
      bindingLists: detail(record, false),
      ...(profile === undefined ? {} : { profileLists: detail(profile, withAllows) }),
    },
  );
}

/** "01 [visa-usd], 02 [mc-usd]", methods in code order; with `allows`, each method's allows where it has any. */
function listed(methods: MethodsMap, allows: boolean): string {
  const codes = Object.keys(methods).sort();
  if (codes.length === 0) return 'no method';
  return codes
    .map((code) => {
      const { emvs, allows: allowed } = methods[code]!;
      return `${code} [${emvs.join(', ')}]${allows && allowed.length > 0 ? ` allowing ${allowed.join(', ')}` : ''}`;
    })
    .join(', ');
}

function detail(methods: MethodsMap, allows: boolean): Record<string, { emvs: string[]; allows?: string[] }> {
  return Object.fromEntries(
    Object.keys(methods)
      .sort()
      .map((code) => {
        const { emvs, allows: allowed } = methods[code]!;
        return [code, allows ? { emvs: [...emvs], allows: [...allowed] } : { emvs: [...emvs] }];
      }),
  );
}
