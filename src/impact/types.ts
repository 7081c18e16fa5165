/** Payments through a resource over the impact window, from its settlement batches. */
export interface Traffic {
  /** Approved payments (sales and captures). */
  readonly count: number;
  /** Their total per currency, in major units. */
  readonly amounts: Readonly<Record<string, number>>;
  /** The latest activity of a batch with payments (ISO 8601 UTC), null when there is none. */
  readonly last: string | null;
}

/** What one change reaches through the dependency chain (EMV → profiles and bindings → merchants → terminals). */
export interface ChangeImpact {
  readonly merchants: number;
  readonly terminals: number;
  /** Present when the plan read settlement data and the change is to a profile, binding, merchant or terminal. */
  readonly payments?: Traffic;
}
