/**
 * What paycfg needs of a settlement batch (document 2, 2.2) to say what money flows through a
 * change: its route (profile, merchant and terminal at the acquirer), its state and its totals.
 * Read once per plan from GET /api/v2/settlement; amounts are in major units.
 */
export interface SettlementBatchFacts {
  readonly batchId: string;
  /** The profile's name when the batch opened. */
  readonly profileName: string;
  /** The binding's `mid` at the acquirer; `""` when the binding has none. */
  readonly acquirerMid: string;
  /** The terminal's `tid` for the profile; `""` when unknown. */
  readonly acquirerTid: string;
  /** The merchant's name when the batch opened. */
  readonly mchName: string;
  readonly currency: string;
  /** 0 open, 1 settled, 2 settlement failed (the simulator's reading, docs/simulator.md). */
  readonly state: number;
  readonly paymentCount: number;
  readonly paymentAmt: number;
  readonly refundCount: number;
  readonly refundAmt: number;
  /** ISO 8601 UTC. */
  readonly createdAt: string;
  /** ISO 8601 UTC: the batch's latest activity. */
  readonly updatedAt: string;
}

/** A batch not yet settled: open, or its settlement failed. Its money has not reached the merchant. */
export function isUnsettled(batch: SettlementBatchFacts): boolean {
  return batch.state !== 1;
}
