/** Payments through a resource over the impact window, from its settlement batches. */
export interface Traffic {
  /** Approved payments (sales and captures). */
  readonly count: number;
  /** Their total per currency, in major units. */
  readonly amounts: Readonly<Record<string, number>>;
  /** The latest time a payment is known to have been taken (an open batch's latest activity, a closed batch's opening; ISO 8601 UTC), null when there is none. */
  readonly last: string | null;
  /** The window the traffic is over, as `--impact-window` takes it (`30d`, `12h`): a change's impact says what it counts. */
  readonly window?: string;
}

/** What one change reaches through the dependency chain (EMV → profiles and bindings → merchants → terminals). */
export interface ChangeImpact {
  readonly merchants: number;
  readonly terminals: number;
  /**
   * `false` when some merchant the change reaches had its devices left unread by the plan (their terminals
   * are not in `terminals`); absent when every terminal reached is counted.
   */
  readonly terminalsKnown?: false;
  /** Present when the plan read settlement data and the change is to a profile, binding, merchant or terminal. */
  readonly payments?: Traffic;
}
