import { PaycfgError } from '../errors.js';

/**
 * What apply does when another run (a second CI job with the same manifest, or a person) creates
 * the record a change creates, at the same moment. Keys that the service keeps unique (EMV config
 * and profile names, a merchant's providerReference, a binding's profile and currency) make the
 * later create fail: the record is read back and adopted when it is what the plan wanted. Nothing
 * keeps a device alias unique, so both creates succeed: after a device create, apply lists the
 * merchant's devices under the alias and keeps one by the rule of model/twins.ts; a run whose own
 * pending code must go deletes it and adopts the one that stays. A create whose answer is lost
 * reads back as well and adopts what it finds whatever its fields (most likely its own record); a
 * device found so is the one that stays by the same rule, and the run deletes no code, since it
 * cannot tell its own from another run's.
 */

/**
 * How long after its create answer a run waits before it looks for twins. Creation times have
 * one-second resolution, and the rule orders two records of one second by id, so a run must not
 * decide before every record that could share its second is listed: one that does not show up by
 * then was created in a later second, and its own run, which sees this one, gives way. The extra
 * quarter second covers a service that stamps a record a little before it lists it.
 */
export const SETTLE_MS = 1_250;

/** Another run or a person created the record at the same time, with other fields than the plan's. */
export class ConcurrentCreateError extends PaycfgError {
  readonly code = 'CONCURRENT_CREATE';

  constructor(address: string, id: string | number, detail = '') {
    super(
      `${address}: another run or a person created it at the same time (id ${id}), with fields that differ from the manifest${detail}; ` +
        'paycfg did not change it. Run `paycfg plan` to see the difference, then apply again.',
      { address, id },
    );
  }
}
