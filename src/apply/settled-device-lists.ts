import type { Device } from '../api/wire-types.js';
import { SETTLE_MS } from './concurrent-create.js';

/** A clock and a one-shot timer; injectable so that unit tests move time themselves. */
export interface SettleTimers {
  now(): number;
  schedule(fn: () => void, ms: number): void;
}

const realTimers: SettleTimers = {
  now: () => performance.now(),
  schedule: (fn, ms) => void setTimeout(fn, ms),
};

/** A read of one merchant's devices, not sent yet. */
interface PendingRead {
  /** The latest settle deadline of the checks that joined it: it is sent no earlier. */
  sendAt: number;
  send(): void;
  readonly devices: Promise<readonly Device[]>;
}

/**
 * The device lists that the twin checks after device creates read (see concurrent-create.ts): each
 * check needs a list of its merchant's devices read at least SETTLE_MS after its create was
 * answered, and a list read later serves it just as well. So the checks of one merchant share one
 * read: a check joins the merchant's read that has not been sent yet and pushes its send time back
 * to its own deadline, or else schedules a new one. An apply from empty, whose device creates of a
 * merchant are answered at about the same time, reads each merchant's devices once instead of once
 * per device; a create answered after its merchant's read went out gets a read of its own.
 */
export class SettledDeviceLists {
  private readonly pending = new Map<string, PendingRead>();

  constructor(
    private readonly list: (mchId: string) => Promise<readonly Device[]>,
    private readonly settleMs: number = SETTLE_MS,
    private readonly timers: SettleTimers = realTimers,
  ) {}

  /** The merchant's devices, as listed no earlier than the settle time from now. */
  read(mchId: string): Promise<readonly Device[]> {
    const sendAt = this.timers.now() + this.settleMs;
    const joined = this.pending.get(mchId);
    if (joined !== undefined) {
      joined.sendAt = Math.max(joined.sendAt, sendAt);
      return joined.devices;
    }
    let send!: () => void;
    const devices = new Promise<readonly Device[]>((resolve, reject) => {
      send = () => {
        this.pending.delete(mchId);
        // Through a promise, so that a list that throws before it answers rejects the checks rather than the timer.
        Promise.resolve(mchId).then(this.list).then(resolve, reject);
      };
    });
    const read: PendingRead = { sendAt, send, devices };
    this.pending.set(mchId, read);
    this.arm(read);
    return devices;
  }

  /** Sends the read at its deadline; a check that joined meanwhile may have moved it, so the timer looks again. */
  private arm(read: PendingRead): void {
    this.timers.schedule(
      () => {
        if (this.timers.now() < read.sendAt) this.arm(read);
        else read.send();
      },
      Math.max(0, read.sendAt - this.timers.now()),
    );
  }
}
